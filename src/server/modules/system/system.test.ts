import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import { systemMessages, type SystemStatus } from '../../../shared/schemas/system';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { recordBackupRun } from '../../backup/backup-runs';
import { emailAccounts } from '../../db/schema/mailboxes';
import { liveLinks } from '../../db/schema/live-links';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createQueue } from '../../jobs/queue';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { insertCampaign } from '../../testing/campaigns';

/**
 * GET /api/system (docs/product.md#system): Full Access members see the install's queues and
 * backups and their own workspace's failing mailboxes, webhook backlog and monitoring lag; a Member
 * and an API key are refused; another workspace's trouble is not counted.
 */
let t: TestApp;
let owner: Person;
let member: Person;
let outsider: Person;

interface Person {
  cookie: string;
  userId: string;
  workspaceId: string;
}

async function person(): Promise<Person> {
  const { cookie } = await signUpUser(t.app);
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { cookie, userId: me.id, workspaceId: me.workspace.id };
}

const status = (who: Person, workspaceId = who.workspaceId) =>
  t.app.inject({ url: apiPaths.system, headers: { cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId } });

/** One failing mailbox, one failing endpoint with two waiting deliveries, and one overdue live link in `who`'s workspace. */
async function trouble(who: Person) {
  const db = t.handle.db;
  await db.insert(emailAccounts).values([
    {
      workspaceId: who.workspaceId,
      email: `broken-${who.userId.slice(0, 8)}@example.com`,
      provider: 'smtp',
      status: 'error',
      statusSource: 'smtp',
      statusReason: 'The SMTP server refused the login',
    },
    { workspaceId: who.workspaceId, email: `fine-${who.userId.slice(0, 8)}@example.com`, provider: 'smtp' },
  ]);
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      workspaceId: who.workspaceId,
      url: 'https://hooks.example/in',
      events: ['reply.received'],
      secretEncrypted: 'x',
      failingSince: new Date(Date.now() - 3600_000),
    })
    .returning();
  await db.insert(webhookDeliveries).values(
    [1, 2].map((i) => ({
      endpointId: endpoint!.id,
      workspaceId: who.workspaceId,
      eventId: crypto.randomUUID(),
      eventType: 'reply.received',
      payload: { i },
      nextAttemptAt: new Date(),
      createdAt: new Date(Date.now() - i * 600_000),
    })),
  );
  const campaign = await insertCampaign(db, { id: who.userId, workspaceId: who.workspaceId });
  await db.insert(liveLinks).values([
    {
      workspaceId: who.workspaceId,
      campaignId: campaign.id,
      url: 'https://late.example/post',
      anchorText: 'mine',
      pageUrl: 'https://mine.example',
      nextCheckAt: new Date(Date.now() - 2 * 3600_000),
    },
    {
      workspaceId: who.workspaceId,
      campaignId: campaign.id,
      url: 'https://ontime.example/post',
      anchorText: 'mine',
      pageUrl: 'https://mine.example',
      nextCheckAt: new Date(Date.now() + 3600_000),
    },
  ]);
}

beforeAll(async () => {
  t = await createTestApp({ BACKUP_CRON: '0 3 * * *' });
  owner = await person();
  member = await person();
  outsider = await person();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, userId: member.userId, role: 'member' });
});
afterAll(() => t?.close());

