import { z } from 'zod';
import { fieldMessages as f } from './field-messages';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';

/** Report messages (docs/product.md#reports), shown by the forms and pages and sent by the server. */
export const reportMessages = {
  scopeRequired: 'Choose a client or a campaign',
  oneScope: 'Choose either a client or a campaign, not both',
  invalidDate: 'Please enter a date as YYYY-MM-DD',
  rangeOrder: 'The start date must be on or before the end date',
  rangeTooLong: 'A report covers at most 5 years',
  notFound: 'Report not found',
  shareNotFound: 'Share link not found',
  scheduleNotFound: 'Schedule not found',
  expiryDays: 'A share link lasts 1 to 365 days',
  invalidColor: 'Please enter a colour as #rrggbb',
  noRecipients: 'The client has no report addresses yet: add them on the client first',
  noMail: 'The app’s own mail (SMTP) is not set up, so scheduled reports cannot be emailed',
  linkRevoked: 'This report link was revoked. Ask whoever sent it for a new one.',
  linkExpired: 'This report link has expired. Ask whoever sent it for a new one.',
  linkInvalid: 'This report link is not valid. Check that it was copied whole.',
  tooMany: 'Too many requests for this report. Please wait a minute and try again.',
  loadFailed: 'Failed to load the report',
  shareFailed: 'Failed to create the share link',
  revokeFailed: 'Failed to revoke the share link',
  scheduleFailed: 'Failed to save the schedule',
  brandingFailed: 'Failed to save the report branding',
  brandingSaved: 'Report branding saved',
  shared: 'Share link created',
  revoked: 'Share link revoked',
  scheduled: 'Schedule saved',
  unscheduled: 'Schedule deleted',
} as const;
const m = reportMessages;

export const reportFrequencies = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, m.invalidDate);

const optionalId = z
  .union([z.literal(''), z.uuid()])
  .optional()
  .transform((v) => v || undefined);

/** One client or one campaign: exactly one of the two. */
const scopeFields = { clientId: optionalId, campaignId: optionalId };

function checkScope(
  v: { clientId?: string | undefined; campaignId?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!v.clientId && !v.campaignId)
    ctx.addIssue({ code: 'custom', path: ['clientId'], message: m.scopeRequired });
  if (v.clientId && v.campaignId) ctx.addIssue({ code: 'custom', path: ['campaignId'], message: m.oneScope });
}

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeOrder });
  else if (Date.parse(v.to) - Date.parse(v.from) > 5 * 366 * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['from'], message: m.rangeTooLong });
}

const hideMoneyField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .default(false)
  .transform((v) => v === true || v === 'true' || v === '1');

