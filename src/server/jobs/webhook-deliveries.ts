import { sharedWebhookClient } from '../webhooks/client';
import { webhookSecretKey } from '../webhooks/keys';
import { deliverDueWebhooks } from '../webhooks/run';
import { webhookDeliveriesQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Every WEBHOOK_POLL_SECONDS (every minute at 60), posts the webhook deliveries that are due
 * (webhooks/run.ts, docs/decisions/025-public-api-and-webhooks.md): a few at a time, one per
 * endpoint, each signed, guarded and timed out; failures are scheduled again or given up.
 */
export const webhookDeliveriesJob: JobDefinition<Record<string, never>> = {
  ...webhookDeliveriesQueue,
  cron: () => '* * * * *',
  everySeconds: (config) => (config.WEBHOOK_POLL_SECONDS < 60 ? config.WEBHOOK_POLL_SECONDS : undefined),
  async handle(_payload, { db, config, appSecret, log }) {
    return deliverDueWebhooks({
      log,
      db,
      client: sharedWebhookClient(config),
      secretKey: webhookSecretKey(appSecret),
      disableAfterDays: config.WEBHOOK_DISABLE_AFTER_DAYS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    });
  },
};
