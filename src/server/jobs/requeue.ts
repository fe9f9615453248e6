import type { QueuePolicy } from 'pg-boss';
import type { PendingJob } from '../backup/database-copy';
import type { DatabaseHandle } from '../db/client';
import { createQueue } from './queue';

/**
 * Queues jobs again on a database (a restored backup's waiting jobs), each on its queue, created
 * with the queue's policy when missing. pg-boss delivers at least once and every handler is
 * idempotent, so a job that was running at the snapshot may run again safely.
 */
export async function requeueJobs(handle: DatabaseHandle, jobs: PendingJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const boss = createQueue(handle, { sendOnly: true });
  await boss.start();
  try {
    const created = new Set<string>();
    for (const job of jobs) {
      if (!created.has(job.name)) {
        await boss.createQueue(job.name, { policy: job.policy as QueuePolicy });
        created.add(job.name);
      }
      await boss.send(job.name, job.data as object);
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}
