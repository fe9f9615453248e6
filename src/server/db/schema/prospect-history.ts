import { index, pgTable, text, timestamp, unique, uuid, boolean } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { prospects, prospectStatus } from './prospects';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

/**
 * Every change of a prospect's status (docs/decisions/011-replies-history-and-domain-memory.md), for its timeline: what it became, when, and why
 * in the user's words ('Email sent', 'Replied', 'Bounced (5.1.1)', 'Marked by you').
 */
export const prospectEvents = pgTable(
  'prospect_events',
  {
    id: id(),
    prospectId: uuid()
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    status: prospectStatus().notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_prospect_events_prospect_id_created_at').on(t.prospectId, t.createdAt)],
);

/**
 * Domain memory (docs/decisions/011-replies-history-and-domain-memory.md): one row per user and prospect domain across all their campaigns —
 * when it was last contacted and by which campaign, the latest outcome, and the user's
 * do-not-contact flag. Discovery and enrollment consult it (the recontact rule, limits.recontactDays).
 */
export const contactedDomains = pgTable(
  'contacted_domains',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Site domain, lower-case, without www. (siteDomain). */
    domain: text().notNull(),
    lastContactedAt: timestamp({ withTimezone: true }),
    /** The campaign that contacted it last; null once that campaign is deleted. */
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'set null' }),
    /** The latest prospect status at this domain: sent (no answer yet), responded, success or failed. */
    outcome: prospectStatus(),
    doNotContact: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('uq_contacted_domains_workspace_id_domain').on(t.workspaceId, t.domain)],
);
