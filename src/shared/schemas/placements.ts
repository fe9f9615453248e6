import { z } from 'zod';
import { domainMetricNames, metricSources } from '../seo-exports/formats';
import { isCurrencyCode } from '../money';
import { campaignMessages, websiteUrlField } from './campaigns';
import { clientFilterField, clientIdField } from './clients';
import { fieldMessages as f } from './field-messages';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';

/** Placement messages (docs/product.md#placements), shown by the forms and sent by the server. */
export const placementMessages = {
  pageUrlRequired: 'Page URL is required',
  targetUrlRequired: 'Target URL is required',
  currencyRequired: 'Choose the currency of the price',
  invalidCurrency: 'Use a three-letter ISO 4217 currency code, such as EUR or USD',
  invalidPrice: 'The price must be a whole number of minor units (cents), 0 or more',
  invalidDate: 'Use a date as YYYY-MM-DD',
  notFound: 'Placement not found',
  prospectNotFound: 'Prospect not found',
  invoiceOnly: 'Attach the invoice as one PDF, PNG, JPEG or WebP file',
  invoiceTooLarge: (megabytes: number) => `The invoice file must be at most ${megabytes} MB`,
  loadFailed: 'Failed to load placements',
  saveFailed: 'Failed to save the placement',
  deleteFailed: 'Failed to delete the placement',
  saved: 'Placement saved',
  deleted: 'Placement deleted',
  created: 'Placement created',
  importFailed: 'Failed to import placements',
  invalidRel: 'Choose dofollow, nofollow, sponsored or ugc',
  invalidPaymentStatus: 'Choose unpaid, paid or refunded',
} as const;

const m = placementMessages;

/** How a link was agreed: the rel it carries. */
export const placementRels = ['dofollow', 'nofollow', 'sponsored', 'ugc'] as const;
export type PlacementRel = (typeof placementRels)[number];

/** Where a placement's money stands. */
export const paymentStatuses = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
};

/** How a placement came to be: a prospect marked Success, a live link, or by hand. */
export const placementSources = ['prospect', 'live_link', 'manual'] as const;
export type PlacementSource = (typeof placementSources)[number];

/** The warranty choices the form offers; any whole number of months up to the maximum is allowed. */
export const warrantyPresets = [6, 12] as const;
export const WARRANTY_MAX_MONTHS = 120;

/** The invoice file: one PDF or image, at most 10 MB. */
export const invoiceLimits = {
  maxBytes: 10 * 1024 * 1024,
  contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    m.invalidDate,
  );
const optionalDate = z
  .string()
  .nullish()
  .transform((v) => v || null)
  .pipe(isoDate.nullable());
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, f.tooLong(field, max))
    .nullish()
    .transform((v) => v || null);

/** A currency field: upper-cased, and a real ISO 4217 code (src/shared/money.ts). */
export const currencyField = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCurrencyCode, m.invalidCurrency);

/** The placement's editable fields, as the edit dialog and the API take them. */
const placementFields = {
  clientId: clientIdField,
  // Both are pages on the public web: a host on this machine or a private network is refused.
  pageUrl: websiteUrlField(m.pageUrlRequired, campaignMessages.invalidUrl, { publicOnly: true }),
  targetUrl: websiteUrlField(m.targetUrlRequired, campaignMessages.invalidUrl, { publicOnly: true }),
  anchorText: z.string().trim().max(500, f.tooLong('Anchor text', 500)).default(''),
  rel: z.enum(placementRels, { error: m.invalidRel }).default('dofollow'),
  liveAt: optionalDate,
  /** The agreed price in the currency's minor units (cents); null when not agreed. */
  priceMinor: z
    .number({ error: m.invalidPrice })
    .int(m.invalidPrice)
    .min(0, m.invalidPrice)
    .max(Number.MAX_SAFE_INTEGER, m.invalidPrice)
    .nullish()
    .transform((v) => v ?? null),
  currency: currencyField.nullish().transform((v) => v ?? null),
  paymentStatus: z.enum(paymentStatuses, { error: m.invalidPaymentStatus }).default('unpaid'),
  paidAt: optionalDate,
  invoiceNumber: optionalText('Invoice number', 100),
  /** Months the publisher keeps the link up as agreed; null for no warranty. */
  warrantyMonths: z
    .number()
    .int(f.wholeNumber('Warranty'))
    .min(1, f.between('Warranty', 1, WARRANTY_MAX_MONTHS))
    .max(WARRANTY_MAX_MONTHS, f.between('Warranty', 1, WARRANTY_MAX_MONTHS))
    .nullish()
    .transform((v) => v ?? null),
  notes: z.string().trim().max(5000, f.tooLong('Notes', 5000)).default(''),
};

