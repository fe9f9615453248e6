import { z } from 'zod';
import { customValuesInputSchema } from './custom-fields';
import { limits } from '../limits';
import { namesNonPublicHost, PUBLIC_WEBSITE_MESSAGE } from '../public-host';
import { normalizeWebsiteUrl, websiteHost } from '../urls';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';
import { prospectStatusSchema } from './prospects';
import { clientFilterField, clientIdField } from './clients';
import { emailFormat } from './email-address';
import { fieldMessages as f } from './field-messages';

/** Campaign messages (docs/product.md#validation, docs/product.md#errors), shown by the forms and sent by the server. */
export const campaignMessages = {
  nameRequired: 'Campaign name is required',
  websiteRequired: 'Website URL is required',
  invalidUrl: 'Please enter a valid URL',
  prospectsRequired: 'Number of prospects is required',
  prospectsMin: 'Minimum 5 prospects required',
  prospectsMax: 'Maximum 1000 prospects allowed',
  prospectsWhole: 'Number of prospects must be a whole number',
  nameTooLong: 'Campaign name must be at most 200 characters',
  tooManyCompetitors: 'Maximum of 5 competitors allowed',
  invalidCompetitor: 'Please enter a valid website URL',
  duplicateCompetitor: 'This competitor website is already added',
  noProspects: 'Please upload a CSV file with at least one prospect',
  tooManyRows: `A CSV file can hold at most 10,000 prospects`,
  createFailed: 'Failed to create campaign. Please try again.',
  fetchEmailAccountsFailed: 'Failed to fetch email accounts',
  loadFailed: 'Failed to load campaign details',
  loadListFailed: 'Failed to load campaigns',
  notFound: 'Campaign not found',
  deleteFailed: 'Failed to delete campaign. Please try again.',
  addCompetitorFailed: 'Failed to add competitor',
  saveCompetitorsFailed: 'Failed to save competitors',
  updateProspectFailed: 'Failed to update prospect',
  statusChangeFailed: 'Failed to change the campaign status',
  collaboratorsNotMembers: 'Collaborators must be members of this workspace.',
  tooManyCollaborators: 'A campaign can have at most 20 collaborators.',
  saveCollaboratorsFailed: 'Failed to save collaborators',
  saveCompetitorsConfirm:
    'Changing competitor websites may affect the prospects found for this campaign. Are you sure you want to save these changes?',
  noCompetitors:
    'No competitor websites added yet. Add up to 5 competitors to analyze their backlink strategies.',
} as const;

/** Most prospects one manual CSV upload may carry (our limit). */
export const MAX_MANUAL_PROSPECTS = 10_000;

const m = campaignMessages;

/**
 * A required website URL, normalised ('Website URL is required', 'Please enter a valid URL').
 * With `publicOnly`, a host on this machine or a private network is refused (src/shared/public-host.ts).
 */
