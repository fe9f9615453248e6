import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { reportFrequencies } from '../../../shared/schemas/reports';
import { campaigns } from './campaigns';
import { clients } from './clients';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { workspaces } from './workspaces';

export const reportFrequency = pgEnum('report_frequency', reportFrequencies);

/**
 * A client report's share link (docs/decisions/039-client-reports.md): the report's scope (one
 * client or one campaign), its date range and whether money is hidden, until `expires_at` or until
 * revoked. The URL carries the row's id and an HMAC of it; the row decides whether it still opens.
 */
export const reportShareLinks = pgTable(
  'report_share_links',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'cascade' }),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    hideMoney: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_report_share_links_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc(), t.id),
    check('ck_report_share_links_one_scope', sql`(${t.clientId} is null) <> (${t.campaignId} is null)`),
  ],
);

/**
 * A report emailed as a PDF to the client's report addresses every week or month (the last full
 * period before the run).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'cascade' }),
    frequency: reportFrequency().notNull(),
    hideMoney: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_report_schedules_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc(), t.id),
    check('ck_report_schedules_one_scope', sql`(${t.clientId} is null) <> (${t.campaignId} is null)`),
  ],
);

/**
 * One period of a schedule, claimed before its mail is sent (unique per schedule and period), so a
 * crash or a retried job never sends the same period twice: at most once, `sent_at` set after the
 * SMTP server took it.
 */
export const reportSends = pgTable(
  'report_sends',
  {
    id: id(),
    scheduleId: uuid()
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** `2026-W47` (ISO week) or `2026-11` (month). */
    period: text().notNull(),
    recipients: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [unique('uq_report_sends_schedule_id_period').on(t.scheduleId, t.period)],
);

/** The workspace's white label for shared and emailed reports (docs/product.md#white-label). */
export const reportBranding = pgTable('report_branding', {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  agencyName: text().notNull().default(''),
  /** `/uploads/<name>.webp` of the image upload handling; null without a logo. */
  logoUrl: text(),
  /** `#rrggbb`. */
  accentColor: text().notNull().default('#4f46e5'),
  footer: text().notNull().default(''),
  /** Shared and emailed reports show no LinkPilot name or link. */
  hideLinkPilot: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});
