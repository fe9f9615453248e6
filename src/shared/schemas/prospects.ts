import { z } from 'zod';
import { opportunityTypes } from './discovery';
import { pageQueryFields, pageSchema } from './pagination';

/** Prospect and contacts messages of spec §8. */
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

/** A prospect as the API presents it (spec §3 prospects). */
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
  lastContacted: z.string().nullable(),
  createdAt: z.string(),
});
export type Prospect = z.infer<typeof prospectSchema>;

/** A contact: a prospect with its campaign's name (spec §3 'Lists join the campaign name'). */
export const contactSchema = prospectSchema.extend({ campaignName: z.string() });
export type Contact = z.infer<typeof contactSchema>;

/** `PATCH /api/prospects/:id` body: the detail page's Send / Success / Failed (spec §4). */
export const updateProspectStatusSchema = z.strictObject({ status: z.enum(['sent', 'success', 'failed']) });
export type UpdateProspectStatusInput = z.infer<typeof updateProspectStatusSchema>;

export const prospectSortFields = ['createdAt', 'lastContacted'] as const;

/** `GET /api/campaigns/:id/prospects` query: newest first by default (spec §7), sortable by date. */
export const prospectListQuerySchema = z.object({
  sort: z.enum(prospectSortFields).default('createdAt'),
  ...pageQueryFields,
});
export type ProspectListQuery = Partial<z.output<typeof prospectListQuerySchema>>;

/**
 * Contacts filters (spec §5): case-insensitive substring search on website, contact email or contact
 * name, a campaign and a status; shared by the list and the CSV export.
 */
export const contactFiltersSchema = z.object({
  search: z.string().trim().max(200).default(''),
  campaignId: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: prospectStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  sort: z.enum(prospectSortFields).default('createdAt'),
  order: pageQueryFields.order,
});
export type ContactFilters = z.output<typeof contactFiltersSchema>;

/** `GET /api/contacts` query: the filters plus paging. */
export const contactListQuerySchema = contactFiltersSchema.extend(pageQueryFields);
export type ContactListQuery = Partial<z.output<typeof contactListQuerySchema>>;

export const prospectPageSchema = pageSchema(prospectSchema);
export type ProspectPage = z.infer<typeof prospectPageSchema>;
/** Contacts are counted up to this many; beyond it the page says "1,000+" instead of an exact total. */
export const CONTACTS_COUNT_CAP = 1000;

/** A page of contacts; `totalIsCapped` says `total` is CONTACTS_COUNT_CAP and more rows match. */
export const contactPageSchema = pageSchema(contactSchema).extend({ totalIsCapped: z.boolean() });
export type ContactPage = z.infer<typeof contactPageSchema>;
