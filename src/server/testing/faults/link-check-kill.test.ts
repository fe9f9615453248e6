import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { liveLinkChecks, liveLinks } from '../../db/schema/live-links';
import { liveLinkCheckJob } from '../../jobs/live-link-check';
import { findLiveLink, listLinkChecks } from '../../modules/live-links/service';
import { CHECK_LEASE_MS, claimDueLinks } from '../../monitoring/schedule';
import { testConfig } from '../app';
import { insertCampaign } from '../campaigns';
import { createTestDatabase } from '../database';
import { startFixtureWeb, type FixtureWeb } from '../fixture-web';
import { JOB_PROCESS_TEST_TIMEOUT_MS, startJobProcess, type JobProcess } from '../job-process';
import { insertTestUser } from '../users';

/**
 * Live-link monitoring under a dying worker (docs/decisions/042-fault-suite.md): the worker killed
 * while it fetches the link's page, and a check job delivered twice because its worker died after
 * the check was stored (pg-boss delivers at least once). No check is lost, none is stored twice.
 */

const page = `<!doctype html><html><body><p>Read <a href="https://shop.test/tools">best tools</a>.</p></body></html>`;
let worker: JobProcess | undefined;
let web: FixtureWeb;
let handle: DatabaseHandle;
afterAll(async () => {
  await worker?.kill();
  await web?.close();
  await handle?.close();
});

const crawlSettings = { CRAWL_HOST_DELAY_MS: '0', CRAWL_RETRIES: '0', CRAWL_CACHE_HOURS: '0' };

describe('a worker killed during a link check', () => {
  it(
    'stores nothing half-way; the schedule takes the link again after its lease and it is checked once',
    async () => {
      handle = await createTestDatabase();
      const db = handle.db;
      // The first request for the page kills the worker that asked; later ones are answered.
      let pageRequests = 0;
      web = await startFixtureWeb((host, path) => {
        if (host !== 'blog.test' || path !== '/post') return undefined;
        if (++pageRequests === 1) {
          void worker!.kill();
          return { body: page, delayMs: 60_000 };
        }
        return page;
      });
      const config = testConfig({ HTTP_PROXY: web.proxyUrl, ...crawlSettings });
      const user = await insertTestUser(db, { name: 'Ada', email: 'ada@links.test' });
      const campaign = await insertCampaign(db, user, { websiteUrl: 'https://shop.test' });
      const [link] = await db
        .insert(liveLinks)
        .values({
          workspaceId: user.workspaceId,
          campaignId: campaign.id,
          url: 'https://shop.test/tools',
          anchorText: 'best tools',
          pageUrl: 'http://blog.test/post',
          nextCheckAt: new Date(Date.now() - 1000),
        })
        .returning();

      // The scheduler claims the due link (its next check moves a lease ahead) and queues its check.
      const queuedAt = new Date();
      expect((await claimDueLinks(db, queuedAt, 10, CHECK_LEASE_MS)).map((d) => d.id)).toEqual([link!.id]);
      worker = startJobProcess(
        'live-link-check',
        { liveLinkId: link!.id, queuedAt: queuedAt.toISOString() },
        handle.connectionString,
        { HTTP_PROXY: web.proxyUrl, ...crawlSettings },
      );
      expect(await worker.exited).toBe('SIGKILL');

      // Nothing half-written: no check, the link as it was, its next check at the lease's end — as the screen shows it.
      expect(await db.select().from(liveLinkChecks)).toEqual([]);
      const shown = await findLiveLink(db, user.workspaceId, link!.id);
      expect(shown).toMatchObject({ status: 'active', lastCheckedAt: null });
      const [leased] = await db.select().from(liveLinks).where(eq(liveLinks.id, link!.id));
      expect(leased!.nextCheckAt!.getTime()).toBe(queuedAt.getTime() + CHECK_LEASE_MS);

      // Within the lease no tick queues it again; the first tick after it does, and the check runs once.
      expect(
        await claimDueLinks(db, new Date(queuedAt.getTime() + CHECK_LEASE_MS - 1000), 10, CHECK_LEASE_MS),
      ).toEqual([]);
      const requeuedAt = new Date(queuedAt.getTime() + CHECK_LEASE_MS + 1000);
      expect((await claimDueLinks(db, requeuedAt, 10, CHECK_LEASE_MS)).map((d) => d.id)).toEqual([link!.id]);
      const payload = { liveLinkId: link!.id, queuedAt: new Date().toISOString() };
      expect(await liveLinkCheckJob.handle(payload, { db, config, appSecret: 'unused' })).toEqual({
        status: 'active',
        reasons: [],
      });

      // The worker that ran it died before pg-boss heard it was done: the same job is delivered again.
      expect(await liveLinkCheckJob.handle(payload, { db, config, appSecret: 'unused' })).toEqual({
        recorded: false,
      });
      const history = await listLinkChecks(db, user.workspaceId, link!.id, { page: 1, pageSize: 10 });
      expect(history.total).toBe(1);
      expect(history.items.map((c) => c.status)).toEqual(['active']);
      expect((await findLiveLink(db, user.workspaceId, link!.id)).lastCheckedAt).not.toBeNull();
      expect(pageRequests).toBe(2);
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );
});
