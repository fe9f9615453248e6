import type { PgBoss, QueuePolicy, SendOptions } from 'pg-boss';
import { z } from 'zod';
import { withRequestId } from '../observability/request-context';

/**
 * Every background job as its senders know it: the queue's name, the zod schema of its payload and
 * the queue policy. The handlers live in `jobs/<name>.ts` and are imported by the worker only, so a
 * module or engine that queues a job depends on this file, never on the handler's code
 * (docs/decisions/004-jobs.md).
 */
export interface JobQueue<P> {
  name: string;
  payload: z.ZodType<P>;
  /** pg-boss queue policy, e.g. 'stately' with a singletonKey: one queued and one active job per key. */
  policy?: QueuePolicy;
}

const none = z.strictObject({});

export const sessionCleanupQueue: JobQueue<Record<string, never>> = {
  name: 'session-cleanup',
  payload: none,
};
export const outreachTickQueue: JobQueue<Record<string, never>> = { name: 'outreach-tick', payload: none };
export const mailboxSyncQueue: JobQueue<Record<string, never>> = { name: 'mailbox-sync', payload: none };
export const mailboxRampQueue: JobQueue<Record<string, never>> = { name: 'mailbox-ramp', payload: none };
export const inboxRemindersQueue: JobQueue<Record<string, never>> = {
  name: 'inbox-reminders',
  payload: none,
};
export const domainCheckQueue: JobQueue<Record<string, never>> = { name: 'domain-check', payload: none };
export const liveLinkScheduleQueue: JobQueue<Record<string, never>> = {
  name: 'live-link-schedule',
  payload: none,
};
/**
 * The webhook deliveries' poll (docs/decisions/025-public-api-and-webhooks.md); policy 'short': at
 * most one poll waits while another runs, so polls never pile up behind a long run.
 */
export const webhookDeliveriesQueue: JobQueue<Record<string, never>> = {
  name: 'webhook-deliveries',
  payload: none,
  policy: 'short',
};
export const webhookCleanupQueue: JobQueue<Record<string, never>> = {
  name: 'webhook-cleanup',
  payload: none,
};

/** The scheduled client reports' run (docs/decisions/039-client-reports.md); 'singleton': never two at once. */
export const reportSchedulesQueue: JobQueue<Record<string, never>> = {
  name: 'report-schedules',
  payload: none,
  policy: 'singleton',
};

/** The daily deletion of warranty proof kept past its time (docs/decisions/038-warranty-claims.md). */
export const proofCleanupQueue: JobQueue<Record<string, never>> = {
  name: 'proof-cleanup',
  payload: none,
};

/** A scheduled backup (BACKUP_CRON); 'singleton': never two at once. */
export const backupQueue: JobQueue<Record<string, never>> = {
  name: 'backup',
  payload: none,
  policy: 'singleton',
};

/** One mailbox's read, keyed by mailbox: at most one sync of a mailbox runs and one more waits. */
export const syncMailboxQueue: JobQueue<{ mailboxId: string }> = {
  name: 'sync-mailbox',
  payload: z.strictObject({ mailboxId: z.uuid() }),
  policy: 'stately',
};

/** One campaign's queued discovery run (a discovery_runs row). */
export const findProspectsQueue: JobQueue<{ runId: string }> = {
  name: 'find-prospects',
  payload: z.strictObject({ runId: z.uuid() }),
};

/**
 * One live link's check. `queuedAt` (ISO 8601): when it was queued; a delivery finding the link
 * checked since then does nothing (pg-boss delivers at least once).
 */
export const liveLinkCheckQueue: JobQueue<{ liveLinkId: string; queuedAt?: string | undefined }> = {
  name: 'live-link-check',
  payload: z.strictObject({ liveLinkId: z.uuid(), queuedAt: z.iso.datetime().optional() }),
};

/** The search for the link a prospect marked Success gave. */
export const liveLinkDiscoveryQueue: JobQueue<{ prospectId: string }> = {
  name: 'live-link-discovery',
  payload: z.strictObject({ prospectId: z.uuid() }),
};

/** What can queue a job: the app's pg-boss instance, or a test's recorder of its `send` calls. */
export type JobSender = Pick<PgBoss, 'send'>;

/**
 * Queues one job after checking its payload against the queue's schema, so a wrong payload fails
 * at the sender instead of in a worker. Resolves to the job's id, or null when pg-boss refused it
 * as a duplicate (a singletonKey already queued). Inside an HTTP request the job's data also carries
 * the request's id, which the worker takes out again and logs with the job's lines
 * (docs/decisions/041-request-ids-and-system-page.md).
 * @throws ZodError when the payload does not match the queue's schema; pg-boss's error when the
 * queue cannot take it.
 */
export function sendJob<P extends object>(
  queue: JobSender,
  definition: JobQueue<P>,
  payload: P,
  options: SendOptions = {},
): Promise<string | null> {
  return queue.send(definition.name, withRequestId(definition.payload.parse(payload) as object), options);
}

/** One uploaded backlink export's import (a backlink_imports row; docs/decisions/033). */
export const backlinkImportQueue: JobQueue<{ importId: string }> = {
  name: 'backlink-import',
  payload: z.strictObject({ importId: z.uuid() }),
};

/** One campaign's bulk "Verify addresses" run (an email_verification_runs row; docs/decisions/047). */
export const verifyAddressesQueue: JobQueue<{ runId: string }> = {
  name: 'verify-addresses',
  payload: z.strictObject({ runId: z.uuid() }),
};
