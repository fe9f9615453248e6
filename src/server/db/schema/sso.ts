import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { memberRole, workspaces } from './workspaces';

/**
 * A workspace's OpenID Connect provider for single sign-on (docs/decisions/032-sso-sessions-and-lock-out.md):
 * at most one per workspace. The client secret is encrypted at rest (src/server/secrets.ts). People
 * signing in through it for the first time join the workspace with `defaultRole`.
 */
export const ssoProviders = pgTable('sso_providers', {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** The issuer URL; its /.well-known/openid-configuration is read at every sign-in. */
  issuer: text().notNull(),
  clientId: text().notNull(),
  clientSecretEncrypted: text().notNull(),
  defaultRole: memberRole().notNull().default('member'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The email domains whose people sign in through a workspace's provider (lower case). The primary
 * key makes a domain belong to one workspace only, so "Sign in with SSO" finds one provider.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text().primaryKey(),
    workspaceId: uuid()
      .notNull()
      .references(() => ssoProviders.workspaceId, { onDelete: 'cascade' }),
  },
  (t) => [index('idx_sso_domains_workspace_id').on(t.workspaceId)],
);
