import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue } from '../jobs/queue';
import { createTestApp, type TestApp } from '../testing/app';
import { routeLabel } from './routes';

const token = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value` of a Prometheus text exposition; undefined if absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operator endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t?.close());

  it('serves Prometheus metrics to the METRICS_TOKEN only', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer lp_not_the_token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scrape.body).toMatch(/^# TYPE linkpilot_process_resident_memory_bytes gauge$/m);
  });

  it('times requests by route pattern, and reads the queue, mail, webhook and monitoring gauges from the database', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/campaigns/00000000-0000-4000-8000-000000000000' });
    const boss = createQueue(t.handle, { sendOnly: true });
    await boss.start();
    await boss.createQueue('find-prospects');
    await boss.send('find-prospects', { runId: '00000000-0000-4000-8000-000000000001' });
    await boss.send('find-prospects', { runId: '00000000-0000-4000-8000-000000000002' });
    await boss.stop({ graceful: false, close: true });

    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } }))
      .body;
    expect(
      sample(
        text,
        'linkpilot_http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"}',
      ),
    ).toBe(1);
    // A URL with an id is counted under its pattern, never the id.
    expect(
      sample(
        text,
        'linkpilot_http_request_duration_seconds_count{method="GET",route="/api/campaigns/:id",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(text, 'linkpilot_job_queue_depth{queue="find-prospects"}')).toBe(2);
    expect(
      sample(text, 'linkpilot_job_queue_oldest_age_seconds{queue="find-prospects"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'linkpilot_mail_last_hour{kind="sent"}')).toBe(0);
    expect(sample(text, 'linkpilot_webhook_backlog{measure="pending"}')).toBe(0);
    expect(sample(text, 'linkpilot_link_checks_overdue{measure="due"}')).toBe(0);
    expect(sample(text, 'linkpilot_mailbox_sync_lag_seconds')).toBe(0);
  });

  it('labels the hashed build files as one route, so a release adds no series', () => {
    expect(routeLabel('/assets/index-ulNHT9CL.js')).toBe('/assets/*');
    expect(routeLabel('/api/campaigns/:id')).toBe('/api/campaigns/:id');
    expect(routeLabel(undefined)).toBe('unmatched');
  });

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('an install without METRICS_TOKEN', () => {
  it('does not expose /metrics at all', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
