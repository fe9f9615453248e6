import { z } from 'zod';
import { INVALID_CAMPAIGN_ID_MESSAGE } from './campaign-id';
import { domainMetricNames } from '../seo-exports/formats';
import { opportunityTypes } from './discovery';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { clientFilterField } from './clients';
import { siteDomain } from '../url-normalize';
import { emailCheckSchema } from './mail-health';
import { emailVerificationSchema } from './email-verification';
import { fieldMessages as f } from './field-messages';
import { customFilterQueryFields, customValuesSchema } from './custom-fields';

/** Prospect and contacts messages (docs/product.md#errors). */
export const contactMessages = {
  loadFailed: 'Failed to load contacts',
  deleteFailed: 'Failed to delete contact',
  exportFailed: 'Failed to export contacts',
  loadCampaignsFailed: 'Failed to load campaigns',
  deleted: 'Contact deleted',
} as const;

export const prospectStatuses = ['pending', 'sent', 'responded', 'success', 'failed'] as const;
export const prospectStatusSchema = z.enum(prospectStatuses);
export type ProspectStatus = z.infer<typeof prospectStatusSchema>;

/** A prospect as the API presents it (docs/product.md#entities). */
export const prospectSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  website: z.string(),
  contactEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  notes: z.string().nullable(),
  status: prospectStatusSchema,
  /** 0–100. */
  daScore: z.number().nullable(),
  /** 0–100 (%). */
  relevanceScore: z.number().nullable(),
  /** Why discovery proposed it (opportunityLabels names it); null for uploaded prospects. */
  opportunityType: z.enum(opportunityTypes).nullable(),
  /** The page where discovery found it (e.g. the page linking to a competitor). */
  sourcePageUrl: z.string().nullable(),
  /** The link on that page: its anchor, rel (`nofollow ugc sponsored`, '' followed) and first-seen day (imports). */
  sourceAnchorText: z.string().nullable(),
  sourceRel: z.string().nullable(),
  sourceFirstSeen: z.string().nullable(),
  /**
   * Third-party metrics of its domain (docs/decisions/033): DR, UR, DA, PA, Spam Score, Authority Score,
   * TF, CF, organic traffic, each the workspace's latest value; lists carry them, single reads may not.
   */
  metrics: z.partialRecord(z.enum(domainMetricNames), z.number()).optional(),
  /** The contact address's check before enrollment; null until it was checked. */
  emailCheck: emailCheckSchema.nullable(),
  /** The contact address's latest verification (decision 047); null until verified. */
  emailVerification: emailVerificationSchema.nullable().default(null),
  /** The workspace's custom field values by key (docs/decisions/044-custom-fields.md). */
  customFields: customValuesSchema,
  /** The last time we wrote to them; an outcome (success, failed) keeps it. */
  lastContacted: z.string().nullable(),
  /** When the status became success or failed; null in any other status. */
  outcomeAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Prospect = z.infer<typeof prospectSchema>;

/** Domain memory messages (docs/decisions/011-replies-history-and-domain-memory.md). */
export const domainMemoryMessages = {
  invalidDomain: 'Enter a domain such as example.com',
  updateFailed: 'Failed to update do-not-contact',
  doNotContactOn: 'Marked do-not-contact',
  doNotContactOff: 'Do-not-contact removed',
} as const;

/**
 * What the user's campaigns remember about one prospect domain (docs/decisions/011-replies-history-and-domain-memory.md): when it was last
 * contacted and by which campaign (null once deleted), the latest outcome (a prospect status:
 * sent = no answer yet) and whether the user marked it do-not-contact.
 */
export const domainMemorySchema = z.object({
  domain: z.string(),
  lastContactedAt: z.string().nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  outcome: prospectStatusSchema.nullable(),
  doNotContact: z.boolean(),
});
export type DomainMemory = z.infer<typeof domainMemorySchema>;

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** `PUT /api/domain-memory` body: set or clear a domain's do-not-contact flag (a host or a site address). */
export const setDoNotContactSchema = z.strictObject({
  domain: z
    .string()
    .trim()
    .max(2000, domainMemoryMessages.invalidDomain)
    .transform((value) => siteDomain(value.toLowerCase()))
    .refine((domain) => HOST.test(domain), domainMemoryMessages.invalidDomain),
  doNotContact: z.boolean(),
});
export type SetDoNotContactInput = z.input<typeof setDoNotContactSchema>;

