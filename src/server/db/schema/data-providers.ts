import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';

/**
 * A workspace's connection to a live SEO data provider (docs/decisions/046-live-seo-data-providers.md):
 * one per workspace and provider (shared/schemas/data-providers.ts dataProviderIds). The credentials
 * (the provider's JSON fields) are encrypted at rest (src/server/secrets.ts) and never answered.
 */
export const dataProviderConnections = pgTable(
  'data_provider_connections',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    credentialsEncrypted: text().notNull(),
    /** The last 4 characters of the key or login, to tell keys apart in Settings. */
    keyHint: text().notNull(),
    testedAt: timestamp({ withTimezone: true }),
    testOk: boolean(),
    testMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/**
 * A provider's answer kept for reuse (per workspace, provider and request: `metrics:<domain>`,
 * `backlinks:<target>:<limit>`), so a run asks only for what is older than PROVIDER_CACHE_DAYS and
 * the screens can say how old what they show is.
 */
export const dataProviderCache = pgTable(
  'data_provider_cache',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    requestKey: text().notNull(),
    answer: jsonb().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider, t.requestKey] })],
);
