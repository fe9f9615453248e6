import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  primaryKey,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, id, updatedAt } from './columns';
import { emailAccounts } from './mailboxes';
import { emailSequences } from './sequences';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * Campaigns, the mailboxes each sends from, and the composite key by which what belongs to a
 * campaign (prospects, live links, enrollments) carries its owner: every list can be scoped and
 * indexed by owner without a join and can never disagree with its campaign.
 */
export const campaignStatus = pgEnum('campaign_status', ['draft', 'active', 'paused', 'completed']);

export const campaignType = pgEnum('campaign_type', ['ai', 'manual']);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who created the campaign (or was given it); null once they left the install. */
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The client the campaign works for (docs/decisions/034-clients-and-placements.md); null for none. */
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    websiteUrl: text().notNull(),
    status: campaignStatus().notNull().default('draft'),
    type: campaignType().notNull(),
    /** Competitor sites, at most 5. */
    competitors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    internalLinks: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'set null' }),
    sequenceId: uuid().references((): AnyPgColumn => emailSequences.id, { onDelete: 'set null' }),
    /** Open pixel and click redirects (docs/decisions/009-outreach-sending.md): on by default, a per-campaign choice. */
    trackOpens: boolean().notNull().default(true),
    trackClicks: boolean().notNull().default(true),
    /** AI first lines go out only once approved (docs/decisions/010-ai-writing.md): on by default. */
    requireFirstLineApproval: boolean().notNull().default(true),
    targetProspects: integer().notNull().default(0),
    prospects: integer().notNull().default(0),
    prospectsFound: integer().notNull().default(0),
    emailsSent: integer().notNull().default(0),
    emailsOpened: integer().notNull().default(0),
    emailsClicked: integer().notNull().default(0),
    responses: integer().notNull().default(0),
    successCount: integer().notNull().default(0),
    /** 0–100. */
    progressPercentage: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_campaigns_id_workspace_id').on(t.id, t.workspaceId),
    index('idx_campaigns_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc()),
    index('idx_campaigns_workspace_id_name').on(t.workspaceId, t.name),
    index('idx_campaigns_client_id').on(t.clientId),
  ],
);

/**
 * The columns and composite foreign key of a row that belongs to a campaign: deleting the
 * campaign deletes the row, and the row's owner is always the campaign's owner.
 */
export const belongsToCampaign = {
  columns: () => ({ campaignId: uuid().notNull(), workspaceId: uuid().notNull() }),
  foreignKey: (t: { campaignId: AnyPgColumn; workspaceId: AnyPgColumn }) =>
    foreignKey({
      columns: [t.campaignId, t.workspaceId],
      foreignColumns: [campaigns.id, campaigns.workspaceId],
    }).onDelete('cascade'),
};

/**
 * The mailboxes a campaign sends from (docs/decisions/009-outreach-sending.md), in rotation order: enrollments are spread over
 * them round-robin. campaigns.email_account_id mirrors the first one (the single mailbox of the first version).
 */
export const campaignEmailAccounts = pgTable(
  'campaign_email_accounts',
  {
    ...belongsToCampaign.columns(),
    emailAccountId: uuid()
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    /** 0-based place in the rotation. */
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToCampaign.foreignKey(t),
    primaryKey({ columns: [t.campaignId, t.emailAccountId] }),
    index('idx_campaign_email_accounts_email_account_id').on(t.emailAccountId),
  ],
);
