import { SYSTEM_LIST_LIMIT, type SystemStatus } from '../../../shared/schemas/system';
import type { Database } from '../../db/client';
import {
  failingMailboxes,
  failingWebhookEndpoints,
  jobQueueStats,
  lastBackup,
  monitoringLag,
  webhookBacklog,
} from '../../observability/system-queries';

/**
 * The System page's status (docs/product.md#system): the install's job queues and backups, and the
 * workspace's failing mailboxes, webhook backlog and failing endpoints, and link-monitoring lag.
 * The reads are the ones the metrics use (observability/system-queries.ts).
 */
export async function systemStatus(
  db: Database,
  workspaceId: string,
  { backupScheduled }: { backupScheduled: boolean },
): Promise<SystemStatus> {
  const [queues, mailboxes, backlog, endpoints, monitoring, backup] = await Promise.all([
    jobQueueStats(db),
    failingMailboxes(db, workspaceId, SYSTEM_LIST_LIMIT),
    webhookBacklog(db, workspaceId),
    failingWebhookEndpoints(db, workspaceId, SYSTEM_LIST_LIMIT),
    monitoringLag(db, workspaceId),
    lastBackup(db),
  ]);
  return {
    checkedAt: new Date().toISOString(),
    queues,
    mailboxes,
    webhooks: { ...backlog, ...endpoints },
    monitoring,
    backup: { scheduled: backupScheduled, ...backup },
  };
}
