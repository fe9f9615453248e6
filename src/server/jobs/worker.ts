import type { PgBoss } from 'pg-boss';
import type { JobDefinition, JobDeps } from './job';
import { mailboxRampJob } from './mailbox-ramp';
import { mailboxSyncJob, syncMailboxJob } from './mailbox-sync';
import { outreachTickJob } from './outreach-tick';
import { findProspectsJob } from './find-prospects';
import { liveLinkCheckJob } from './live-link-check';
import { liveLinkDiscoveryJob } from './live-link-discovery';
import { liveLinkScheduleJob } from './live-link-schedule';
import { sessionCleanupJob } from './session-cleanup';
import { domainCheckJob } from './domain-check';

/** Every job the worker role runs. */
export const jobs: readonly JobDefinition<never>[] = [
  sessionCleanupJob as JobDefinition<never>,
  outreachTickJob as JobDefinition<never>,
  mailboxSyncJob as JobDefinition<never>,
  syncMailboxJob as JobDefinition<never>,
  findProspectsJob as JobDefinition<never>,
  liveLinkCheckJob as JobDefinition<never>,
  liveLinkScheduleJob as JobDefinition<never>,
  liveLinkDiscoveryJob as JobDefinition<never>,
  mailboxRampJob as JobDefinition<never>,
  domainCheckJob as JobDefinition<never>,
];

/**
 * Creates each job's queue (with its policy), (re)sets its schedule (or interval timer), and starts
 * working it. Payloads are validated with the job's schema before the handler runs; a bad payload
 * fails the job.
 */
export async function startWorkers(boss: PgBoss, deps: JobDeps, definitions = jobs): Promise<void> {
  for (const job of definitions) {
    await boss.createQueue(job.name, job.policy ? { policy: job.policy } : {});
    const seconds = job.everySeconds?.(deps.config);
    if (seconds) {
      // pg-boss schedules by the minute at best; a shorter interval is a timer sending the job.
      await boss.unschedule(job.name);
      const timer = setInterval(() => {
        boss.send(job.name, {}).catch((error: Error) => console.error('[jobs]', job.name, error.message));
      }, seconds * 1000);
      timer.unref();
    } else if (job.cron) await boss.schedule(job.name, job.cron(deps.config), {}, { tz: 'UTC' });
    await boss.work(job.name, async ([item]) => {
      if (!item) return;
      return job.handle(job.payload.parse(item.data), { ...deps, queue: boss });
    });
  }
}