/**
 * A contact: a prospect with its campaign's name (docs/product.md#entities), its
 * domain and what the domain memory knows about it (null: never contacted nor marked).
 */
export const contactSchema = prospectSchema.extend({
  campaignName: z.string(),
  domain: z.string(),
  domainMemory: domainMemorySchema.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** `PATCH /api/prospects/:id` body: the detail page's Send / Success / Failed (docs/product.md#states). */
export const updateProspectStatusSchema = z.strictObject({ status: z.enum(['sent', 'success', 'failed']) });
export type UpdateProspectStatusInput = z.infer<typeof updateProspectStatusSchema>;

export const prospectSortFields = ['createdAt', 'lastContacted'] as const;
export type ProspectSortField = (typeof prospectSortFields)[number];

/**
 * What a campaign's prospects sort by: the dates, or DA score (best first, the table's default;
 * unscored last, newest first among equals, so a CSV without scores keeps the file's order).
 */
export const campaignProspectSortFields = ['daScore', ...prospectSortFields, ...domainMetricNames] as const;
export type CampaignProspectSortField = (typeof campaignProspectSortFields)[number];

/**
 * A third-party metric filter of a prospect list (docs/decisions/033): only prospects whose domain's
 * `metric` is at least `min` (e.g. DR ≥ 30); prospects without that metric are left out.
 */
export const metricFilterFields = {
  metric: z
    .enum(
      domainMetricNames,
      'Choose a metric: DR, UR, DA, PA, Spam Score, Authority Score, TF, CF or traffic.',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  min: z.coerce
    .number('The minimum must be a number.')
    .min(0, 'The minimum cannot be negative.')
    .max(1e12, 'The minimum is too large.')
    .optional(),
};

/** `GET /api/campaigns/:id/prospects` query: newest first by default (docs/product.md#api), sortable by date or DA score. */
export const prospectListQuerySchema = withPageCursor(
  z.object({
    sort: z.enum(campaignProspectSortFields).default('createdAt'),
    ...metricFilterFields,
    /** Only prospects whose custom field `field` equals, contains `value`, is empty or not (docs/decisions/044-custom-fields.md). */
    ...customFilterQueryFields,
    ...pageQueryFields,
  }),
);
export type ProspectListQuery = Partial<z.output<typeof prospectListQuerySchema>>;

/**
 * Contacts filters (docs/product.md#validation): case-insensitive substring search on website, contact email or contact
 * name, a campaign, a status, a client and a third-party metric's minimum; shared by the list and
 * the CSV export. Sorted like a campaign's prospects: by date, LinkPilot Score or a metric.
 */
export const contactFiltersSchema = z.object({
  search: z.string().trim().max(200, f.tooLong('Search', 200)).default(''),
  campaignId: z
    .uuid(INVALID_CAMPAIGN_ID_MESSAGE)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: prospectStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  /** The contacts of a client's campaigns, or `none` for campaigns of no client (docs/decisions/040-client-role.md). */
  clientId: clientFilterField.or(z.literal('').transform(() => undefined)),
  ...metricFilterFields,
  /** A custom field filter: `field` (a key), `op`, `value` (docs/decisions/044-custom-fields.md). */
  ...customFilterQueryFields,
  sort: z.enum(campaignProspectSortFields).default('createdAt'),
  order: pageQueryFields.order,
});
export type ContactFilters = z.output<typeof contactFiltersSchema>;

/** `GET /api/contacts` query: the filters plus paging. */
export const contactListQuerySchema = withPageCursor(contactFiltersSchema.extend(pageQueryFields));
export type ContactListQuery = Partial<z.output<typeof contactListQuerySchema>>;

export const prospectPageSchema = pageSchema(prospectSchema);
export type ProspectPage = z.infer<typeof prospectPageSchema>;
/** Contacts are counted up to this many; beyond it the page says "1,000+" instead of an exact total. */
export const CONTACTS_COUNT_CAP = 1000;

/** A page of contacts; `totalIsCapped` says `total` is CONTACTS_COUNT_CAP and more rows match. */
export const contactPageSchema = pageSchema(contactSchema).extend({ totalIsCapped: z.boolean() });
export type ContactPage = z.infer<typeof contactPageSchema>;
