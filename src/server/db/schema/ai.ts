import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsToCampaign } from './campaigns';
import { prospects } from './prospects';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * AI writing (docs/decisions/010-ai-writing.md): model calls counted per user and UTC day (the daily limit), the guest posts
 * generated for a campaign, kept so they can be reopened, and the prospects' personalised first lines.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** UTC day. */
    day: date({ mode: 'string' }).notNull(),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const guestPosts = pgTable(
  'guest_posts',
  {
    id: id(),
    ...belongsToCampaign.columns(),
    yourWebsite: text().notNull(),
    targetWebsite: text().notNull(),
    /** As asked; empty when the model chose the topic. */
    topic: text().notNull().default(''),
    wordCount: integer().notNull(),
    internalLinks: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The post in the blog markup; its first '# ' heading is the title. */
    content: text().notNull(),
    title: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_guest_posts_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc()),
    index('idx_guest_posts_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
  ],
);

export const firstLineStatus = pgEnum('first_line_status', ['draft', 'approved']);

/**
 * A prospect's personalised opening line for outreach (docs/decisions/010-ai-writing.md): drafted by the model from the
 * page the prospect was found on, editable, and used by the sending engine as [AI First Line] once
 * approved (or at once when the campaign does not ask for approval).
 */
export const prospectFirstLines = pgTable(
  'prospect_first_lines',
  {
    prospectId: uuid()
      .primaryKey()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    ...belongsToCampaign.columns(),
    text: text().notNull(),
    status: firstLineStatus().notNull().default('draft'),
    /** The page the draft was written from, if any. */
    sourcePageUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [belongsToCampaign.foreignKey(t), index('idx_prospect_first_lines_campaign_id').on(t.campaignId)],
);