export function websiteUrlField(required: string, invalid: string, options: { publicOnly?: boolean } = {}) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(2048, invalid)
    .transform((value, ctx) => {
      if (options.publicOnly && namesNonPublicHost(value)) {
        ctx.issues.push({ code: 'custom', message: PUBLIC_WEBSITE_MESSAGE, input: value });
        return z.NEVER;
      }
      const url = normalizeWebsiteUrl(value);
      if (!url) {
        ctx.issues.push({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      return url;
    });
}

/**
 * Competitor URLs: empty entries dropped, each a valid public website, no host twice, at most 5.
 */
export function competitorsField(invalid: string) {
  return z
    .array(z.string().max(2048, invalid))
    .max(20, m.tooManyCompetitors)
    .transform((values, ctx) => {
      const urls: string[] = [];
      const hosts = new Set<string>();
      values.forEach((raw, index) => {
        if (!raw.trim()) return;
        if (namesNonPublicHost(raw)) {
          ctx.issues.push({ code: 'custom', message: PUBLIC_WEBSITE_MESSAGE, input: raw, path: [index] });
          return;
        }
        const url = normalizeWebsiteUrl(raw);
        if (!url) {
          ctx.issues.push({ code: 'custom', message: invalid, input: raw, path: [index] });
          return;
        }
        const host = websiteHost(url);
        if (hosts.has(host)) {
          ctx.issues.push({ code: 'custom', message: m.duplicateCompetitor, input: raw, path: [index] });
          return;
        }
        hosts.add(host);
        urls.push(url);
      });
      if (urls.length > limits.maxCompetitors) {
        ctx.issues.push({ code: 'custom', message: m.tooManyCompetitors, input: values });
      }
      return urls;
    });
}

const name = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong);
const websiteUrl = websiteUrlField(m.websiteRequired, m.invalidUrl, { publicOnly: true });

/** Why one CSV row of prospects is refused; the import preview and the server show the same words. */
export const prospectRowMessages = {
  websiteRequired: 'Website is required',
  invalidWebsite: 'Invalid website URL',
  invalidEmail: 'Invalid email address',
  nameTooLong: 'Name is longer than 200 characters',
  notesTooLong: 'Notes are longer than 5,000 characters',
} as const;

/**
 * One prospect of a manual campaign, as read from a CSV row. The website is
 * kept as written but must read as a web address (see normalizeWebsiteUrl).
 */
export const prospectInputSchema = z.strictObject({
  website: z
    .string()
    .trim()
    .min(1, { error: prospectRowMessages.websiteRequired, abort: true })
    .max(2048, { error: prospectRowMessages.invalidWebsite, abort: true })
    .refine((v) => normalizeWebsiteUrl(v) !== null, prospectRowMessages.invalidWebsite),
  contactEmail: z
    .string()
    .trim()
    .max(254, prospectRowMessages.invalidEmail)
    .nullish()
    .transform((v) => v || null)
    .pipe(emailFormat(prospectRowMessages.invalidEmail).nullable()),
  contactName: z
    .string()
    .trim()
    .max(200, prospectRowMessages.nameTooLong)
    .nullish()
    .transform((v) => v || null),
  notes: z
    .string()
    .trim()
    .max(5000, prospectRowMessages.notesTooLong)
    .nullish()
    .transform((v) => v || null),
  /**
   * Custom field values by key (docs/decisions/044-custom-fields.md); each is checked against the
   * workspace's field where the fields are known (the server's insert, the import's preview).
   */
  customFields: customValuesInputSchema.optional(),
});
export type ProspectInput = z.input<typeof prospectInputSchema>;

/** The AI campaign form (docs/product.md#validation): name, website, 5–1000 prospects, ≤5 competitors, optional mailbox. */
export const aiCampaignFormSchema = z.strictObject({
  name,
  websiteUrl,
  /** The client the campaign works for (docs/decisions/034-clients-and-placements.md); none when absent. */
  clientId: clientIdField,
  competitors: competitorsField(m.invalidUrl),
  prospects: z
    .number({ error: m.prospectsRequired })
    .int(m.prospectsWhole)
    .min(limits.minAiProspects, m.prospectsMin)
    .max(limits.maxAiProspects, m.prospectsMax),
  emailAccountId: z
    .string()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.uuid().nullable()),
});
export type AiCampaignFormInput = z.input<typeof aiCampaignFormSchema>;

/** The manual campaign form (docs/product.md#validation): name, website, competitors and the CSV's prospects (≥1). */
export const manualCampaignFormSchema = z.strictObject({
  name,
  websiteUrl,
  clientId: clientIdField,
  competitors: competitorsField(m.invalidUrl),
  prospects: z.array(prospectInputSchema).min(1, m.noProspects).max(MAX_MANUAL_PROSPECTS, m.tooManyRows),
});
export type ManualCampaignFormInput = z.input<typeof manualCampaignFormSchema>;

/** `POST /api/campaigns` body (docs/product.md#entities), ai or manual. */
export const createCampaignSchema = z.discriminatedUnion('type', [
  aiCampaignFormSchema.extend({ type: z.literal('ai') }),
  manualCampaignFormSchema.extend({ type: z.literal('manual') }),
]);
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;
export type CreateCampaign = z.output<typeof createCampaignSchema>;

