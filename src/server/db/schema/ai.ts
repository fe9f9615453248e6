import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsToCampaign } from './campaigns';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * AI writing (issue 9): model calls counted per user and UTC day (the daily limit), and the guest
 * posts generated for a campaign, kept so they can be reopened.
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
    /** The post in the blog markup (spec §9); its first '# ' heading is the title. */
    content: text().notNull(),
    title: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    index('idx_guest_posts_user_id_created_at').on(t.userId, t.createdAt.desc()),
    index('idx_guest_posts_campaign_id_created_at').on(t.campaignId, t.createdAt.desc()),
  ],
);
