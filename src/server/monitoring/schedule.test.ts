import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { liveLinks } from '../db/schema/live-links';
import { createTestDatabase } from '../testing/database';
import { liveLinkScheduleJob } from '../jobs/live-link-schedule';
import { testConfig } from '../testing/app';
import { insertTestUser } from '../testing/users';
import { claimDueLinks, spreadChecks } from './schedule';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const hour = 3_600_000;

describe('the link-check schedule', () => {
  it('claims only the links that are due (with their workspace), oldest first, and not again within the lease', async () => {
    const user = await insertTestUser(handle.db, { name: 'S', email: 'schedule@example.com' });
    const [campaign] = await handle.db
      .insert(campaigns)
      .values({ workspaceId: user.workspaceId, name: 'C', websiteUrl: 'https://shop.test/', type: 'manual' })
      .returning();
    const now = new Date('2026-05-01T12:00:00Z');
    const link = (name: string, pageUrl: string, nextCheckAt: Date) => ({
      campaignId: campaign!.id,
      workspaceId: user.workspaceId,
      url: 'https://shop.test/',
      anchorText: name,
      pageUrl,
      nextCheckAt,
    });
    const rows = await handle.db
      .insert(liveLinks)
      .values([
        link('due-late', 'https://a.test/1', new Date(now.getTime() - hour)),
        link('due-early', 'https://www.b.test/2', new Date(now.getTime() - 5 * hour)),
        link('due-now', 'https://a.test/3', now),
        link('later', 'https://c.test/4', new Date(now.getTime() + hour)),
      ])
      .returning();
    const id = (name: string) => rows.find((r) => r.anchorText === name)!.id;

    const due = await claimDueLinks(handle.db, now, 10, hour);
    expect(due).toEqual([
      { id: id('due-early'), host: 'b.test', workspaceId: user.workspaceId },
      { id: id('due-late'), host: 'a.test', workspaceId: user.workspaceId },
      { id: id('due-now'), host: 'a.test', workspaceId: user.workspaceId },
    ]);
    const [claimed] = await handle.db
      .select()
      .from(liveLinks)
      .where(eq(liveLinks.id, id('due-now')));
    expect(claimed!.nextCheckAt).toEqual(new Date(now.getTime() + hour));

    expect(await claimDueLinks(handle.db, new Date(now.getTime() + 1000), 10, hour)).toEqual([]);
    expect(
      (await claimDueLinks(handle.db, new Date(now.getTime() + hour), 10, hour)).map((d) => d.id).sort(),
    ).toEqual([id('due-early'), id('due-late'), id('due-now'), id('later')].sort());
  });

  it('respects the batch size', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(await claimDueLinks(handle.db, now, 2, hour)).toHaveLength(2);
    expect(await claimDueLinks(handle.db, now, 2, hour)).toHaveLength(2);
    expect(await claimDueLinks(handle.db, now, 2, hour)).toHaveLength(0);
  });

  it('the scheduler job queues one check per due link, spread over its ten minutes', async () => {
    const user = await insertTestUser(handle.db, { name: 'J', email: 'job@example.com' });
    const [campaign] = await handle.db
      .insert(campaigns)
      .values({ workspaceId: user.workspaceId, name: 'C', websiteUrl: 'https://shop.test/', type: 'manual' })
      .returning();
    await handle.db.update(liveLinks).set({ nextCheckAt: new Date(Date.now() + 48 * hour) });
    const due = await handle.db
      .insert(liveLinks)
      .values(
        ['https://a.test/1', 'https://b.test/2'].map((pageUrl) => ({
          campaignId: campaign!.id,
          workspaceId: user.workspaceId,
          url: 'https://shop.test/',
          anchorText: 'shop',
          pageUrl,
          nextCheckAt: new Date(Date.now() - hour),
        })),
      )
      .returning();
    const sent: { name: string; data: object; options: object }[] = [];
    const queue = {
      send: async (name: string, data: object, options: object) => {
        sent.push({ name, data, options });
        return 'job-id';
      },
    };
    const config = testConfig();
    const result = await liveLinkScheduleJob.handle(
      {},
      { db: handle.db, config, appSecret: config.APP_SECRET!, queue: queue as never },
    );
    expect(result).toEqual({ queued: 2 });
    expect(sent.map((s) => s.name)).toEqual(['live-link-check', 'live-link-check']);
    expect(sent.map((s) => (s.data as { liveLinkId: string }).liveLinkId).sort()).toEqual(
      due.map((d) => d.id).sort(),
    );
    expect(sent.map((s) => (s.options as { startAfter: number }).startAfter)).toEqual([0, 300]);
  });

  it('spreads checks evenly over the period with hosts taking turns', () => {
    const spread = spreadChecks(
      [
        { id: 'a1', host: 'a.test' },
        { id: 'a2', host: 'a.test' },
        { id: 'a3', host: 'a.test' },
        { id: 'b1', host: 'b.test' },
      ],
      600_000,
    );
    expect(spread).toEqual([
      { id: 'a1', delayMs: 0 },
      { id: 'b1', delayMs: 150_000 },
      { id: 'a2', delayMs: 300_000 },
      { id: 'a3', delayMs: 450_000 },
    ]);
    expect(spreadChecks([], 600_000)).toEqual([]);
  });
});
