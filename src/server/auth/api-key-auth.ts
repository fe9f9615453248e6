import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeyMessages } from '../../shared/schemas/api-keys';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';
import { users } from '../db/schema/users';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { countApiKeyRequest, countFailedApiKeyLookup } from '../http/api-key-limits';
import { AppError } from '../http/errors';
import { hashApiKeySecret, looksLikeApiKey } from './api-key-secret';
import { sessionUserColumns, type KeyHolder, type RequestApiKey } from './session';

/**
 * The scope a request needs (docs/decisions/025-public-api-and-webhooks.md): GET and HEAD read,
 * every other method writes.
 */
function neededScope(method: string): RequestApiKey['scopes'][number] {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * Reads the API keys of `Authorization: Bearer lp_…` requests for the signed-in scope
 * (docs/decisions/025-public-api-and-webhooks.md). One prepared statement looks the key up by the
 * SHA-256 of its secret (`token_hash` is unique) joined to its workspace, its creator and the
 * creator's membership, with no cache: a revoked or expired key, or one whose creator has left the
 * workspace, is refused at its next request in every process. The key acts as its creator, with
 * their role as it is now, in the key's workspace (whatever X-Workspace-Id says).
 */
export function createApiKeyReader(db: Database, config: Pick<Config, 'API_KEY_RATE_LIMIT_PER_MINUTE'>) {
  const lookup = db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      revoked: sql<boolean>`${apiKeys.revokedAt} is not null`,
      expired: sql<boolean>`${apiKeys.expiresAt} is not null and ${apiKeys.expiresAt} <= now()`,
      // last_used_at is written at most once a minute: most requests skip the write.
      stale: sql<boolean>`${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute'`,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      role: workspaceMembers.role,
      user: sessionUserColumns,
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, apiKeys.workspaceId),
        eq(workspaceMembers.userId, apiKeys.createdBy),
      ),
    )
    .where(eq(apiKeys.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('auth_api_key');

  const touch = db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, sql.placeholder('id')),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    )
    .prepare('touch_api_key');

  /** Refuses a failed lookup: 401 with `message`, or 429 once the client has failed too often. */
  const refuse = async (request: FastifyRequest, message: string): Promise<never> => {
    await countFailedApiKeyLookup(db, request);
    throw new AppError('UNAUTHORIZED', message);
  };

  /**
   * The member a key acts as, its workspace with their current role, and the key, for the request
   * that sent `token`. Every answer to a known key carries the RateLimit-* headers.
   * @throws AppError UNAUTHORIZED (401) for a malformed, unknown, revoked or expired key or one whose
   *   creator left the workspace; RATE_LIMITED (429) past the key's limit or after too many failed
   *   lookups from the client; FORBIDDEN (403) outside the key's scopes. (Routes that take no key
   *   refuse it before this runs: ./api-key-routes.ts.)
   */
  return async function read(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<KeyHolder> {
    if (!looksLikeApiKey(token)) return refuse(request, apiKeyMessages.invalid);
    const [row] = await lookup.execute({ hash: hashApiKeySecret(token) });
    if (!row) return refuse(request, apiKeyMessages.invalid);
    if (row.revoked) return refuse(request, apiKeyMessages.revokedKey);
    if (row.expired) return refuse(request, apiKeyMessages.expiredKey);
    if (!row.role) return refuse(request, apiKeyMessages.creatorLeft);

    await countApiKeyRequest(db, reply, row.keyId, config.API_KEY_RATE_LIMIT_PER_MINUTE);
    if (row.stale) await touch.execute({ id: row.keyId });

    const needed = neededScope(request.method);
    if (!row.scopes.includes(needed)) {
      throw AppError.forbidden(needed === 'read' ? apiKeyMessages.writeOnly : apiKeyMessages.readOnly);
    }
    return {
      user: { ...row.user, sessionId: null },
      workspace: { id: row.workspaceId, name: row.workspaceName, role: row.role },
      apiKey: { id: row.keyId, name: row.keyName, scopes: row.scopes },
    };
  };
}
