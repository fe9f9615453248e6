import { z } from 'zod';
import { fieldMessages as f } from './field-messages';

/**
 * Live SEO data providers a workspace connects with its own keys (docs/decisions/046-live-seo-data-providers.md,
 * docs/product.md#data-providers): their credentials, the cost of a run before it starts, and the runs.
 */

export const dataProviderIds = ['ahrefs', 'moz', 'dataforseo', 'semrush'] as const;
export type DataProviderId = (typeof dataProviderIds)[number];

/** Longest credential field (characters): every provider's keys are far shorter. */
export const PROVIDER_CREDENTIAL_MAX = 500;
/** Backlinks one "Get competitor backlinks" run asks for, at most (one per referring domain where the API can). */
export const PROVIDER_BACKLINKS_MAX = 1_000;
export const PROVIDER_BACKLINKS_DEFAULT = 200;
/** Domains one "Refresh metrics" run asks about, at most: those without a value from the provider first, then the oldest. */
export const PROVIDER_METRICS_DOMAINS_MAX = 500;
/** Answers kept and reused before a provider is asked again (days). */
export const PROVIDER_CACHE_DAYS = 7;

/** Each provider's name, its credential fields in order, and where a user finds them. */
export const dataProviderInfo: Record<
  DataProviderId,
  {
    label: string;
    fields: { name: 'apiKey' | 'login' | 'password'; label: string }[];
    help: string;
    metrics: string;
  }
> = {
  ahrefs: {
    label: 'Ahrefs API v3',
    fields: [{ name: 'apiKey', label: 'API key' }],
    help: 'Ahrefs → Account settings → API keys (Enterprise plan, or a free test key).',
    metrics: 'Domain Rating (DR)',
  },
  moz: {
    label: 'Moz Links API',
    fields: [
      { name: 'login', label: 'Access ID' },
      { name: 'password', label: 'Secret key' },
    ],
    help: 'Moz → API dashboard → your Access ID and Secret key.',
    metrics: 'Domain Authority (DA) and Spam Score',
  },
  dataforseo: {
    label: 'DataForSEO',
    fields: [
      { name: 'login', label: 'API login' },
      { name: 'password', label: 'API password' },
    ],
    help: 'DataForSEO → API Access: the API login (your email) and the API password, not your account password.',
    metrics: 'DataForSEO Rank (0–1,000)',
  },
  semrush: {
    label: 'Semrush API',
    fields: [{ name: 'apiKey', label: 'API key' }],
    help: 'Semrush → Subscription info → API units (Business plan with API units).',
    metrics: 'Authority Score',
  },
};

export const dataProviderMessages = {
  fullAccessOnly: 'Only members with Full Access connect data providers.',
  notConnected: 'This data provider is not connected. Connect it in Settings → Data providers.',
  loadFailed: 'Failed to load the data providers',
  saved: 'Data provider connected',
  saveFailed: 'Failed to connect the data provider',
  removed: 'Data provider removed',
  removeFailed: 'Failed to remove the data provider',
  testFailed: 'The connection test failed',
  estimateFailed: 'Failed to work out the cost',
  noDomains: 'This campaign has no prospects with a domain yet: find or import prospects first.',
  targetRequired: 'Enter the competitor whose backlinks you want',
  targetInvalid: 'Enter a domain such as competitor.com',
  limitRange: f.between('Backlinks', 1, PROVIDER_BACKLINKS_MAX),
  noBacklinks: (provider: string, target: string) => `${provider} knows no backlinks to ${target}.`,
} as const;

const m = dataProviderMessages;

const credential = (label: string) =>
  z
    .string({ error: f.required(label) })
    .trim()
    .min(1, f.required(label))
    .max(PROVIDER_CREDENTIAL_MAX, f.tooLong(label, PROVIDER_CREDENTIAL_MAX));

/** PUT /api/workspace/data-providers/:id: the provider's credentials, as its fields name them. */
export const dataProviderCredentialsSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('ahrefs'), apiKey: credential('API key') }),
  z.strictObject({
    provider: z.literal('moz'),
    login: credential('Access ID'),
    password: credential('Secret key'),
  }),
  z.strictObject({
    provider: z.literal('dataforseo'),
    login: credential('API login'),
    password: credential('API password'),
  }),
  z.strictObject({ provider: z.literal('semrush'), apiKey: credential('API key') }),
]);
export type DataProviderCredentials = z.output<typeof dataProviderCredentialsSchema>;

