import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { createdAt } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * The members who work on a campaign besides its owner (docs/product.md#roles): optional, set by
 * any member of the workspace; the owner is never one of them. `workspace_id` is the campaign's.
 */
export const campaignCollaborators = pgTable(
  'campaign_collaborators',
  {
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('idx_campaign_collaborators_user_id').on(t.userId),
  ],
);
