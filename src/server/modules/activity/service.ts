import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { ActivityPage, ActivityQuery } from '../../../shared/schemas/activity';
import type { Db } from '../../db/client';
import { activity } from '../../db/schema/activity';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

/** Entries per page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The cursor of the entry after which the next page starts: its time and id, base64url. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw AppError.invalidField('cursor', 'The page cursor is not valid.');
  return { createdAt, id };
}

/**
 * One page of the workspace's activity log, newest first, filtered by member, kind and campaign;
 * keyset-paginated on (created_at, id), so a page costs the same at any depth and entries written
 * meanwhile neither repeat nor vanish.
 * @throws AppError VALIDATION_ERROR for a malformed cursor.
 */
export async function listActivity(db: Db, workspaceId: string, query: ActivityQuery): Promise<ActivityPage> {
  const filters: (SQL | undefined)[] = [
    eq(activity.workspaceId, workspaceId),
    query.member ? eq(activity.actorId, query.member) : undefined,
    query.kind ? eq(activity.kind, query.kind) : undefined,
    query.campaignId ? eq(activity.campaignId, query.campaignId) : undefined,
  ];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    filters.push(
      or(
        lt(activity.createdAt, after.createdAt),
        and(eq(activity.createdAt, after.createdAt), lt(activity.id, after.id)),
      ),
    );
  }
  const rows = await db
    .select({
      id: activity.id,
      kind: activity.kind,
      actor: users.name,
      actorId: activity.actorId,
      apiKey: apiKeys.name,
      campaignId: activity.campaignId,
      subject: activity.subject,
      details: activity.details,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, activity.apiKeyId))
    .where(and(...filters))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    nextCursor: rows.length > ACTIVITY_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
