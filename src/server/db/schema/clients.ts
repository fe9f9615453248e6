import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

/**
 * The clients an agency builds links for (docs/decisions/034-clients-and-placements.md): a name, a
 * logo (an uploaded image's public URL), the client's own domains and the addresses its reports go to.
 * Campaigns and placements point here; deleting a client leaves them without one.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** `/uploads/<name>.webp` of the image upload handling; null without a logo. */
    logoUrl: text(),
    /** The client's own sites, as host names (example.com). */
    domains: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the client's reports go. */
    reportEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_clients_id_workspace_id').on(t.id, t.workspaceId),
    index('idx_clients_workspace_id_name').on(t.workspaceId, t.name, t.id),
  ],
);
