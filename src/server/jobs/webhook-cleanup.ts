import { deleteOldDeliveries } from '../webhooks/cleanup';
import { webhookCleanupQueue } from './definitions';
import type { JobDefinition } from './job';

/** Hourly, deletes webhook deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS (webhooks/cleanup.ts). */
export const webhookCleanupJob: JobDefinition<Record<string, never>> = {
  ...webhookCleanupQueue,
  cron: () => '43 * * * *',
  async handle(_payload, { db, config }) {
    return { deleted: await deleteOldDeliveries(db, config.WEBHOOK_DELIVERY_RETENTION_DAYS, new Date()) };
  },
};
