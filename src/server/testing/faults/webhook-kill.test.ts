import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { emit } from '../../events/emit';
import { listDeliveries } from '../../modules/webhooks/deliveries-service';
import { encryptSecret } from '../../secrets';
import { WebhookClient } from '../../webhooks/client';
import { webhookSecretKey } from '../../webhooks/keys';
import { deliverDueWebhooks } from '../../webhooks/run';
import { newWebhookSecret } from '../../webhooks/signing';
import { createTestDatabase } from '../database';
import { JOB_PROCESS_TEST_TIMEOUT_MS, startJobProcess, type JobProcess } from '../job-process';
import { TEST_APP_SECRET } from '../outreach';
import { insertTestUser } from '../users';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';

/**
 * Webhook delivery under a dying worker (docs/decisions/042-fault-suite.md): the worker killed
 * after the receiver got the post and before the outcome was recorded. The delivery is not lost: its
 * claim's lease runs out and the next run posts it again with the same idempotency key (the
 * `webhook-id` header, the event's id), so the receiver can tell the repeat; one delivery row, delivered.
 */

/** The worker's attempt time limit; its claim is held this plus a minute (webhooks/run.ts). */
const TIMEOUT_MS = 5_000;
const LEASE_MS = TIMEOUT_MS + 60_000;
const secretKey = webhookSecretKey(TEST_APP_SECRET);

let worker: JobProcess | undefined;
let receiver: WebhookReceiver | undefined;
let client: WebhookClient | undefined;
let handle: DatabaseHandle;
afterAll(async () => {
  await worker?.kill();
  await receiver?.close();
  await client?.close();
  await handle?.close();
});

describe('a worker killed during webhook delivery', () => {
  it(
    're-posts the delivery once its lease is over, with the same idempotency key; no row lost or doubled',
    async () => {
      handle = await createTestDatabase();
      const db = handle.db;
      // The first post kills the worker that sent it (the receiver never answers it); later ones get 200.
      receiver = await startWebhookReceiver((_request, index) => {
        if (index > 0) return {};
        void worker!.kill();
        return { hang: true };
      });
      const user = await insertTestUser(db, { name: 'Ada', email: 'ada@hooks.test' });
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          workspaceId: user.workspaceId,
          createdBy: user.id,
          url: receiver.url,
          events: ['discovery.finished'],
          secretEncrypted: encryptSecret(secretKey, newWebhookSecret()),
        })
        .returning();
      await db.transaction((tx) =>
        emit(tx, {
          type: 'discovery.finished',
          workspaceId: user.workspaceId,
          payload: {
            runId: crypto.randomUUID(),
            campaignId: crypto.randomUUID(),
            campaignName: 'Bikes',
            status: 'completed',
            prospectsFound: 3,
            pagesCrawled: 12,
            error: null,
          },
        }),
      );

      worker = startJobProcess('webhook-deliveries', {}, handle.connectionString, {
        CRAWL_ALLOW_PRIVATE: '127.0.0.1',
        WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      });
      expect(await worker.exited).toBe('SIGKILL');
      expect(receiver.received).toHaveLength(1);

      // The row is whole: pending, one attempt in flight (started, no duration), held until the lease ends — as the log shows it.
      const [inFlight] = await db.select().from(webhookDeliveries);
      expect(inFlight).toMatchObject({ status: 'pending', attempts: 1, durationMs: null });
      const leaseEnd = inFlight!.lastAttemptAt!.getTime() + LEASE_MS;
      expect(inFlight!.nextAttemptAt!.getTime()).toBe(leaseEnd);
      const log = await listDeliveries(db, user.workspaceId, endpoint!.id, {});
      expect(log.items.map((d) => [d.status, d.attempts])).toEqual([['pending', 1]]);

      // A run before the lease's end posts nothing; the first after it posts it again and records it.
      client = new WebhookClient({
        timeoutMs: TIMEOUT_MS,
        allowPrivate: ['127.0.0.1'],
        proxy: { httpProxy: '', httpsProxy: '', noProxy: '' },
      });
      const run = (at: number) =>
        deliverDueWebhooks({
          db,
          client: client!,
          secretKey,
          disableAfterDays: 3,
          timeoutMs: TIMEOUT_MS,
          now: () => new Date(at),
        });
      expect(await run(leaseEnd - 1000)).toEqual({ attempted: 0, delivered: 0 });
      expect(await run(leaseEnd + 1000)).toEqual({ attempted: 1, delivered: 1 });
      expect(await run(leaseEnd + 120_000)).toEqual({ attempted: 0, delivered: 0 });

      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      const rows = await db.select().from(webhookDeliveries);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
      const after = await listDeliveries(db, user.workspaceId, endpoint!.id, {});
      expect(after.items.map((d) => d.status)).toEqual(['delivered']);
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );
});
