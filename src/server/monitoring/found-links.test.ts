import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { LiveLinkPage } from '../../shared/schemas/live-links';
import { CrawlStore } from '../discovery/crawl-store';
import { extractPage } from '../discovery/extract-page';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { fixturePage } from '../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../testing/fixture-web';
import { databaseNow, recordFoundLinks } from './found-links';

let web: FixtureWeb;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  web = await startFixtureWeb({
    'partner.test': {
      '/': fixturePage('Partner', 'Our friends.', [['Blog', '/blog']]),
      '/blog': fixturePage('Partner blog', 'We like this shop.', [
        ['the best shop', 'https://www.shop.test/tools'],
      ]),
    },
  });
  t = await createTestApp(
    { HTTP_PROXY: web.proxyUrl, CRAWL_HOST_DELAY_MS: '0', CRAWL_RETRIES: '0' },
    { jobs: true },
  );
  ({ cookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
  await web.close();
});

const inject = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('new links found automatically', () => {
  it('searches the site of a prospect marked Success and adds the link it found, checked', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      websiteUrl: 'https://shop.test',
      prospects: [{ website: 'partner.test' }],
    });
    const prospects = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<{
      items: { id: string }[];
    }>();
    const patched = await inject('PATCH', withId(apiPaths.prospect, prospects.items[0]!.id), {
      status: 'success',
    });
    expect(patched.statusCode).toBe(200);

    let links: LiveLinkPage | undefined;
    for (let i = 0; i < 200 && !links?.items[0]?.lastCheckedAt; i++) {
      await new Promise((r) => setTimeout(r, 100));
      links = (await inject('GET', apiPaths.liveLinks)).json<LiveLinkPage>();
    }
    expect(links!.total).toBe(1);
    expect(links!.items[0]).toMatchObject({
      campaignId: campaign.id,
      url: 'https://www.shop.test/tools',
      anchorText: 'the best shop',
      pageUrl: 'http://partner.test/blog',
      status: 'active',
      foundAnchorText: 'the best shop',
    });
  });

  it('records links to a campaign’s site from any crawl once per page, never from the site itself', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { websiteUrl: 'https://gear.test' });
    const since = await databaseNow(t.handle.db);
    const store = new CrawlStore(t.handle.db);
    const save = (url: string, html: string) =>
      store.savePage(url, { ok: true, status: 200, extract: extractPage(html, url) });
    await save(
      'https://reviews.test/a',
      '<a href="https://gear.test/x">gear</a> <a href="https://gear.test/y">more</a>',
    );
    await save('https://blog.gear.test/', '<a href="https://gear.test/">home</a>');
    await save('https://www.gear.test/about', '<a href="https://gear.test/">home</a>');
    await save('https://unrelated.test/', '<a href="https://other.test/">other</a>');

    const found = await recordFoundLinks(t.handle.db, since);
    expect(found).toHaveLength(1);
    const page = (await inject('GET', `${apiPaths.liveLinks}?pageSize=100`)).json<LiveLinkPage>();
    const mine = page.items.filter((l) => l.campaignId === campaign.id);
    expect(mine).toEqual([
      expect.objectContaining({
        pageUrl: 'https://reviews.test/a',
        url: 'https://gear.test/x',
        anchorText: 'gear',
      }),
    ]);
    expect(await recordFoundLinks(t.handle.db, since)).toEqual([]);
  });
});
