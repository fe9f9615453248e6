import { z } from 'zod';
import { pageQueryFields, pageSchema, withPageCursor } from './pagination';

/** Notification list texts (docs/decisions/012-link-monitoring.md). */
export const notificationMessages = {
  title: 'Notifications',
  empty: 'No notifications yet',
  loadFailed: 'Failed to load notifications',
  markAllRead: 'Mark all as read',
  markFailed: 'Failed to mark notifications as read',
} as const;

export const notificationKinds = [
  'link-lost',
  'link-suspicious',
  'mailbox-paused',
  'inbox-reminder',
  'webhook-disabled',
  'claim-opened',
] as const;

/** One notification of the signed-in user. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  liveLinkId: z.string().nullable(),
  /** The conversation of an 'inbox-reminder'. */
  inboxThreadId: z.string().nullable(),
  createdAt: z.string(),
  /** ISO time it was marked read, or null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: newest first, paged; `unread` counts all unread ones. */
export const notificationListQuerySchema = withPageCursor(
  z.object({
    page: pageQueryFields.page,
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
    cursor: pageQueryFields.cursor,
  }),
);
export const notificationPageSchema = pageSchema(notificationSchema).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /api/notifications/read`: the given ids, or all of the user's when `ids` is omitted. */
export const markNotificationsReadSchema = z.strictObject({ ids: z.array(z.uuid()).max(100).optional() });
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;
