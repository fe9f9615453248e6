import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { CompetitorGapPage } from '../../../shared/schemas/competitor-gap';
import { CrawlStore } from '../../discovery/crawl-store';
import { extractPage } from '../../discovery/extract-page';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let cookie: string;

/** Stores a crawled page of `url` linking to `targets`. */
async function page(url: string, targets: string[]) {
  const html = targets.map((target) => `<a href="${target}">x</a>`).join(' ');
  await new CrawlStore(t.handle.db).savePage(url, { ok: true, status: 200, extract: extractPage(html, url) });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
  // A small known graph: rival.test and other.test are the competitors, mine.test the campaign's site.
  await page('http://both.test/', ['http://rival.test/', 'http://www.other.test/x']);
  await page('http://www.strong.test/a', ['http://rival.test/p']);
  await page('http://weak.test/', ['http://other.test/']);
  await page('http://already.test/', ['http://rival.test/', 'http://other.test/', 'https://www.mine.test/']);
  await page('http://rival.test/', ['http://other.test/']);
  await page('http://unrelated.test/', ['http://nobody.test/']);
  // The campaign's and a competitor's own subdomains are no gap.
  await page('http://blog.mine.test/', ['http://rival.test/']);
  await page('http://shop.rival.test/', ['http://other.test/']);
  await new CrawlStore(t.handle.db).saveAuthority(
    new Map([
      ['www.strong.test', 0.5],
      ['weak.test', 0.1],
    ]),
    new Map([
      ['www.strong.test', 60],
      ['weak.test', 20],
    ]),
  );
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });

describe('competitor gap', () => {
  it('ranks the domains that link to competitors but not to the campaign, then adds chosen ones as prospects', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      websiteUrl: 'https://mine.test',
      competitors: ['https://www.rival.test', 'other.test'],
    });
    const gap = (await inject('GET', withId(apiPaths.competitorGap, campaign.id))).json<CompetitorGapPage>();
    expect(gap.competitorDomains).toEqual(['rival.test', 'other.test']);
    expect(gap.total).toBe(3);
    expect(gap.items).toEqual([
      { domain: 'both.test', competitors: ['other.test', 'rival.test'], daScore: null, isProspect: false },
      { domain: 'strong.test', competitors: ['rival.test'], daScore: 60, isProspect: false },
      { domain: 'weak.test', competitors: ['other.test'], daScore: 20, isProspect: false },
    ]);

    const paged = (
      await inject('GET', `${withId(apiPaths.competitorGap, campaign.id)}?page=2&pageSize=2`)
    ).json<CompetitorGapPage>();
    expect(paged.items.map((i) => i.domain)).toEqual(['weak.test']);

    const add = await inject('POST', withId(apiPaths.competitorGapProspects, campaign.id), {
      domains: ['both.test', 'strong.test', 'mine.test', 'already.test'],
    });
    expect(add.json()).toEqual({ added: 2 });
    // The campaign's counters follow: three prospects from the CSV and the two added.
    const detail = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<{
      prospects: number;
    }>();
    expect(detail.prospects).toBe(5);
    const again = await inject('POST', withId(apiPaths.competitorGapProspects, campaign.id), {
      domains: ['both.test'],
    });
    expect(again.json()).toEqual({ added: 0 });

    const after = (
      await inject('GET', withId(apiPaths.competitorGap, campaign.id))
    ).json<CompetitorGapPage>();
    expect(after.items.map((i) => i.isProspect)).toEqual([true, true, false]);
    const prospects = (
      await inject('GET', `${withId(apiPaths.campaignProspects, campaign.id)}?pageSize=100`)
    ).json<{
      items: { website: string; daScore: number | null }[];
    }>();
    expect(prospects.items.map((p) => p.website)).toEqual(
      expect.arrayContaining(['http://both.test/', 'http://strong.test/']),
    );
  });

  it('is empty without competitors and refuses an empty choice', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      websiteUrl: 'https://mine.test',
      competitors: [],
    });
    const gap = (await inject('GET', withId(apiPaths.competitorGap, campaign.id))).json<CompetitorGapPage>();
    expect(gap).toMatchObject({ items: [], total: 0, competitorDomains: [] });
    const empty = await inject('POST', withId(apiPaths.competitorGapProspects, campaign.id), { domains: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 to another user', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { competitors: ['rival.test'] });
    const { cookie: stranger } = await signUpUser(t.app);
    expect(
      (await inject('GET', withId(apiPaths.competitorGap, campaign.id), undefined, stranger)).statusCode,
    ).toBe(404);
    const add = await inject(
      'POST',
      withId(apiPaths.competitorGapProspects, campaign.id),
      { domains: ['both.test'] },
      stranger,
    );
    expect(add.statusCode).toBe(404);
  });
});
