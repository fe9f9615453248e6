import { asc, inArray, lte } from 'drizzle-orm';
import { siteDomain } from '../../shared/url-normalize';
import type { Database } from '../db/client';
import { liveLinks } from '../db/schema/live-links';

/** The scheduler's tick: every ten minutes it queues the checks that came due, spread over the next ten. */
export const SCHEDULE_CRON = '*/10 * * * *';
export const SCHEDULE_PERIOD_MS = 10 * 60_000;
/** Checks queued per tick at most (144,000 a day); the rest wait for the next tick. */
export const SCHEDULE_BATCH = 1_000;
/** How long a queued check keeps its link from being queued again, should the check never run. */
export const CHECK_LEASE_MS = 60 * 60_000;

/** A link whose check is due, the host its page is on, and its owner. */
export interface DueLink {
  id: string;
  host: string;
  workspaceId: string;
}

/**
 * Claims up to `limit` live links whose next check is due at `now` (oldest due first) and moves
 * their next check `leaseMs` ahead, so the next scheduler tick does not queue them again while
 * their checks wait; the check itself then sets the real next time.
 */
export async function claimDueLinks(
  db: Database,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DueLink[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: liveLinks.id, pageUrl: liveLinks.pageUrl, workspaceId: liveLinks.workspaceId })
      .from(liveLinks)
      .where(lte(liveLinks.nextCheckAt, now))
      .orderBy(asc(liveLinks.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length) {
      await tx
        .update(liveLinks)
        .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            liveLinks.id,
            due.map((d) => d.id),
          ),
        );
    }
    return due.map((d) => ({ id: d.id, host: siteDomain(d.pageUrl), workspaceId: d.workspaceId }));
  });
}

/**
 * Spreads the due checks over `periodMs` (the scheduler's tick): hosts take turns (round robin),
 * so one site's links are as far apart as the period allows, and each check gets its own start
 * offset in ms, evenly spaced from 0.
 */
export function spreadChecks(
  due: readonly Pick<DueLink, 'id' | 'host'>[],
  periodMs: number,
): { id: string; delayMs: number }[] {
  const byHost = new Map<string, string[]>();
  for (const link of due) byHost.set(link.host, [...(byHost.get(link.host) ?? []), link.id]);
  const order: string[] = [];
  const queues = [...byHost.values()];
  for (let round = 0; order.length < due.length; round++) {
    for (const ids of queues) if (round < ids.length) order.push(ids[round]!);
  }
  const step = due.length ? periodMs / due.length : 0;
  return order.map((id, i) => ({ id, delayMs: Math.floor(i * step) }));
}