export const campaignStatusSchema = z.enum(['draft', 'active', 'paused', 'completed']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Status moves a campaign may make (docs/product.md#states; the moves after draft are this project's choice). */
export const campaignStatusTransitions: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['active'],
  active: ['paused', 'completed'],
  paused: ['active', 'completed'],
  completed: [],
};

/** True when a campaign in `from` may move to `to`. */
export function canChangeStatus(from: CampaignStatus, to: CampaignStatus): boolean {
  return campaignStatusTransitions[from].includes(to);
}

/** Refusal text for a status move the rules do not allow. */
export function statusChangeRefusal(from: CampaignStatus, to: CampaignStatus): string {
  return `A ${from} campaign cannot be set to ${to}.`;
}

/** `PATCH /api/campaigns/:id` body: new competitor list, new status and/or its client (null: none). */
export const updateCampaignSchema = z
  .strictObject({
    competitors: competitorsField(m.invalidCompetitor).optional(),
    status: campaignStatusSchema.optional(),
    clientId: clientIdField.optional(),
  })
  .refine((v) => v.competitors !== undefined || v.status !== undefined || v.clientId !== undefined, {
    message: 'Nothing to update',
  });
export type UpdateCampaignInput = z.input<typeof updateCampaignSchema>;

/** Most collaborators one campaign may have. */
export const MAX_CAMPAIGN_COLLABORATORS = 20;

/**
 * `PUT /api/campaigns/:id/collaborators` body: the campaign's whole collaborator list (members of its
 * workspace; the owner is dropped, duplicates collapse).
 */
export const campaignCollaboratorsSchema = z.strictObject({
  userIds: z
    .array(z.uuid(m.collaboratorsNotMembers))
    .max(MAX_CAMPAIGN_COLLABORATORS, m.tooManyCollaborators)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type CampaignCollaboratorsInput = z.input<typeof campaignCollaboratorsSchema>;

/**
 * Checks one competitor the detail page is about to add to its unsaved list (docs/product.md#validation).
 * @returns the normalised URL, or the user-facing message for why it cannot be added.
 */
export function checkCompetitorAdd(
  existing: readonly string[],
  input: string,
): { ok: true; url: string } | { ok: false; message: string } {
  if (existing.length >= limits.maxCompetitors) return { ok: false, message: m.tooManyCompetitors };
  if (namesNonPublicHost(input)) return { ok: false, message: PUBLIC_WEBSITE_MESSAGE };
  const url = normalizeWebsiteUrl(input);
  if (!url) return { ok: false, message: m.invalidCompetitor };
  const host = websiteHost(url);
  if (existing.some((c) => websiteHost(c) === host)) return { ok: false, message: m.duplicateCompetitor };
  return { ok: true, url };
}

/** A campaign as the API presents it (docs/product.md#entities). Timestamps are ISO strings. */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  websiteUrl: z.string(),
  status: campaignStatusSchema,
  type: z.enum(['ai', 'manual']),
  competitors: z.array(z.string()),
  internalLinks: z.array(z.string()),
  emailAccountId: z.string().nullable(),
  /** The client the campaign works for, and its name; null for none. */
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  targetProspects: z.number().int(),
  prospects: z.number().int(),
  prospectsFound: z.number().int(),
  emailsSent: z.number().int(),
  emailsOpened: z.number().int(),
  emailsClicked: z.number().int(),
  responses: z.number().int(),
  successCount: z.number().int(),
  /** 0–100. */
  progressPercentage: z.number().int(),
  /** The member who created (owns) the campaign; null once their account was deleted from the install. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Members who work on the campaign besides its owner (docs/product.md#roles), ordered by name. */
  collaborators: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * Campaign Progress (computed by campaignProgress in src/shared/campaign-progress.ts): prospects
 * enrolled in the sequence, those whose sequence has ended, and `percent` = ended / enrolled, 0–100.
 */
export const campaignProgressSchema = z.object({
  enrolled: z.number().int().min(0),
  ended: z.number().int().min(0),
  percent: z.number().int().min(0).max(100),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/**
 * The detail page's campaign: the campaign plus how many of its prospects are in each status and
 * its Campaign Progress (progressPercentage stays the prospect search's progress).
 */
export const campaignDetailSchema = campaignSchema.extend({
  prospectCounts: z.record(prospectStatusSchema, z.number().int()),
  campaignProgress: campaignProgressSchema,
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** The campaign list's status filter choices: every status, or all of them. */
export const campaignListFilters = ['all', 'draft', 'active', 'paused', 'completed'] as const;

/** The campaign list's owner filter choices: every campaign of the workspace, or only those the viewer owns or collaborates on. */
export const campaignOwnerFilters = ['all', 'me'] as const;

/**
 * `GET /api/campaigns` query: status filter, owner filter (`me`: only campaigns the signed-in member owns or collaborates on),
 * search on name or website URL (docs/product.md#screens), paging.
 */
export const campaignListQuerySchema = withPageCursor(
  z.object({
    status: z.enum(campaignListFilters).default('all'),
    owner: z.enum(campaignOwnerFilters).default('all'),
    /** A client's id, or `none` for campaigns of no client. */
    clientId: clientFilterField,
    search: z.string().trim().max(200, f.tooLong('Search', 200)).default(''),
    ...pageQueryFields,
  }),
);
export type CampaignListQuery = Partial<z.output<typeof campaignListQuerySchema>>;

export const campaignPageSchema = pageSchema(campaignSchema);
export type CampaignPage = z.infer<typeof campaignPageSchema>;

/** Campaign choices for selects (docs/product.md#api: id and name ordered by name). */
export const campaignOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CampaignOption = z.infer<typeof campaignOptionSchema>;

/** `POST /api/campaigns/:id/find-prospects` answer (docs/product.md#api: success and message). */
export const findProspectsResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type FindProspectsResult = z.infer<typeof findProspectsResultSchema>;