describe('GET /api/system', () => {
  it('shows a new workspace all clear: no failing mailboxes, no backlog, no overdue checks, no backup yet', async () => {
    const response = await status(outsider);
    expect(response.statusCode).toBe(200);
    const body = response.json<SystemStatus>();
    expect(body.mailboxes).toEqual({ total: 0, failingCount: 0, failing: [] });
    expect(body.webhooks).toEqual({
      pending: 0,
      oldestPendingSeconds: null,
      failingCount: 0,
      failingEndpoints: [],
    });
    expect(body.monitoring).toEqual({ overdue: 0, maxLagSeconds: null, total: 0 });
    expect(body.backup).toEqual({ scheduled: true, last: null, lastSucceededAt: null });
  });

  it("counts the workspace's own trouble, and none of another workspace's", async () => {
    await trouble(owner);
    const body = (await status(owner)).json<SystemStatus>();
    expect(body.mailboxes.total).toBe(2);
    expect(body.mailboxes.failingCount).toBe(1);
    expect(body.mailboxes.failing[0]).toMatchObject({
      status: 'error',
      source: 'smtp',
      reason: 'The SMTP server refused the login',
    });
    expect(body.webhooks.pending).toBe(2);
    expect(body.webhooks.oldestPendingSeconds).toBeGreaterThanOrEqual(1200);
    expect(body.webhooks.failingEndpoints).toEqual([
      expect.objectContaining({ url: 'https://hooks.example/in', pending: 2, disabledAt: null }),
    ]);
    expect(body.monitoring.overdue).toBe(1);
    expect(body.monitoring.total).toBe(2);
    expect(body.monitoring.maxLagSeconds).toBeGreaterThanOrEqual(7200);

    const other = (await status(outsider)).json<SystemStatus>();
    expect(other.mailboxes.failingCount).toBe(0);
    expect(other.webhooks.pending).toBe(0);
    expect(other.monitoring.overdue).toBe(0);
  });

  it('shows the install-wide queues (waiting, running, failed in 24 h, oldest wait) and the last backup', async () => {
    const boss = createQueue(t.handle, { sendOnly: true });
    await boss.start();
    try {
      await boss.createQueue('find-prospects');
      await boss.send('find-prospects', { runId: crypto.randomUUID() });
      await boss.send('find-prospects', { runId: crypto.randomUUID() }, { startAfter: 3600 });
      const failedId = await boss.send('find-prospects', { runId: crypto.randomUUID() }, { retryLimit: 0 });
      await boss.fail('find-prospects', failedId!, new Error('crawler gave up'));
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    await recordBackupRun(t.handle.db, {
      startedAt: new Date(Date.now() - 120_000),
      status: 'succeeded',
      file: 'linkpilot-backup-20261129T030000Z.tar.gz',
      bytes: 123_456,
    });
    await recordBackupRun(t.handle.db, {
      startedAt: new Date(),
      status: 'failed',
      error: 'ENOSPC: no space left on device, write',
    });

    const body = (await status(owner)).json<SystemStatus>();
    const queue = body.queues.find((q) => q.name === 'find-prospects');
    expect(body.queues.some((q) => q.name.startsWith('__pgboss'))).toBe(false);
    // The one due later is queued but does not count as waiting yet; the failed one counts in 24 h.
    expect(queue).toMatchObject({ queued: 2, active: 0, failedLastDay: 1 });
    expect(queue!.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
    expect(queue!.oldestWaitingSeconds).toBeLessThan(3600);
    expect(body.backup.last).toMatchObject({
      status: 'failed',
      error: 'ENOSPC: no space left on device, write',
    });
    expect(body.backup.lastSucceededAt).not.toBeNull();
  });

  it('refuses a Member (403) with the sentence of the rule', async () => {
    const response = await status(member, owner.workspaceId);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(systemMessages.fullAccessOnly);
  });

  it('refuses an API key, even a Full Access member’s', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.apiKeys,
      headers: { cookie: owner.cookie, [WORKSPACE_HEADER]: owner.workspaceId },
      payload: { name: 'Scripts', scopes: ['read', 'write'] },
    });
    const { secret } = created.json<CreatedApiKey>();
    const response = await t.app.inject({
      url: apiPaths.system,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a visitor (401)', async () => {
    expect((await t.app.inject({ url: apiPaths.system })).statusCode).toBe(401);
  });
});

describe('the metrics scrape', () => {
  it('reads pg-boss once per scrape and counts what the System page counts', async () => {
    const t2 = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      const execute = vi.spyOn(t2.handle.db, 'execute');
      const scrape = await t2.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(scrape.statusCode).toBe(200);
      const jobReads = execute.mock.calls.filter(([query]) =>
        JSON.stringify(query).includes('from pgboss.job'),
      );
      expect(jobReads).toHaveLength(1);
    } finally {
      await t2.close();
    }
  });
});
