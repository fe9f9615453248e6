import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  NotificationPage,
  markNotificationsReadSchema,
  notificationListQuerySchema,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { pageOf } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';

/** One page of the user's notifications, newest first, with the number of unread ones. */
export async function listNotifications(
  db: Database,
  workspaceId: string,
  query: z.output<typeof notificationListQuerySchema>,
): Promise<NotificationPage> {
  const mine = eq(notifications.workspaceId, workspaceId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(mine),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    liveLinkId: r.liveLinkId,
    inboxThreadId: r.inboxThreadId,
    createdAt: iso(r.createdAt),
    readAt: iso(r.readAt),
  }));
  return { ...pageOf(items, counts?.total ?? 0, query), unread: counts?.unread ?? 0 };
}

/**
 * Marks the user's notifications read: the given ids (another user's are silently not theirs to
 * mark, so they stay untouched), or all when `ids` is left out; an empty list marks nothing.
 * Returns how many changed.
 */
export async function markNotificationsRead(
  db: Database,
  workspaceId: string,
  input: z.output<typeof markNotificationsReadSchema>,
): Promise<number> {
  if (input.ids?.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.workspaceId, workspaceId),
        isNull(notifications.readAt),
        input.ids ? inArray(notifications.id, input.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
