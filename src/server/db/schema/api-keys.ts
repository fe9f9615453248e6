import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeyScopes } from '../../../shared/schemas/webhook-events';
import { createdAt, id } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

export const apiKeyScope = pgEnum('api_key_scope', apiKeyScopes);

/**
 * API keys of a workspace (docs/decisions/025-public-api-and-webhooks.md). Only the SHA-256 of the
 * secret is kept; `prefix` (its first characters) names it in lists. A key acts as its creator
 * in the workspace, limited to its scopes; it stops working when revoked, expired, or when its
 * creator leaves the workspace.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    /** Hex SHA-256 of the whole secret. */
    tokenHash: text().notNull().unique(),
    scopes: apiKeyScope().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idx_api_keys_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc())],
);