/** `GET /api/reports?clientId|campaignId&from&to&hideMoney`: one report's scope and dates (days, inclusive). */
export const reportQuerySchema = z
  .object({ ...scopeFields, from: isoDate, to: isoDate, hideMoney: hideMoneyField })
  .superRefine((v, ctx) => {
    checkScope(v, ctx);
    checkRange(v, ctx);
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
/** What buildReport is asked for: the scope, the days (inclusive, YYYY-MM-DD) and whether money is hidden. */
export type ReportScope = (
  { clientId: string; campaignId?: undefined } | { campaignId: string; clientId?: undefined }
) & {
  from: string;
  to: string;
  hideMoney: boolean;
};

/** A link's status now, as live-link monitoring last saw it; `unmonitored` when no live link is watched. */
export const reportLinkStatuses = ['active', 'suspicious', 'lost', 'unmonitored'] as const;
export type ReportLinkStatus = (typeof reportLinkStatuses)[number];

export const reportLinkSchema = z.object({
  placementId: z.string(),
  pageUrl: z.string(),
  targetUrl: z.string(),
  anchorText: z.string(),
  rel: z.string(),
  /**
   * Authority of the linking site: its DA when the placement was recorded (`at_placement`), else —
   * for placements recorded before that was kept — the prospect's DA known now (`da_now`); null when
   * neither is known.
   */
  authority: z.number().int().nullable(),
  authoritySource: z.enum(['at_placement', 'da_now']).nullable(),
  /**
   * The linking site's Ahrefs DR when the placement went live, and the day Ahrefs measured it
   * (docs/decisions/033-backlink-export-import.md); null when none was known then.
   */
  drAtPlacement: z.object({ value: z.number(), measuredOn: z.string() }).nullable(),
  liveAt: z.string().nullable(),
  status: z.enum(reportLinkStatuses),
  lastCheckedAt: z.string().nullable(),
  /** Null when money is hidden or the placement has no price. */
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

export const reportLostLinkSchema = z.object({
  placementId: z.string(),
  pageUrl: z.string(),
  targetUrl: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** A later placement of the report to the same target page, recorded as its replacement; null when none. */
  replacedBy: z
    .object({ placementId: z.string(), pageUrl: z.string(), liveAt: z.string().nullable() })
    .nullable(),
});

export const reportFunnelSchema = z.object({
  prospects: z.number().int(),
  contacted: z.number().int(),
  replied: z.number().int(),
  won: z.number().int(),
  /** Percentages 0–100 (replied ÷ contacted, won ÷ contacted); 0 when nobody was contacted. */
  replyRate: z.number(),
  winRate: z.number(),
});

export const reportMoneyLineSchema = z.object({
  currency: z.string(),
  links: z.number().int(),
  spendMinor: z.number().int(),
  costPerLinkMinor: z.number().int(),
});

export const reportBrandingSchema = z.object({
  agencyName: z.string(),
  logoUrl: z.string().nullable(),
  accentColor: z.string(),
  footer: z.string(),
  hideLinkPilot: z.boolean(),
});
export type ReportBranding = z.infer<typeof reportBrandingSchema>;

export const reportSchema = z.object({
  scope: z.object({
    kind: z.enum(['client', 'campaign']),
    id: z.string(),
    name: z.string(),
    clientName: z.string().nullable(),
    clientLogoUrl: z.string().nullable(),
  }),
  from: z.string(),
  to: z.string(),
  hideMoney: z.boolean(),
  generatedAt: z.string(),
  links: z.array(reportLinkSchema),
  lost: z.array(reportLostLinkSchema),
  statusCounts: z.object({
    active: z.number(),
    suspicious: z.number(),
    lost: z.number(),
    unmonitored: z.number(),
  }),
  linksPerMonth: z.array(
    z.object({
      month: z.string(),
      active: z.number(),
      suspicious: z.number(),
      lost: z.number(),
      unmonitored: z.number(),
    }),
  ),
  funnel: reportFunnelSchema,
  /** Spend and cost per link per currency (never summed across currencies); null when money is hidden. */
  money: z.object({ lines: z.array(reportMoneyLineSchema), unpriced: z.number().int() }).nullable(),
  branding: reportBrandingSchema,
});
export type Report = z.infer<typeof reportSchema>;

/** `POST /api/reports/share-links`: the report's scope and dates, money hidden or not, days until it expires. */
export const createShareLinkSchema = z
  .object({
    ...scopeFields,
    from: isoDate,
    to: isoDate,
    hideMoney: z.boolean().default(false),
    expiresInDays: z.coerce
      .number()
      .int(m.expiryDays)
      .min(1, m.expiryDays)
      .max(365, m.expiryDays)
      .default(30),
  })
  .superRefine((v, ctx) => {
    checkScope(v, ctx);
    checkRange(v, ctx);
  });
export type CreateShareLink = z.input<typeof createShareLinkSchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  campaignId: z.string().nullable(),
  scopeName: z.string(),
  from: z.string(),
  to: z.string(),
  hideMoney: z.boolean(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The link to give the client (absolute URL). */
  url: z.string(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkPageSchema = pageSchema(shareLinkSchema);
export type ShareLinkPage = z.infer<typeof shareLinkPageSchema>;

export const reportListQuerySchema = withPageCursor(
  z.object({
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
    cursor: pageQueryFields.cursor,
  }),
);

/** `POST /api/reports/schedules`: a client's or campaign's report emailed weekly or monthly. */
export const createScheduleSchema = z
  .object({ ...scopeFields, frequency: z.enum(reportFrequencies), hideMoney: z.boolean().default(false) })
  .superRefine(checkScope);
export type CreateSchedule = z.input<typeof createScheduleSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  campaignId: z.string().nullable(),
  scopeName: z.string(),
  frequency: z.enum(reportFrequencies),
  hideMoney: z.boolean(),
  recipients: z.array(z.string()),
  lastSentPeriod: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const schedulePageSchema = pageSchema(scheduleSchema);
export type SchedulePage = z.infer<typeof schedulePageSchema>;

/** `PUT /api/reports/branding`: the workspace's white label. */
export const brandingFormSchema = z.object({
  agencyName: z.string().trim().max(120, f.tooLong('Agency name', 120)).default(''),
  accentColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, m.invalidColor)
    .transform((v) => v.toLowerCase()),
  footer: z.string().trim().max(500, f.tooLong('Footer', 500)).default(''),
  hideLinkPilot: z.boolean().default(false),
});
export type BrandingForm = z.input<typeof brandingFormSchema>;
