import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { activityKinds } from '../../../shared/schemas/activity';
import { apiKeys } from './api-keys';
import { campaigns } from './campaigns';
import { createdAt, id } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

export const activityKind = pgEnum('activity_kind', activityKinds);

/**
 * The workspace's activity log (docs/decisions/023-workspaces-and-roles.md, "Activity log"): who
 * did what and when, written in the transaction of the change it records, kept
 * ACTIVITY_RETENTION_DAYS. `subject` names what it was about (a campaign, a prospect's website, an
 * address) as it was then, so an entry still reads after its object is deleted.
 */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null for the system (a job) or a member who has since left the install. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The API key the change came through (the log says "via API key …"); null in the app. */
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    kind: activityKind().notNull(),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    /** Kind-specific facts (a status change's from/to, a count, a role). */
    details: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_activity_workspace_id_created_at_id').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('idx_activity_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
  ],
);