/** A price needs its currency. */
function priceHasCurrency(v: { priceMinor?: number | null; currency?: string | null }, ctx: z.RefinementCtx) {
  if (v.priceMinor != null && !v.currency)
    ctx.addIssue({ code: 'custom', path: ['currency'], message: m.currencyRequired });
}

/** `POST /api/placements` body: a placement by hand, optionally in one of the workspace's campaigns. */
export const createPlacementSchema = z
  .strictObject({
    campaignId: z
      .string()
      .nullish()
      .transform((v) => v || null)
      .pipe(z.uuid('Campaign id must be a valid id').nullable()),
    ...placementFields,
  })
  .superRefine(priceHasCurrency);
export type CreatePlacementInput = z.input<typeof createPlacementSchema>;
export type CreatePlacement = z.output<typeof createPlacementSchema>;

/** `PATCH /api/placements/:id` body: any of the editable fields (the price and its currency checked together on the stored row). */
export const updatePlacementSchema = z
  .strictObject({
    clientId: placementFields.clientId.optional(),
    pageUrl: placementFields.pageUrl.optional(),
    targetUrl: placementFields.targetUrl.optional(),
    anchorText: z.string().trim().max(500, f.tooLong('Anchor text', 500)).optional(),
    rel: z.enum(placementRels, { error: m.invalidRel }).optional(),
    liveAt: optionalDate.optional(),
    priceMinor: placementFields.priceMinor.optional(),
    currency: placementFields.currency.optional(),
    paymentStatus: z.enum(paymentStatuses, { error: m.invalidPaymentStatus }).optional(),
    paidAt: optionalDate.optional(),
    invoiceNumber: optionalText('Invoice number', 100).optional(),
    warrantyMonths: placementFields.warrantyMonths.optional(),
    notes: z.string().trim().max(5000, f.tooLong('Notes', 5000)).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdatePlacementInput = z.input<typeof updatePlacementSchema>;
export type UpdatePlacement = z.output<typeof updatePlacementSchema>;

/**
 * The linking site's third-party metrics as known when the placement went live (docs/decisions/033):
 * its domain, the day they were recorded, and each metric with its source and the day that source
 * measured it (its latest import or provider read). Empty `values`: none was known then.
 */
export const metricsAtLiveSchema = z.object({
  domain: z.string(),
  recordedOn: z.string(),
  values: z.array(
    z.object({
      metric: z.enum(domainMetricNames),
      source: z.enum(metricSources),
      value: z.number(),
      measuredOn: z.string(),
    }),
  ),
});
export type MetricsAtLive = z.infer<typeof metricsAtLiveSchema>;

/** A placement as the API presents it (docs/product.md#placements). Dates are YYYY-MM-DD, timestamps ISO. */
export const placementSchema = z.object({
  id: z.string(),
  source: z.enum(placementSources),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** The prospect that was won, its site, and its conversation in the inbox (null when none). */
  prospectId: z.string().nullable(),
  prospectWebsite: z.string().nullable(),
  threadId: z.string().nullable(),
  /** The monitored live link, and its status now. */
  liveLinkId: z.string().nullable(),
  liveLinkStatus: z.enum(['active', 'lost', 'suspicious']).nullable(),
  pageUrl: z.string(),
  targetUrl: z.string(),
  anchorText: z.string(),
  rel: z.enum(placementRels),
  liveAt: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses),
  paidAt: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The attached invoice file; null when none. */
  invoice: z.object({ fileName: z.string(), contentType: z.string(), bytes: z.number().int() }).nullable(),
  warrantyMonths: z.number().int().nullable(),
  /** The last day of the warranty (date live + months); null without a warranty or a date live. */
  warrantyEndsOn: z.string().nullable(),
  notes: z.string(),
  /**
   * What the last link check found wrong against the agreed terms (docs/decisions/038-warranty-claims.md):
   * lost, rel-changed, noindex, anchor-changed, target-changed; empty: as agreed; null: not checked yet.
   */
  monitorIssues: z.array(z.string()).nullable(),
  /** The linking site's DR, DA, TF… when it went live; null before it did. */
  metricsAtLive: metricsAtLiveSchema.nullable(),
  /** The replacement claim waiting on this placement, if any. */
  openClaim: z
    .object({
      id: z.string(),
      status: z.enum(['open', 'publisher_replied']),
      /** Monitoring saw the link back as agreed. */
      restoreSuggested: z.boolean(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Placement = z.infer<typeof placementSchema>;

/** The filters of the placements list, its totals and its CSV export. */
const placementFilterFields = {
  clientId: clientFilterField,
  campaignId: z.uuid('Campaign id must be a valid id').optional(),
  paymentStatus: z.enum(paymentStatuses).optional(),
  prospectId: z.uuid().optional(),
  liveLinkId: z.uuid().optional(),
};

/** `GET /api/placements` query: filters and paging, newest live date first. */
export const placementListQuerySchema = withPageCursor(
  z.object({
    ...placementFilterFields,
    page: pageQueryFields.page,
    pageSize: pageQueryFields.pageSize,
    cursor: pageQueryFields.cursor,
  }),
);
export type PlacementListQuery = Partial<z.output<typeof placementListQuerySchema>>;
export const placementPageSchema = pageSchema(placementSchema);
export type PlacementPage = z.infer<typeof placementPageSchema>;

/** `GET /api/placements/export` query: the list's filters. */
export const placementExportQuerySchema = z.object(placementFilterFields);

/** What totals are grouped by: the client, the campaign, or the month the link went live. */
export const placementTotalsGroups = ['client', 'campaign', 'month'] as const;

/** `GET /api/placements/totals` query: the list's filters and the grouping. */
export const placementTotalsQuerySchema = z.object({
  ...placementFilterFields,
  groupBy: z.enum(placementTotalsGroups).default('client'),
});
export type PlacementTotalsQuery = Partial<z.output<typeof placementTotalsQuerySchema>>;

/**
 * One line of the totals: one group in one currency (never summed across currencies). Spend counts
 * the placements not refunded; cost per link is spend / links, rounded to the minor unit.
 */
export const placementTotalSchema = z.object({
  /** The client's or campaign's id, or the month (YYYY-MM); null for "no client"/"no campaign". */
  key: z.string().nullable(),
  label: z.string(),
  currency: z.string(),
  links: z.number().int(),
  spendMinor: z.number().int(),
  costPerLinkMinor: z.number().int(),
});
export type PlacementTotal = z.infer<typeof placementTotalSchema>;
export const placementTotalsSchema = z.object({
  lines: z.array(placementTotalSchema),
  /** Placements in the filter without an agreed price, which no line counts. */
  unpriced: z.number().int(),
});
export type PlacementTotals = z.infer<typeof placementTotalsSchema>;

/** The columns of the placements CSV, in order; the import reads the same header. */
export const placementCsvColumns = [
  'page_url',
  'target_url',
  'anchor_text',
  'rel',
  'date_live',
  'price',
  'currency',
  'payment_status',
  'payment_date',
  'invoice_number',
  'warranty_months',
  'client',
  'campaign',
  'notes',
] as const;

/** `POST /api/placements/import` body: the CSV file's text. */
export const placementImportSchema = z.strictObject({
  csv: z
    .string()
    .min(1, 'The CSV file is empty')
    .max(5 * 1024 * 1024, 'The CSV file must be at most 5 MB'),
});

/** What an import did: how many rows it added, and each refused row with its reasons in words (rows are 1-based, the header is row 1). */
export const placementImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) })),
});
export type PlacementImportResult = z.infer<typeof placementImportResultSchema>;
