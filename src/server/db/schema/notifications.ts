import { type AnyPgColumn, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../shared/schemas/notifications';
import { inboxThreads } from './inbox';
import { liveLinks } from './live-links';
import { emailAccounts } from './mailboxes';
import { createdAt, id } from './columns';
import { webhookEndpoints } from './webhooks';
import { workspaces } from './workspaces';

/** What a notification is about: a live link that turned lost or suspicious, a mailbox paused by its health. */
export const notificationKind = pgEnum('notification_kind', notificationKinds);

/** The dashboard's notification list, per user, newest first; read once opened and marked. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: notificationKind().notNull(),
    liveLinkId: uuid().references(() => liveLinks.id, { onDelete: 'cascade' }),
    emailAccountId: uuid().references(() => emailAccounts.id, { onDelete: 'cascade' }),
    /** The conversation a due reminder is about (docs/decisions/024-inbox.md). */
    inboxThreadId: uuid().references((): AnyPgColumn => inboxThreads.id, { onDelete: 'cascade' }),
    /** The endpoint a 'webhook-disabled' notification is about. */
    webhookEndpointId: uuid().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('idx_notifications_workspace_id_created_at').on(t.workspaceId, t.createdAt.desc())],
);
