import { z } from 'zod';
import { apiKeyScopes, type ApiKeyScope } from './webhook-events';

/** The longest name a key may have (characters). */
export const API_KEY_NAME_MAX = 100;

/**
 * What the API keys tab and the API say (docs/decisions/025-public-api-and-webhooks.md): the form's
 * rules, the tab's toasts, and the refusals a request made with a key can meet.
 */
export const apiKeyMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one: Read or Write',
  scopesRepeated: 'Each scope may be given once',
  expiryInPast: 'The expiry date must be in the future',
  created: 'API key created',
  createFailed: 'Failed to create the API key',
  revoked: (name: string) => `API key ${name} revoked`,
  revokeFailed: 'Failed to revoke the API key',
  loadFailed: 'Failed to load API keys',
  notFound: 'API key not found',
  empty: 'No API keys yet',
  copyNow: 'Copy this key now. You will not see it again.',
  fullAccessOnly: 'Only members with Full Access manage API keys.',
  invalid:
    'This API key is not valid. Send a key created in Settings → API keys as "Authorization: Bearer lp_…".',
  revokedKey: 'This API key has been revoked.',
  expiredKey: 'This API key has expired.',
  creatorLeft: 'This API key no longer works: the member who created it has left the workspace.',
  readOnly: 'This API key can only read.',
  writeOnly: 'This API key can only write.',
  sessionOnly: 'API keys cannot be used here. Sign in to the app to do this.',
  rateLimited: 'This API key has made too many requests. Please wait and try again.',
  tooManyInvalid: 'Too many requests with invalid API keys. Please wait a minute and try again.',
} as const;

export const apiKeyScopeSchema = z.enum(apiKeyScopes);

/** How the tab names each scope. */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = { read: 'Read', write: 'Write' };

/** A key's name: trimmed, 1 to API_KEY_NAME_MAX characters. */
export const apiKeyNameField = z
  .string()
  .trim()
  .min(1, apiKeyMessages.nameRequired)
  .max(API_KEY_NAME_MAX, apiKeyMessages.nameTooLong);

/** A key's scopes: read, write or both, each once. */
export const apiKeyScopesField = z
  .array(apiKeyScopeSchema)
  .min(1, apiKeyMessages.scopesRequired)
  .max(apiKeyScopes.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, apiKeyMessages.scopesRepeated);

/** `POST /api/api-keys` body: a name, the scopes, and an optional expiry (an ISO date-time in the future). */
export const createApiKeySchema = z.strictObject({
  name: apiKeyNameField,
  scopes: apiKeyScopesField,
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => new Date(value).getTime() > Date.now(), apiKeyMessages.expiryInPast)
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as the tab lists it: never its secret, only its first characters (`prefix`). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first 8 characters (`lp_AbC12`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The name of the member who created it (the key acts as them). */
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to `POST /api/api-keys`: the new key and its secret, which is shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Where a key stands: working, revoked, or past its expiry. */
export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** The status of `key` at `now` (ms since the epoch); a revoked key reads as revoked even once expired. */
export function apiKeyStatus(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: number): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

/** The create form's expiry choices, in days from now; null never expires. */
export const apiKeyExpiryChoices = {
  never: { label: 'Never', days: null },
  '30d': { label: '30 days', days: 30 },
  '90d': { label: '90 days', days: 90 },
  '1y': { label: '1 year', days: 365 },
} as const;
export type ApiKeyExpiryChoice = keyof typeof apiKeyExpiryChoices;

/** The `expiresAt` a choice gives when made at `now` (ms since the epoch); undefined for Never. */
export function expiryFor(choice: ApiKeyExpiryChoice, now: number): string | undefined {
  const days = apiKeyExpiryChoices[choice].days;
  return days === null ? undefined : new Date(now + days * 24 * 60 * 60 * 1000).toISOString();
}
