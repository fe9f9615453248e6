import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import {
  cancelFindProspects,
  findProspectsStatus,
  startFindProspects,
  type FindProspectsDeps,
} from '../modules/find-prospects/service';
import { AppError } from '../http/errors';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { bicycleWeb } from '../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../testing/fixture-web';
import { insertTestUser } from '../testing/users';
import { findProspectsJob } from './find-prospects';
import { createQueue } from './queue';
import { startWorkers } from './worker';

let handle: DatabaseHandle;
let boss: PgBoss;
let fixture: FixtureWeb;
let config: Config;
let deps: FindProspectsDeps;

beforeAll(async () => {
  handle = await createTestDatabase();
  // Every page of the slow site answers after 300 ms, so a run there lasts long enough to watch.
  const web = bicycleWeb();
  fixture = await startFixtureWeb((host, path) => {
    if (host === 'slow.test')
      return path === '/robots.txt'
        ? undefined
        : { body: web['www.bikeshop.test']!['/'] as string, delayMs: 300 };
    return web[host]?.[path];
  });
  config = testConfig({ HTTP_PROXY: fixture.proxyUrl, CRAWL_HOST_DELAY_MS: '0', CRAWL_CACHE_HOURS: '0' });
  boss = createQueue(handle);
  await boss.start();
  await startWorkers(boss, { db: handle.db, config, appSecret: config.APP_SECRET! }, [
    findProspectsJob as never,
  ]);
  deps = { db: handle.db, config, queue: boss };
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await fixture.close();
  await handle.close();
});

let count = 0;
async function campaignFor(websiteUrl: string, competitors: string[], target = 10) {
  const user = await insertTestUser(handle.db, { name: 'Ada', email: `job${++count}@example.com` });
  const [campaign] = await handle.db
    .insert(campaigns)
    .values({
      workspaceId: user.workspaceId,
      ownerId: user.id,
      name: 'Bikes',
      websiteUrl,
      type: 'ai',
      competitors,
      targetProspects: target,
    })
    .returning();
  return campaign!;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the find-prospects job', () => {
  it('runs through pg-boss, updating the campaign’s progress and prospects as it goes', async () => {
    const campaign = await campaignFor('http://www.bikeshop.test/', [
      'http://rivalbikes.test',
      'http://pedalpro.test',
    ]);
    const started = await startFindProspects(deps, campaign.workspaceId, campaign.id);
    expect(started).toMatchObject({
      status: 'queued',
      progressPercentage: 0,
      prospectsFound: 0,
      error: null,
    });

    const finished = await waitFor(
      () => findProspectsStatus(handle.db, campaign.workspaceId, campaign.id),
      (s) => s?.status === 'completed' || s?.status === 'failed',
    );
    // tourblog, gearreview, cyclingnews and contacted.test (no one contacted it here).
    expect(finished).toMatchObject({
      status: 'completed',
      progressPercentage: 100,
      prospectsFound: 4,
      error: null,
    });
    expect(finished!.finishedAt).not.toBeNull();
    const [after] = await handle.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after).toMatchObject({ progressPercentage: 100, prospectsFound: 4 });
    expect(
      await handle.db.select().from(prospects).where(eq(prospects.campaignId, campaign.id)),
    ).toHaveLength(4);
  });

  it('refuses a second run while one is under way, and another workspace’s campaign', async () => {
    const campaign = await campaignFor('http://slow.test/', []);
    await startFindProspects(deps, campaign.workspaceId, campaign.id);
    await expect(startFindProspects(deps, campaign.workspaceId, campaign.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Prospects are already being found for this campaign',
    });
    const stranger = await campaignFor('http://www.bikeshop.test/', []);
    for (const call of [
      () => startFindProspects(deps, stranger.workspaceId, campaign.id),
      () => cancelFindProspects(deps, stranger.workspaceId, campaign.id),
      () => findProspectsStatus(handle.db, stranger.workspaceId, campaign.id),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    }
    await cancelFindProspects(deps, campaign.workspaceId, campaign.id);
  });

  it('stops a running search when it is cancelled, and can start again', async () => {
    const campaign = await campaignFor('http://slow.test/', []);
    await startFindProspects(deps, campaign.workspaceId, campaign.id);
    await waitFor(
      () => findProspectsStatus(handle.db, campaign.workspaceId, campaign.id),
      (s) => s?.status === 'running',
    );
    const cancelled = await cancelFindProspects(deps, campaign.workspaceId, campaign.id);
    expect(cancelled.status).toBe('cancelled');
    // The job notices within a second and sends no further requests.
    await new Promise((r) => setTimeout(r, 1_500));
    const requestsToSlowSite = () => fixture.requests.filter((r) => r.host === 'slow.test').length;
    const before = requestsToSlowSite();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(requestsToSlowSite()).toBe(before);
    await expect(cancelFindProspects(deps, campaign.workspaceId, campaign.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const again = await startFindProspects(deps, campaign.workspaceId, campaign.id);
    expect(again.status).toBe('queued');
    await cancelFindProspects(deps, campaign.workspaceId, campaign.id);
    const last = await findProspectsStatus(handle.db, campaign.workspaceId, campaign.id);
    expect(last?.status).toBe('cancelled');
  });

  it('answers null for a campaign that never ran', async () => {
    const campaign = await campaignFor('http://www.bikeshop.test/', []);
    expect(await findProspectsStatus(handle.db, campaign.workspaceId, campaign.id)).toBeNull();
  });
});
