import {
  CHECK_LEASE_MS,
  SCHEDULE_BATCH,
  SCHEDULE_CRON,
  SCHEDULE_PERIOD_MS,
  claimDueLinks,
  spreadChecks,
} from '../monitoring/schedule';
import { liveLinkCheckQueue, liveLinkScheduleQueue, sendJob } from './definitions';
import type { JobDefinition } from './job';

/**
 * Every ten minutes, queues a check for each live link that came due (LINK_CHECK_INTERVAL_HOURS
 * after its last check, daily by default), spread over the next ten minutes with hosts taking
 * turns (docs/decisions/012-link-monitoring.md), each grouped by its link's owner. Needs the queue, so it receives it from the worker.
 */
export const liveLinkScheduleJob: JobDefinition<Record<string, never>> = {
  ...liveLinkScheduleQueue,
  cron: () => SCHEDULE_CRON,
  async handle(_payload, { db, queue }) {
    if (!queue) throw new Error('The live-link schedule needs the job queue');
    const now = new Date();
    const due = await claimDueLinks(db, now, SCHEDULE_BATCH, CHECK_LEASE_MS);
    const owners = new Map(due.map((link) => [link.id, link.workspaceId]));
    for (const { id, delayMs } of spreadChecks(due, SCHEDULE_PERIOD_MS)) {
      await sendJob(
        queue,
        liveLinkCheckQueue,
        { liveLinkId: id, queuedAt: now.toISOString() },
        {
          startAfter: Math.ceil(delayMs / 1000),
          singletonKey: id,
          retryLimit: 1,
          group: { id: owners.get(id)! },
        },
      );
    }
    return { queued: due.length };
  },
};
