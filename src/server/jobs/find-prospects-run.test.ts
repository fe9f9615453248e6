import { eq } from 'drizzle-orm';
import { activity } from '../db/schema/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { contactedDomains } from '../db/schema/prospect-history';
import { crawlHosts, crawlLinks, crawlPages, discoveryRuns } from '../db/schema/discovery';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { bicycleWeb } from '../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../testing/fixture-web';
import { insertTestUser } from '../testing/users';
import { runCampaignDiscovery } from './find-prospects';

let handle: DatabaseHandle;
let fixture: FixtureWeb;
let config: Config;

beforeAll(async () => {
  handle = await createTestDatabase();
  fixture = await startFixtureWeb(bicycleWeb());
  config = testConfig({
    HTTP_PROXY: fixture.proxyUrl,
    CRAWL_HOST_DELAY_MS: '0',
    CRAWL_RETRY_BASE_MS: '10',
    CRAWL_TIMEOUT_MS: '3000',
    // Each test reads the web anew (no reuse of pages stored by the test before).
    CRAWL_CACHE_HOURS: '0',
  });
});
afterAll(async () => {
  await fixture.close();
  await handle.close();
});

let userCount = 0;
async function campaignFor(target: number, workspaceId?: string) {
  const workspace =
    workspaceId ??
    (await insertTestUser(handle.db, { name: 'Ada', email: `ada${++userCount}@example.com` })).workspaceId;
  const [campaign] = await handle.db
    .insert(campaigns)
    .values({
      workspaceId: workspace,
      name: 'Bikes',
      websiteUrl: 'http://www.bikeshop.test/',
      type: 'ai',
      competitors: ['rivalbikes.test', 'http://pedalpro.test'],
      targetProspects: target,
    })
    .returning();
  return campaign!;
}

async function run(campaign: { id: string; workspaceId: string }, settings: Config = config) {
  const [row] = await handle.db
    .insert(discoveryRuns)
    .values({ campaignId: campaign.id, workspaceId: campaign.workspaceId })
    .returning();
  const result = await runCampaignDiscovery(row!.id, { db: handle.db, config: settings });
  const [after] = await handle.db.select().from(discoveryRuns).where(eq(discoveryRuns.id, row!.id));
  return { result, run: after! };
}

const prospectsOf = (campaignId: string) =>
  handle.db.select().from(prospects).where(eq(prospects.campaignId, campaignId)).orderBy(prospects.createdAt);

