import type { PgBoss, WorkOptions } from 'pg-boss';
import type { Config } from '../config';
import type { JobDefinition, JobDeps } from './job';
import { mailboxRampJob } from './mailbox-ramp';
import { mailboxSyncJob, syncMailboxJob } from './mailbox-sync';
import { outreachTickJob } from './outreach-tick';
import { findProspectsJob } from './find-prospects';
import { backlinkImportJob } from './backlink-import';
import { verifyAddressesJob } from './verify-addresses';
import { liveLinkCheckJob } from './live-link-check';
import { liveLinkDiscoveryJob } from './live-link-discovery';
import { liveLinkScheduleJob } from './live-link-schedule';
import { sessionCleanupJob } from './session-cleanup';
import { domainCheckJob } from './domain-check';
import { inboxRemindersJob } from './inbox-reminders';
import { webhookCleanupJob } from './webhook-cleanup';
import { proofCleanupJob } from './proof-cleanup';
import { webhookDeliveriesJob } from './webhook-deliveries';
import { backupJob } from './backup';
import { reportSchedulesJob } from './report-schedules';
import { Slots } from './slots';
import { createLogger, useProcessLogger } from '../observability/log';
import { runWithContext, takeRequestId } from '../observability/request-context';

/** Every job the worker role runs. */
export const jobs: readonly JobDefinition<never>[] = [
  sessionCleanupJob as JobDefinition<never>,
  outreachTickJob as JobDefinition<never>,
  mailboxSyncJob as JobDefinition<never>,
  syncMailboxJob as JobDefinition<never>,
  findProspectsJob as JobDefinition<never>,
  backlinkImportJob as JobDefinition<never>,
  verifyAddressesJob as JobDefinition<never>,
  liveLinkCheckJob as JobDefinition<never>,
  liveLinkScheduleJob as JobDefinition<never>,
  liveLinkDiscoveryJob as JobDefinition<never>,
  mailboxRampJob as JobDefinition<never>,
  domainCheckJob as JobDefinition<never>,
  inboxRemindersJob as JobDefinition<never>,
  webhookDeliveriesJob as JobDefinition<never>,
  webhookCleanupJob as JobDefinition<never>,
  proofCleanupJob as JobDefinition<never>,
  backupJob as JobDefinition<never>,
  reportSchedulesJob as JobDefinition<never>,
];

/**
 * How pg-boss works one queue: `localConcurrency` handlers of it at once in this process (the job's
 * `concurrency`, at most JOB_CONCURRENCY), and, when that is above 1, at most JOB_USER_CONCURRENCY
 * of them — and always one fewer than the queue's slots — for jobs of one group (the user id the
 * sender put in `group: { id }`), so a user with a thousand jobs queued leaves a slot to the next
 * user's first. `localGroupConcurrency` is counted in memory, exactly: a fetched job over its
 * group's share is handed back to the queue before it starts (docs/decisions/004-jobs.md).
 */
export function workOptions(job: Pick<JobDefinition<never>, 'concurrency'>, config: Config): WorkOptions {
  const localConcurrency = Math.min(job.concurrency ?? 1, config.JOB_CONCURRENCY);
  if (localConcurrency === 1) return { localConcurrency };
  return {
    localConcurrency,
    localGroupConcurrency: Math.min(config.JOB_USER_CONCURRENCY, localConcurrency - 1),
  };
}

/**
 * Creates each job's queue (with its policy), (re)sets its schedule (or interval timer), and starts
 * working it with its workOptions. Payloads are validated with the job's schema before the handler
 * runs; a bad payload fails the job. Each job runs with its own log context (the request id the
 * sender carried in, its name and id), and its failure is logged as one JSON line. All queues
 * share JOB_CONCURRENCY slots: a job fetched while every slot is busy waits in this process for
 * the next free one. Resolves with a function that
 * clears the interval timers: call it before `boss.stop`, or a timer firing while pg-boss closes
 * its pool sends into a closed database.
 */
export async function startWorkers(boss: PgBoss, deps: JobDeps, definitions = jobs): Promise<() => void> {
  const slots = new Slots(deps.config.JOB_CONCURRENCY);
  const log = deps.log ?? createLogger(deps.config.LOG_LEVEL);
  useProcessLogger(log);
  const timers: NodeJS.Timeout[] = [];
  for (const job of definitions) {
    await boss.createQueue(job.name, job.policy ? { policy: job.policy } : {});
    const seconds = job.everySeconds?.(deps.config);
    const cron = job.cron?.(deps.config);
    if (seconds) {
      // pg-boss schedules by the minute at best; a shorter interval is a timer sending the job.
      await boss.unschedule(job.name);
      const timer = setInterval(() => {
        sendIntervalJob(boss, job.name, seconds).catch((error: Error) =>
          log.error({ job: job.name, err: error }, 'could not queue'),
        );
      }, seconds * 1000);
      timer.unref();
      timers.push(timer);
    } else if (cron) await boss.schedule(job.name, cron, {}, { tz: 'UTC' });
    else if (job.cron) await boss.unschedule(job.name);
    await boss.work(job.name, workOptions(job, deps.config), async ([item]) => {
      if (!item) return;
      // The one place a job learns the request that queued it: every line logged while it runs
      // carries requestId, job and jobId (docs/decisions/041-request-ids-and-system-page.md).
      const { requestId, payload: data } = takeRequestId(item.data);
      return runWithContext({ requestId, job: job.name, jobId: item.id }, async () => {
        try {
          const payload = job.payload.parse(data);
          const result = await slots.run(() => job.handle(payload, { ...deps, log, queue: boss }));
          log.debug('job done');
          return result;
        } catch (error) {
          log.error({ err: error }, 'job failed');
          throw error;
        }
      });
    });
  }
  return () => timers.forEach(clearInterval);
}

/**
 * Queues one run of an interval job (`everySeconds`) unless one is already waiting, and at most
 * one per `seconds` for the whole install: every worker process has the timer, so without this
 * M workers queued M runs per interval, and runs slower than the interval (a tick queueing 500
 * steps) piled up without end (docs/decisions/048-several-processes.md). The wait check and
 * pg-boss's throttle (one job per time slot and key, a unique index) together leave at most one
 * run waiting, as the minute cron of pg-boss's scheduler does.
 */
export async function sendIntervalJob(boss: PgBoss, name: string, seconds: number): Promise<void> {
  if ((await boss.findJobs(name, { queued: true })).length > 0) return;
  await boss.sendThrottled(name, {}, null, seconds, 'interval');
}
