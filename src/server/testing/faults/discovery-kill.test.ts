import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { discoveryRuns } from '../../db/schema/discovery';
import { prospects } from '../../db/schema/prospects';
import { runCampaignDiscovery } from '../../jobs/find-prospects';
import { findProspectsStatus } from '../../modules/find-prospects/service';
import { testConfig } from '../app';
import { createTestDatabase } from '../database';
import { bicycleWeb } from '../fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../fixture-web';
import { JOB_PROCESS_TEST_TIMEOUT_MS, startJobProcess, type JobProcess } from '../job-process';
import { insertTestUser } from '../users';

/**
 * Finding prospects under a dying worker (docs/decisions/042-fault-suite.md): the worker is killed
 * after the run stored some prospects and before it stored the rest. pg-boss delivers the
 * job again once it expires (DISCOVERY_MAX_MINUTES plus five minutes); the run goes on from what it
 * found and ends with the same prospects an uninterrupted run finds, none twice, its counts right.
 */

const crawlSettings = {
  CRAWL_HOST_DELAY_MS: '0',
  CRAWL_RETRY_BASE_MS: '10',
  CRAWL_TIMEOUT_MS: '5000',
  CRAWL_CACHE_HOURS: '0',
};
const site = bicycleWeb();
/**
 * A prospect the run stores after others. The test holds an uncommitted row with its domain, so the
 * worker's insert waits on that row's lock (the unique index on campaign and domain): the kill then
 * finds the run between two prospects however fast or slow the machine, with no timing involved.
 */
const HELD_DOMAIN = 'cyclingnews.test';

let worker: JobProcess | undefined;
let web: FixtureWeb;
let handle: DatabaseHandle;
afterAll(async () => {
  await worker?.kill();
  await web?.close();
  await handle?.close();
});

async function campaignOf(email: string) {
  const user = await insertTestUser(handle.db, { name: 'Ada', email });
  const [campaign] = await handle.db
    .insert(campaigns)
    .values({
      workspaceId: user.workspaceId,
      name: 'Bikes',
      websiteUrl: 'http://www.bikeshop.test/',
      type: 'ai',
      competitors: ['rivalbikes.test', 'http://pedalpro.test'],
      targetProspects: 10,
    })
    .returning();
  const [run] = await handle.db
    .insert(discoveryRuns)
    .values({ campaignId: campaign!.id, workspaceId: user.workspaceId })
    .returning();
  return { campaign: campaign!, run: run! };
}

const domainsOf = async (campaignId: string) =>
  (
    await handle.db
      .select({ domain: prospects.domain })
      .from(prospects)
      .where(eq(prospects.campaignId, campaignId))
  )
    .map((p) => p.domain)
    .sort();

describe('a worker killed during a find-prospects run', () => {
  it(
    'the run resumes when the job is delivered again and ends with every prospect once',
    async () => {
      handle = await createTestDatabase();
      const db = handle.db;
      web = await startFixtureWeb((host, path) => site[host]?.[path] ?? site[host]?.[path.split('?')[0]!]);
      const config = testConfig({ HTTP_PROXY: web.proxyUrl, ...crawlSettings });
      const { campaign, run } = await campaignOf('ada@one.test');

      // Another session holds the held domain's row, uncommitted, until the worker is dead.
      const holder = new pg.Client({ connectionString: handle.connectionString });
      await holder.connect();
      await holder.query('begin');
      await holder.query(
        `insert into prospects (campaign_id, workspace_id, website, domain, status) values ($1, $2, $3, $4, 'pending')`,
        [campaign.id, campaign.workspaceId, `http://${HELD_DOMAIN}/`, HELD_DOMAIN],
      );

      // The worker runs the job until its insert of the held domain waits on the lock; then it is killed.
      worker = startJobProcess('find-prospects', { runId: run.id }, handle.connectionString, {
        HTTP_PROXY: web.proxyUrl,
        ...crawlSettings,
      });
      // Read outside the holder's transaction, which would see one snapshot of pg_stat_activity.
      const waiting = async () =>
        (
          await handle.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n > 0;
      while (!(await waiting())) {
        if (worker.child.exitCode !== null)
          throw new Error('the worker ended before it reached the held prospect');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await worker.kill()).toBe('SIGKILL');
      await holder.query('rollback');
      await holder.end();
      const before = (await domainsOf(campaign.id)) as string[];
      expect(before).not.toContain(HELD_DOMAIN);

      // The campaign page shows the run still running, with what it found so far; nothing half-written.
      const status = await findProspectsStatus(db, campaign.workspaceId, campaign.id);
      expect(status).toMatchObject({ status: 'running', prospectsFound: before.length, finishedAt: null });

      // pg-boss delivers the job again: the run goes on and completes.
      expect((await runCampaignDiscovery(run.id, { db, config })).status).toBe('completed');

      // The same prospects as a run nobody interrupted, each once; the counts agree with the rows.
      const clean = await campaignOf('bob@two.test');
      expect((await runCampaignDiscovery(clean.run.id, { db, config })).status).toBe('completed');
      const expected = await domainsOf(clean.campaign.id);
      const after = await domainsOf(campaign.id);
      expect(after).toEqual(expected);
      // The kill came between two prospects: the resumed run added the held one and what came after it.
      expect(after).toContain(HELD_DOMAIN);
      expect(before.length).toBeLessThan(after.length);
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(row).toMatchObject({
        prospects: after.length,
        prospectsFound: after.length,
        progressPercentage: 100,
      });
      expect(await findProspectsStatus(db, campaign.workspaceId, campaign.id)).toMatchObject({
        status: 'completed',
        prospectsFound: after.length,
      });
    },
    JOB_PROCESS_TEST_TIMEOUT_MS,
  );
});
