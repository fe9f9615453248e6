import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { campaignMessages } from '../../../shared/schemas/campaigns';
import {
  liveLinkFieldHints,
  liveLinkMessages as m,
  type LiveLink,
  type LiveLinkPage,
} from '../../../shared/schemas/live-links';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startFixtureWeb, type FixtureWeb } from '../../testing/fixture-web';

let t: TestApp;
let cookie: string;
let web: FixtureWeb;

beforeAll(async () => {
  // Adding a link queues its first check: the pages answer 404 from an empty fixture web.
  web = await startFixtureWeb({});
  t = await createTestApp({ HTTP_PROXY: web.proxyUrl, CRAWL_RETRIES: '0' }, { jobs: true });
  ({ cookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
  await web.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('live links', () => {
  it('refuses a page on this machine or a private network when the link is added', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Private pages' });
    const add = (pageUrl: string) =>
      inject('POST', apiPaths.liveLinks, {
        campaignId: campaign.id,
        url: 'https://shop.example.com/tools',
        anchorText: 'best tools',
        pageUrl,
      });
    for (const pageUrl of [
      'http://127.0.0.1/post',
      'http://localhost:8080/post',
      'http://2130706433/post',
      'http://0x7f.1/post',
      'http://10.0.0.1./post',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const response = await add(pageUrl);
      expect(response.statusCode, pageUrl).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: 'pageUrl', message: m.pageUrlPrivate }]);
    }
    // The URL field itself takes no IPv6 literal and no trailing dot.
    for (const pageUrl of [
      'http://localhost./post',
      'http://[::127.0.0.1]:8080/post',
      'http://[::ffff:10.0.0.1]/',
    ])
      expect((await add(pageUrl)).json().error.issues, pageUrl).toEqual([
        { path: 'pageUrl', message: campaignMessages.invalidUrl },
      ]);
    const page = (await inject('GET', apiPaths.liveLinks)).json<LiveLinkPage>();
    expect(page.items.filter((l) => l.campaignId === campaign.id)).toEqual([]);
  });

  it('adds, lists (newest first, with campaign name) and deletes', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Links' });
    const add = (url: string) =>
      inject('POST', apiPaths.liveLinks, {
        campaignId: campaign.id,
        url,
        anchorText: 'best tools',
        pageUrl: 'https://blog.example.com/post',
      });
    const first = await add('https://blog.example.com/post#a');
    expect(first.statusCode).toBe(201);
    const second = (await add('blog.example.com/other')).json<LiveLink>();
    expect(second).toMatchObject({
      campaignName: 'Links',
      status: 'active',
      url: 'https://blog.example.com/other',
      lastCheckedAt: null,
    });

    const page = (await inject('GET', apiPaths.liveLinks)).json<LiveLinkPage>();
    expect(page.total).toBe(2);
    expect(page.items[0]!.id).toBe(second.id);
    expect((await inject('GET', `${apiPaths.liveLinks}?order=asc`)).json<LiveLinkPage>().items[0]!.id).toBe(
      first.json().id,
    );

    // A page past the end still says how many there are; another user sees none of them.
    expect(
      (await inject('GET', `${apiPaths.liveLinks}?page=5&pageSize=1`)).json<LiveLinkPage>(),
    ).toMatchObject({ items: [], total: 2, page: 5 });
    const { cookie: other } = await signUpUser(t.app);
    const theirs = await t.app.inject({ url: apiPaths.liveLinks, headers: { cookie: other } });
    expect(theirs.json<LiveLinkPage>()).toMatchObject({ items: [], total: 0 });

    expect((await inject('DELETE', withId(apiPaths.liveLink, second.id))).json()).toEqual({ ok: true });
    expect((await inject('GET', apiPaths.liveLinks)).json<LiveLinkPage>().total).toBe(1);
    expect((await inject('DELETE', withId(apiPaths.liveLink, second.id))).statusCode).toBe(404);
  });

  it('requires every field and valid URLs', async () => {
    const response = await inject('POST', apiPaths.liveLinks, {
      campaignId: '',
      url: 'nope',
      anchorText: ' ',
      pageUrl: '',
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        m.campaignRequired,
        campaignMessages.invalidUrl,
        m.anchorRequired,
        m.pageUrlRequired,
      ]),
    );
  });

  it('says in the API documentation which URL is the page that links and which the page linked to', async () => {
    const doc = (await t.app.inject({ url: `${apiPaths.docs}/json` })).json();
    const route = doc.paths[apiPaths.liveLinks].post;
    const body = route.requestBody.content['application/json'].schema.properties;
    const answer = route.responses['201'].content['application/json'].schema.properties;
    for (const fields of [body, answer]) {
      expect(fields.url.description).toBe(liveLinkFieldHints.url);
      expect(fields.pageUrl.description).toBe(liveLinkFieldHints.pageUrl);
    }
    expect(liveLinkFieldHints.pageUrl).toMatch(/carries the link/);
    expect(liveLinkFieldHints.url).toMatch(/your site that the link points to/);
  });

  it('refuses a campaign that does not exist', async () => {
    const response = await inject('POST', apiPaths.liveLinks, {
      campaignId: '00000000-0000-4000-8000-000000000000',
      url: 'https://a.com/x',
      anchorText: 'a',
      pageUrl: 'https://a.com',
    });
    expect(response.statusCode).toBe(404);
  });
});
