import { and, desc, eq, isNull } from 'drizzle-orm';
import { workspaceMessages } from '../../../shared/roles';
import {
  apiKeyMessages,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../shared/schemas/api-keys';
import { emit } from '../../events/emit';
import { apiKeyPrefix, hashApiKeySecret, newApiKeySecret } from '../../auth/api-key-secret';
import type { Actor } from '../../auth/workspaces';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

/** What the tab shows of a key, its creator's name joined (never the hash). */
const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdBy: users.name,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

type ListedRow = Omit<ApiKey, 'createdAt' | 'lastUsedAt' | 'expiresAt' | 'revokedAt'> & {
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

function toApiKey(row: ListedRow): ApiKey {
  return {
    ...row,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** One key of the workspace, or undefined when there is none with that id there. */
async function findKey(db: Db, workspaceId: string, id: string): Promise<ApiKey | undefined> {
  const [row] = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
  return row && toApiKey(row);
}

/** Only Full Access members create and revoke keys (docs/decisions/025-public-api-and-webhooks.md). */
function assertFull(actor: Actor): void {
  if (actor.role !== 'full') throw AppError.forbidden(workspaceMessages.fullAccessOnly);
}

/**
 * The workspace's API keys, newest first, revoked and expired ones included (Settings → API keys;
 * every member reads the list). Never a secret or its hash.
 */
export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * Creates a key of the actor's workspace acting as the actor, and records it in the activity log,
 * in one transaction (docs/decisions/025-public-api-and-webhooks.md). Only the secret's SHA-256
 * and its first 8 characters are stored: the secret in the answer is shown once.
 * @throws AppError FORBIDDEN (403) for a member without Full Access.
 */
export async function createApiKey(db: Db, actor: Actor, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  assertFull(actor);
  const secret = newApiKeySecret();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: actor.workspaceId,
        createdBy: actor.userId,
        name: input.name,
        prefix: apiKeyPrefix(secret),
        tokenHash: hashApiKeySecret(secret),
        // Stored in the order the docs name them, whatever order the request gave.
        scopes: (['read', 'write'] as const).filter((s) => input.scopes.includes(s)),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning({ id: apiKeys.id });
    await emit(tx, {
      type: 'api_key.created',
      workspaceId: actor.workspaceId,
      actor,
      payload: { apiKeyId: row!.id, name: input.name },
    });
    return row!.id;
  });
  const key = await findKey(db, actor.workspaceId, id);
  return { ...key!, secret };
}

/**
 * Revokes a key of the actor's workspace: its next request is refused (the key is looked up on
 * every request). Revoking a revoked key changes nothing and records nothing.
 * @returns the key as it is now.
 * @throws AppError FORBIDDEN (403) without Full Access; NOT_FOUND (404) for a key of another
 *   workspace or none.
 */
export async function revokeApiKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  assertFull(actor);
  return db.transaction(async (tx) => {
    // Only a live key is revoked (and recorded): of two revokes at once, one does it.
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, actor.workspaceId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (revoked) {
      await emit(tx, {
        type: 'api_key.revoked',
        workspaceId: actor.workspaceId,
        actor,
        payload: { apiKeyId: id, name: revoked.name },
      });
    }
    const key = await findKey(tx, actor.workspaceId, id);
    if (!key) throw AppError.notFound(apiKeyMessages.notFound);
    return key;
  });
}
