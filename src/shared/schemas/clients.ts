import { z } from 'zod';
import { normalizeWebsiteUrl, websiteHost } from '../urls';
import { emailFormat } from './email-address';
import { fieldMessages as f } from './field-messages';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';

/** Client messages (docs/product.md#clients), shown by the forms and sent by the server. */
export const clientMessages = {
  nameRequired: 'Client name is required',
  invalidDomain: 'Please enter a valid domain, such as example.com',
  invalidEmail: 'Please enter a valid email address',
  notFound: 'Client not found',
  invalidClientId: 'Client id must be a valid id',
  loadFailed: 'Failed to load clients',
  saveFailed: 'Failed to save the client',
  deleteFailed: 'Failed to delete the client',
  logoFailed: 'Failed to upload the logo',
  saved: 'Client saved',
  deleted: 'Client deleted',
} as const;

const m = clientMessages;

/** Most domains and report addresses one client keeps. */
export const clientLimits = { domains: 50, reportEmails: 20 } as const;

/** A client's own sites: each read as a web address and kept as its host name (www. dropped), no twice. */
const domainsField = z
  .array(z.string().max(253, m.invalidDomain))
  .max(clientLimits.domains, f.tooMany('domains', clientLimits.domains))
  .transform((values, ctx) => {
    const hosts: string[] = [];
    values.forEach((raw, index) => {
      if (!raw.trim()) return;
      const url = normalizeWebsiteUrl(raw);
      if (!url) {
        ctx.issues.push({ code: 'custom', message: m.invalidDomain, input: raw, path: [index] });
        return;
      }
      const host = websiteHost(url);
      if (!hosts.includes(host)) hosts.push(host);
    });
    return hosts;
  });

const reportEmailsField = z
  .array(z.string().trim().max(254, m.invalidEmail).pipe(emailFormat(m.invalidEmail)))
  .max(clientLimits.reportEmails, f.tooMany('report addresses', clientLimits.reportEmails))
  .transform((emails) => [...new Set(emails.map((e) => e.toLowerCase()))]);

/** The client form and `POST /api/clients` body. */
export const clientFormSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(200, f.tooLong('Client name', 200)),
  domains: domainsField.default([]),
  reportEmails: reportEmailsField.default([]),
});
export type ClientFormInput = z.input<typeof clientFormSchema>;

/** `PATCH /api/clients/:id` body: any of the form's fields, and `logoUrl: null` to drop the logo. */
export const updateClientSchema = clientFormSchema
  .partial()
  .extend({ logoUrl: z.null().optional() })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdateClientInput = z.input<typeof updateClientSchema>;

/** A client as the API presents it. */
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The logo's public URL path (/uploads/…webp); null without one. */
  logoUrl: z.string().nullable(),
  domains: z.array(z.string()),
  reportEmails: z.array(z.string()),
  /** How many of the workspace's campaigns work for the client. */
  campaignCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** `GET /api/clients` query: name search, paging (ordered by name). */
export const clientListQuerySchema = withPageCursor(
  z.object({
    search: z.string().trim().max(200, f.tooLong('Search', 200)).default(''),
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
    cursor: pageQueryFields.cursor,
  }),
);
export type ClientListQuery = Partial<z.output<typeof clientListQuerySchema>>;

export const clientPageSchema = pageSchema(clientSchema);
export type ClientPage = z.infer<typeof clientPageSchema>;

/**
 * A list's client filter (campaigns, contacts, live links, placements): a client's id, or `none` for
 * the rows of no client; absent for every row.
 */
export const clientFilterField = z.union([z.literal('none'), z.uuid(m.invalidClientId)]).optional();

/** A client's choice in a form: its id, or null for none (empty text from a select counts as none). */
export const clientIdField = z
  .string()
  .nullish()
  .transform((v) => v || null)
  .pipe(z.uuid(m.invalidClientId).nullable());
