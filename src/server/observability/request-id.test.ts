import Fastify from 'fastify';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loggerOptions } from '../http/request-log';
import { registerRequestIds, requestIdOptions } from '../http/request-id';
import { sendJob, type JobQueue } from '../jobs/definitions';
import type { JobDefinition } from '../jobs/job';
import { startWorkers } from '../jobs/worker';
import { createTestApp } from '../testing/app';
import { createTestQueue } from '../testing/database';
import type { DatabaseHandle } from '../db/client';
import { testConfig } from '../testing/app';
import { eq } from 'drizzle-orm';
import { apiPaths } from '../../shared/paths';
import { webhookDeliveries } from '../db/schema/webhooks';
import { signUpUser } from '../testing/app';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { sharedWebhookClient } from '../webhooks/client';
import { webhookSecretKey } from '../webhooks/keys';
import { deliverDueWebhooks } from '../webhooks/run';
import { createLogger } from './log';

type Line = Record<string, unknown>;

const probeQueue: JobQueue<{ n: number }> = {
  name: 'request-id-probe',
  payload: z.strictObject({ n: z.number() }),
};

let handle: DatabaseHandle;
let boss: PgBoss;
let close: () => Promise<void>;
let stopTimers: () => void;
const jobLines: Line[] = [];
const requestLines: Line[] = [];
const config = testConfig();

/** A job that logs one line of its own, and fails when asked to (n < 0). */
const probeJob: JobDefinition<{ n: number }> = {
  ...probeQueue,
  async handle({ n }, { log }) {
    log?.info({ n }, 'probe ran');
    if (n < 0) throw new Error('probe failed on purpose');
  },
};

/** An app with the real request-id and logging set-up whose POST /start queues the probe job. */
async function probeApp() {
  const app = Fastify({
    ...loggerOptions(
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      { write: (l) => requestLines.push(JSON.parse(l)) },
    ),
    ...requestIdOptions,
  });
  registerRequestIds(app);
  app.post('/start', async (request) => {
    const { n } = request.body as { n: number };
    // The body is read before the handler: the context must survive it.
    return { jobId: await sendJob(boss, probeQueue, { n }, { retryLimit: 0 }) };
  });
  return app;
}

async function linesOfJob(jobId: string, count: number): Promise<Line[]> {
  for (let i = 0; i < 200; i++) {
    const lines = jobLines.filter((l) => l.jobId === jobId);
    if (lines.length >= count) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
  return jobLines.filter((l) => l.jobId === jobId);
}

beforeAll(async () => {
  ({ handle, boss, close } = await createTestQueue());
  const log = createLogger('info', { write: (l) => jobLines.push(JSON.parse(l)) });
  stopTimers = await startWorkers(boss, { db: handle.db, config, appSecret: config.APP_SECRET!, log }, [
    probeJob as JobDefinition<never>,
  ]);
});
afterAll(async () => {
  stopTimers?.();
  await close?.();
});

describe('a request id that follows a request into its jobs', () => {
  it("keeps a safe incoming X-Request-Id, answers with it, and the job's log lines carry it with the job's name and id", async () => {
    const app = await probeApp();
    const response = await app.inject({
      method: 'POST',
      url: '/start',
      headers: { 'x-request-id': 'edge-7f3a:01' },
      payload: { n: 1 },
    });
    await app.close();
    expect(response.headers['x-request-id']).toBe('edge-7f3a:01');
    const { jobId } = response.json<{ jobId: string }>();
    expect(requestLines.find((l) => l.url === '/start')).toMatchObject({ requestId: 'edge-7f3a:01' });

    const [ran] = await linesOfJob(jobId, 1);
    expect(ran).toMatchObject({
      msg: 'probe ran',
      n: 1,
      requestId: 'edge-7f3a:01',
      job: 'request-id-probe',
      jobId,
    });
    // The payload the handler validated never saw the carried id (its schema is strict).
    const job = await boss.getJobById(probeQueue.name, jobId);
    expect(job?.state).toBe('completed');
    expect(job?.data).toEqual({ n: 1, _requestId: 'edge-7f3a:01' });
  });

  it("replaces an unsafe X-Request-Id with a new one, and the job's failure line carries it too", async () => {
    const app = await probeApp();
    const response = await app.inject({
      method: 'POST',
      url: '/start',
      headers: { 'x-request-id': 'fake"} {"level":60' },
      payload: { n: -1 },
    });
    await app.close();
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const { jobId } = response.json<{ jobId: string }>();
    const lines = await linesOfJob(jobId, 2);
    expect(lines.map((l) => l.msg)).toEqual(['probe ran', 'job failed']);
    for (const line of lines) expect(line).toMatchObject({ requestId, job: 'request-id-probe', jobId });
    expect(lines[1]).toMatchObject({ level: 50, err: { message: 'probe failed on purpose' } });
  });

  it('leaves a job queued outside any request without a request id', async () => {
    const jobId = (await sendJob(boss, probeQueue, { n: 2 }))!;
    const [ran] = await linesOfJob(jobId, 1);
    expect(ran).toMatchObject({ job: 'request-id-probe', jobId });
    expect(ran).not.toHaveProperty('requestId');
  });
});

describe('the app', () => {
  it('answers every request with an X-Request-Id, a new one for each', async () => {
    const t = await createTestApp();
    try {
      const first = await t.app.inject({ url: '/api/health' });
      const second = await t.app.inject({ url: '/api/nothing-here' });
      expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
      const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
      expect(kept.headers['x-request-id']).toBe('abc-123');
    } finally {
      await t.close();
    }
  });
});

describe('a request id that follows a change into its webhook deliveries', () => {
  it("is stored on the deliveries the request's event queued, and the delivery's log line carries it", async () => {
    const t = await createTestApp({ CRAWL_ALLOW_PRIVATE: '127.0.0.1' });
    const receiver = await startWebhookReceiver(() => ({ status: 200, body: 'ok' }));
    try {
      const { cookie } = await signUpUser(t.app);
      const endpoint = await t.app.inject({
        method: 'POST',
        url: apiPaths.webhooks,
        headers: { cookie },
        payload: { url: receiver.url, description: '', events: ['campaign.created'] },
      });
      expect(endpoint.statusCode).toBe(201);
      const created = await t.app.inject({
        method: 'POST',
        url: apiPaths.campaigns,
        headers: { cookie, 'x-request-id': 'campaign-req-42' },
        payload: {
          type: 'manual',
          name: 'Traced',
          websiteUrl: 'https://mysite.com',
          competitors: [],
          prospects: [{ website: 'alpha.com' }],
        },
      });
      expect(created.statusCode).toBe(201);
      const [delivery] = await t.handle.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventType, 'campaign.created'));
      expect(delivery!.requestId).toBe('campaign-req-42');

      const lines: Line[] = [];
      await deliverDueWebhooks({
        db: t.handle.db,
        client: sharedWebhookClient(t.config),
        secretKey: webhookSecretKey(t.config.APP_SECRET!),
        disableAfterDays: 3,
        timeoutMs: 5_000,
        log: createLogger('info', { write: (l) => lines.push(JSON.parse(l)) }),
      });
      expect(lines).toEqual([
        expect.objectContaining({
          msg: 'webhook attempt',
          requestId: 'campaign-req-42',
          deliveryId: delivery!.id,
          eventType: 'campaign.created',
          status: 'delivered',
        }),
      ]);
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});