describe('finding prospects for a campaign', () => {
  it('finds the expected prospects with their contacts, reasons and scores, and skips what the rules exclude', async () => {
    const campaign = await campaignFor(10);
    // The domain memory says another campaign of the workspace contacted contacted.test ten days ago.
    const other = await campaignFor(5, campaign.workspaceId);
    await handle.db.insert(contactedDomains).values({
      workspaceId: campaign.workspaceId,
      domain: 'contacted.test',
      campaignId: other.id,
      outcome: 'sent',
      lastContactedAt: new Date(Date.now() - 10 * 86_400_000),
    });

    const { result, run: finished } = await run(campaign);
    expect(result.status).toBe('completed');
    const found = await prospectsOf(campaign.id);
    const byDomain = Object.fromEntries(found.map((p) => [p.domain, p]));
    expect(Object.keys(byDomain).sort()).toEqual(['cyclingnews.test', 'gearreview.test', 'tourblog.test']);
    // The activity log says so, by the system, with the run's count.
    const logged = await handle.db
      .select({ kind: activity.kind, actorId: activity.actorId, details: activity.details })
      .from(activity)
      .where(eq(activity.campaignId, campaign.id));
    expect(logged).toEqual([{ kind: 'prospects.found', actorId: null, details: { count: 3 } }]);

    expect(byDomain['tourblog.test']).toMatchObject({
      status: 'pending',
      website: 'http://tourblog.test/',
      opportunityType: 'link_intersect',
      contactEmail: 'redaktion@tourblog.test',
      contactName: 'Tina Tour',
      sourcePageUrl: 'http://tourblog.test/',
    });
    expect(byDomain['gearreview.test']).toMatchObject({
      opportunityType: 'competitor_backlink',
      contactEmail: 'editor@gearreview.test',
      alternativeEmails: ['support@gearreview.test'],
      sourcePageUrl: 'http://gearreview.test/best-gravel-bikes',
      sourceLinkUrl: 'http://rivalbikes.test/gravel',
      sourceAnchorText: 'Rival Bikes gravel',
    });
    expect(byDomain['cyclingnews.test']).toMatchObject({
      opportunityType: 'guest_post',
      contactEmail: 'pitches@cyclingnews.test',
      sourcePageUrl: 'http://cyclingnews.test/write-for-us',
    });
    for (const prospect of found) {
      expect(prospect.relevanceScore).toBeGreaterThan(20);
      expect(prospect.relevanceScore).toBeLessThanOrEqual(100);
      expect(Number.isInteger(prospect.relevanceScore! * 10)).toBe(true);
      expect(prospect.daScore).toBeGreaterThanOrEqual(0);
      expect(prospect.daScore).toBeLessThanOrEqual(100);
    }

    const [after] = await handle.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after).toMatchObject({ progressPercentage: 100, prospectsFound: 3, prospects: 3 });
    expect(finished).toMatchObject({ status: 'completed', prospectsFound: 3 });
    expect(finished.pagesCrawled).toBeGreaterThan(5);

    // The crawl is stored for later campaigns: pages, links and ranked hosts.
    const [page] = await handle.db
      .select()
      .from(crawlPages)
      .where(eq(crawlPages.url, 'http://tourblog.test/'));
    expect(page).toMatchObject({ title: 'Tour Blog', language: 'en' });
    const links = await handle.db.select().from(crawlLinks).where(eq(crawlLinks.pageId, page!.id));
    expect(links.map((l) => l.toHost).sort()).toEqual(['pedalpro.test', 'rivalbikes.test', 'tourblog.test']);
    const [rival] = await handle.db.select().from(crawlHosts).where(eq(crawlHosts.host, 'rivalbikes.test'));
    expect(rival!.daScore).toBeGreaterThan(0);
  });

  it('stops at the target, strongest opportunities first', async () => {
    const campaign = await campaignFor(2);
    const { result } = await run(campaign);
    expect(result).toEqual({ status: 'completed', prospectsFound: 2 });
    const found = await prospectsOf(campaign.id);
    expect(found.map((p) => p.domain).sort()).toEqual(['gearreview.test', 'tourblog.test']);
  });

  it('adds no duplicates when run again', async () => {
    const campaign = await campaignFor(10);
    await run(campaign);
    const first = await prospectsOf(campaign.id);
    const { result } = await run(campaign);
    expect(result.prospectsFound).toBe(0);
    const second = await prospectsOf(campaign.id);
    expect(second.map((p) => p.id).sort()).toEqual(first.map((p) => p.id).sort());
    const [after] = await handle.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after!.prospectsFound).toBe(first.length);
  });

  it('records why a run failed when the campaign site cannot be read', async () => {
    const campaign = await campaignFor(5);
    await handle.db
      .update(campaigns)
      .set({ websiteUrl: 'http://nothing-here.test/' })
      .where(eq(campaigns.id, campaign.id));
    const { result, run: failed } = await run(campaign);
    expect(result.status).toBe('failed');
    expect(failed.error).toBe(
      'Failed to find prospects: Could not read http://nothing-here.test/: the site did not answer with a page',
    );
  });

  it('leaves a finished or cancelled run alone when its job is delivered again', async () => {
    const campaign = await campaignFor(5);
    const [row] = await handle.db
      .insert(discoveryRuns)
      .values({ campaignId: campaign.id, workspaceId: campaign.workspaceId, status: 'cancelled' })
      .returning();
    expect(await runCampaignDiscovery(row!.id, { db: handle.db, config })).toEqual({
      status: 'skipped',
      prospectsFound: 0,
    });
    expect(await prospectsOf(campaign.id)).toHaveLength(0);
  });

  it('finishes a run over a page with NUL bytes and broken UTF-8, storing its text without them', async () => {
    const web = bicycleWeb();
    const review = web['gearreview.test']!;
    const [head, tail] = (review['/best-gravel-bikes'] as string)
      .replaceAll('Best gravel bikes', 'Best\u0000 gravel bikes')
      .replace('>Rival Bikes gravel<', '>Rival\u0000 Bikes gravel<')
      .split('</p>') as [string, string];
    // A NUL character reference, a NUL byte and two invalid UTF-8 sequences in the visible text.
    review['/best-gravel-bikes'] = {
      body: Buffer.concat([
        Buffer.from(`${head} A&#0;B\u0000C `),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(`</p>${tail}`),
      ]),
    };
    review['/contact'] = (review['/contact'] as string).replace('editor@', 'edi\u0000tor@');
    const nulWeb = await startFixtureWeb(web);
    try {
      const campaign = await campaignFor(10);
      const { result } = await run(campaign, { ...config, HTTP_PROXY: nulWeb.proxyUrl });
      expect(result.status).toBe('completed');
      const found = await prospectsOf(campaign.id);
      expect(found.find((p) => p.domain === 'gearreview.test')).toMatchObject({
        contactEmail: 'editor@gearreview.test',
        sourcePageUrl: 'http://gearreview.test/best-gravel-bikes',
        sourceAnchorText: 'Rival Bikes gravel',
      });
      const [page] = await handle.db
        .select()
        .from(crawlPages)
        .where(eq(crawlPages.url, 'http://gearreview.test/best-gravel-bikes'));
      expect(page!.title).toBe('Best gravel bikes');
      expect(page!.text).toContain('A\uFFFDBC \uFFFD(\uFFFD');
      expect(nulWeb.requests.some((r) => r.host === 'gearreview.test')).toBe(true);
    } finally {
      await nulWeb.close();
    }
  });
});
