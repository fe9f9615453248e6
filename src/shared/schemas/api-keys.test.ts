import { describe, expect, it } from 'vitest';
import { apiKeyMessages, apiKeyStatus, createApiKeySchema, expiryFor } from './api-keys';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('API key schemas', () => {
  it('take a trimmed name, one or both scopes once, and a future expiry', () => {
    const future = new Date(Date.now() + DAY_MS).toISOString();
    expect(createApiKeySchema.parse({ name: ' Sheet ', scopes: ['read'], expiresAt: future })).toEqual({
      name: 'Sheet',
      scopes: ['read'],
      expiresAt: future,
    });
    const issue = (input: object) => createApiKeySchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ name: ' ', scopes: ['read'] })).toBe(apiKeyMessages.nameRequired);
    expect(issue({ name: 'x'.repeat(101), scopes: ['read'] })).toBe(apiKeyMessages.nameTooLong);
    expect(issue({ name: 'a', scopes: [] })).toBe(apiKeyMessages.scopesRequired);
    expect(issue({ name: 'a', scopes: ['write', 'write'] })).toBe(apiKeyMessages.scopesRepeated);
    expect(issue({ name: 'a', scopes: ['read'], expiresAt: new Date(Date.now() - 1000).toISOString() })).toBe(
      apiKeyMessages.expiryInPast,
    );
  });

  it('say whether a key is active, revoked or expired', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2026-11-27T00:00:00Z' }, now)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2026-11-26T12:00:00Z' }, now)).toBe('expired');
    expect(apiKeyStatus({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-11-02T00:00:00Z' }, now)).toBe(
      'revoked',
    );
  });

  it('turn an expiry choice into a date that many days on', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(expiryFor('never', now)).toBeUndefined();
    expect(expiryFor('30d', now)).toBe(new Date(now + 30 * DAY_MS).toISOString());
    expect(expiryFor('1y', now)).toBe(new Date(now + 365 * DAY_MS).toISOString());
  });
});