/** A provider as Settings shows it: connected or not, never its keys (only their last 4 characters). */
export const dataProviderViewSchema = z.object({
  provider: z.enum(dataProviderIds),
  connected: z.boolean(),
  /** The last 4 characters of the key (Moz, DataForSEO: of the login), so a user can tell keys apart. */
  keyHint: z.string().nullable(),
  connectedAt: z.iso.datetime().nullable(),
  /** The last connection test: when, and what it found in words. */
  testedAt: z.iso.datetime().nullable(),
  testOk: z.boolean().nullable(),
  testMessage: z.string().nullable(),
});
export type DataProviderView = z.infer<typeof dataProviderViewSchema>;
export const dataProviderListSchema = z.object({ items: z.array(dataProviderViewSchema) });

export const dataProviderParamsSchema = z.object({ id: z.enum(dataProviderIds, { error: m.notConnected }) });

/**
 * What a run will cost in the provider's own pricing unit (docs/decisions/046-live-seo-data-providers.md):
 * Ahrefs API units, Moz rows, Semrush API units, or money (DataForSEO bills US dollars per task and row:
 * minor units, rounded up to the cent).
 */
export const costEstimateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('units'),
    units: z.number().int().nonnegative(),
    /** "API units", "rows". */
    unitName: z.string(),
  }),
  z.object({ kind: z.literal('money'), amountMinor: z.number().int().nonnegative(), currency: z.string() }),
]);
export type CostEstimate = z.infer<typeof costEstimateSchema>;

const targetField = z
  .string({ error: m.targetRequired })
  .trim()
  .min(1, m.targetRequired)
  .max(253, m.targetInvalid)
  .transform((value) =>
    value
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/^www\./, ''),
  )
  .refine((value) => /^([a-z0-9-]+\.)+[a-z]{2,}$/.test(value), m.targetInvalid);

const limitField = z.coerce
  .number({ error: m.limitRange })
  .int(f.wholeNumber('Backlinks'))
  .min(1, m.limitRange)
  .max(PROVIDER_BACKLINKS_MAX, m.limitRange);

/** What a campaign asks a provider for: its prospects' domain metrics, or a competitor's backlinks. */
export const providerRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('metrics'), provider: z.enum(dataProviderIds) }),
  z.strictObject({
    kind: z.literal('backlinks'),
    provider: z.enum(dataProviderIds),
    target: targetField,
    limit: limitField.default(PROVIDER_BACKLINKS_DEFAULT),
  }),
]);
export type ProviderRequest = z.output<typeof providerRequestSchema>;
export type ProviderRequestInput = z.input<typeof providerRequestSchema>;

/** POST …/data-providers/metrics */
export const metricsRefreshSchema = z.strictObject({ provider: z.enum(dataProviderIds) });
/** POST …/data-providers/backlinks */
export const providerBacklinksSchema = z.strictObject({
  provider: z.enum(dataProviderIds),
  target: targetField,
  limit: limitField.default(PROVIDER_BACKLINKS_DEFAULT),
});
export type ProviderBacklinksInput = z.input<typeof providerBacklinksSchema>;

/** The cost of a run before it starts: what is cached (and how old) is free. */
export const providerEstimateSchema = z.object({
  provider: z.enum(dataProviderIds),
  /** Domains (metrics) or backlink lists (backlinks) the provider will be asked for. */
  toFetch: z.number().int(),
  /** Those answered from the cache instead, free. */
  cached: z.number().int(),
  /** The oldest cached answer used. */
  cachedAt: z.iso.datetime().nullable(),
  /** Domains left for a later run (more than PROVIDER_METRICS_DOMAINS_MAX). */
  leftOver: z.number().int(),
  cost: costEstimateSchema,
});
export type ProviderEstimate = z.infer<typeof providerEstimateSchema>;

export const metricsRefreshResultSchema = z.object({
  fetched: z.number().int(),
  cached: z.number().int(),
  cachedAt: z.iso.datetime().nullable(),
  /** Domains the provider had a value for, stored in the domain metrics. */
  stored: z.number().int(),
  leftOver: z.number().int(),
});
export type MetricsRefreshResult = z.infer<typeof metricsRefreshResultSchema>;

export const providerBacklinksResultSchema = z.object({
  importId: z.uuid(),
  backlinks: z.number().int(),
  domains: z.number().int(),
  /** When the backlinks came from the cache, the time they were fetched. */
  cachedAt: z.iso.datetime().nullable(),
});
export type ProviderBacklinksResult = z.infer<typeof providerBacklinksResultSchema>;

export const providerTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
