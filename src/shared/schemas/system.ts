import { z } from 'zod';

/**
 * The System page (docs/product.md#system, docs/decisions/041-request-ids-and-system-page.md): how
 * the install's background work is doing. Queues and backups are the install's (every workspace's);
 * mailboxes, webhooks and link monitoring are the workspace's own.
 */

/** Most failing mailboxes or webhook endpoints the page lists (the rest are counted). */
export const SYSTEM_LIST_LIMIT = 50;

/** One pg-boss queue: jobs waiting (created or retrying), running, failed in the last 24 hours. */
export const systemQueueSchema = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failedLastDay: z.number().int(),
  /** Seconds since the longest-waiting job became due; null when none waits. */
  oldestWaitingSeconds: z.number().nullable(),
});
export type SystemQueue = z.infer<typeof systemQueueSchema>;

export const failingMailboxSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['error', 'paused']),
  /** Why, in words the user can act on (set by the side that failed). */
  reason: z.string().nullable(),
  source: z.enum(['smtp', 'imap', 'health', 'user']).nullable(),
  /** When the mailbox last changed (the failure's time, near enough). */
  since: z.iso.datetime(),
  lastSync: z.iso.datetime().nullable(),
});
export type FailingMailbox = z.infer<typeof failingMailboxSchema>;

export const failingEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  failingSince: z.iso.datetime().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** Deliveries of this endpoint still waiting to be posted. */
  pending: z.number().int(),
});
export type FailingEndpoint = z.infer<typeof failingEndpointSchema>;

export const backupRunSchema = z.object({
  finishedAt: z.iso.datetime(),
  status: z.enum(['succeeded', 'failed']),
  file: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const systemStatusSchema = z.object({
  checkedAt: z.iso.datetime(),
  /** Install-wide: every workspace's jobs share these queues. */
  queues: z.array(systemQueueSchema),
  mailboxes: z.object({
    total: z.number().int(),
    failingCount: z.number().int(),
    failing: z.array(failingMailboxSchema),
  }),
  webhooks: z.object({
    pending: z.number().int(),
    /** Seconds since the oldest waiting delivery was queued; null when none waits. */
    oldestPendingSeconds: z.number().nullable(),
    failingCount: z.number().int(),
    failingEndpoints: z.array(failingEndpointSchema),
  }),
  monitoring: z.object({
    /** Live links whose scheduled check is due and not yet made. */
    overdue: z.number().int(),
    /** Seconds the most overdue one is late; null when none is. */
    maxLagSeconds: z.number().nullable(),
    total: z.number().int(),
  }),
  /** Install-wide: the scheduled backups (BACKUP_CRON). */
  backup: z.object({
    scheduled: z.boolean(),
    last: backupRunSchema.nullable(),
    lastSucceededAt: z.iso.datetime().nullable(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** What the System page and its route say. */
export const systemMessages = {
  fullAccessOnly: 'Only members with Full Access see the System page.',
  loadFailed: 'Failed to load the system status',
  installWide: 'Install-wide: the jobs of every workspace on this server share these queues.',
  noQueues: 'No job queues yet: the worker has not started.',
  noFailingMailboxes: 'Every mailbox is working.',
  noMailboxes: 'No mailboxes connected yet.',
  noWebhookBacklog: 'No webhook deliveries waiting.',
  noFailingEndpoints: 'Every webhook endpoint is answering.',
  noOverdueChecks: 'Every live link was checked on time.',
  noLiveLinks: 'No live links monitored yet.',
  backupNotScheduled: 'Scheduled backups are off (set BACKUP_CRON to turn them on).',
  noBackupYet: 'No scheduled backup has run yet.',
} as const;
