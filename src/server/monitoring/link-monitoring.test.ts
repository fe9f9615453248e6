import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { LinkCheckPage, LiveLink, LiveLinkPage, LiveLinkSummary } from '../../shared/schemas/live-links';
import type { NotificationPage } from '../../shared/schemas/notifications';
import { eq } from 'drizzle-orm';
import { campaigns } from '../db/schema/campaigns';
import { liveLinks } from '../db/schema/live-links';
import { Crawler } from '../discovery/crawler';
import { crawlerSettings } from '../discovery/settings';
import { createTestApp, firstLinkPath, signUpUser, testConfig, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import {
  startFixtureWeb,
  startLocalServer,
  type FixtureAnswer,
  type FixtureWeb,
} from '../testing/fixture-web';
import {
  APP_SMTP_USER,
  appSmtpSettings,
  startSmtpServer,
  type LocalSmtpServer,
} from '../testing/mail-servers';
import { checkLiveLink } from './check';

/** The blog's pages and another site's, changed by the tests between checks. */
const pages = new Map<string, FixtureAnswer>();
const elsewhere = new Map<string, FixtureAnswer>();
const html = (body: string, head = '') =>
  `<!doctype html><html><head><title>Post</title>${head}</head><body><p>${body}</p></body></html>`;
const linkTo = (anchor = 'best tools', rel = '') =>
  `Read <a href="https://shop.test/tools"${rel ? ` rel="${rel}"` : ''}>${anchor}</a> today.`;

let web: FixtureWeb;
let smtp: LocalSmtpServer;
let t: TestApp;
let cookie: string;
let email: string;
let campaignId: string;

beforeAll(async () => {
  web = await startFixtureWeb((host, path) =>
    host === 'blog.test' ? pages.get(path) : host === 'elsewhere.test' ? elsewhere.get(path) : undefined,
  );
  smtp = await startSmtpServer([APP_SMTP_USER]);
  t = await createTestApp(
    {
      HTTP_PROXY: web.proxyUrl,
      CRAWL_HOST_DELAY_MS: '0',
      CRAWL_RETRIES: '0',
      ...appSmtpSettings(smtp),
    },
    { jobs: true },
  );
  ({ cookie, email } = await signUpUser(t.app));
  // Alerts go only to a verified address: open the link emailed at sign-up, then start counting mail.
  const [verification] = await smtp.waitFor(1);
  await t.app.inject({ method: 'GET', url: firstLinkPath(verification!.parsed.text)! });
  smtp.messages.length = 0;
  campaignId = (await createManualCampaign(t.app, cookie, { websiteUrl: 'https://shop.test' })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await web.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });

async function addLink(path: string): Promise<LiveLink> {
  const response = await inject('POST', apiPaths.liveLinks, {
    campaignId,
    url: 'https://shop.test/tools',
    anchorText: 'best tools',
    pageUrl: `http://blog.test${path}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json<LiveLink>();
}

const linkById = async (id: string) =>
  (await inject('GET', `${apiPaths.liveLinks}?pageSize=100`))
    .json<LiveLinkPage>()
    .items.find((l) => l.id === id)!;

/** Waits for the check pg-boss runs when a link is added. */
async function firstCheck(id: string): Promise<LiveLink> {
  for (let i = 0; i < 200; i++) {
    const link = await linkById(id);
    if (link.lastCheckedAt) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the first check never ran');
}

const checkNow = async (id: string) => {
  const response = await inject('POST', withId(apiPaths.liveLinkCheck, id));
  expect(response.statusCode).toBe(200);
  return response.json<LiveLink>();
};

describe('link monitoring against pages that change', () => {
  it('checks a link when it is added, then finds it lost once removed: history, notification and email', async () => {
    pages.set('/removed', html(linkTo()));
    const added = await addLink('/removed');
    expect(added.lastCheckedAt).toBeNull();
    const first = await firstCheck(added.id);
    expect(first).toMatchObject({ status: 'active', reasons: [], rel: [], foundAnchorText: 'best tools' });

    pages.set('/removed', html('No links here any more.'));
    const lost = await checkNow(added.id);
    expect(lost).toMatchObject({ status: 'lost', reasons: ['link-missing'], foundAnchorText: null });

    const history = (await inject('GET', withId(apiPaths.liveLinkChecks, added.id))).json<LinkCheckPage>();
    expect(history.total).toBe(2);
    expect(history.items.map((c) => c.status)).toEqual(['lost', 'active']);
    expect(history.items[0]).toMatchObject({ httpStatus: 200, finalUrl: 'http://blog.test/removed' });

    const notes = (await inject('GET', apiPaths.notifications)).json<NotificationPage>();
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({
      kind: 'link-lost',
      title: 'Link lost on blog.test',
      liveLinkId: added.id,
      readAt: null,
    });
    expect(notes.items[0]!.body).toContain('The link was removed from the page');

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([email]);
    expect(mail!.parsed.subject).toBe('LinkPilot: Link lost on blog.test');
    expect(mail!.parsed.text).toContain('http://blog.test/removed');

    // Still lost: no second alert.
    await checkNow(added.id);
    expect((await inject('GET', apiPaths.notifications)).json<NotificationPage>().total).toBe(1);

    expect((await inject('POST', apiPaths.notificationsRead, {})).json()).toEqual({ updated: 1 });
    expect((await inject('GET', apiPaths.notifications)).json<NotificationPage>().unread).toBe(0);
  });

  it.each([
    ['nofollow', html(linkTo('best tools', 'nofollow')), 'suspicious', ['nofollow']],
    ['noindex', html(linkTo(), '<meta name="robots" content="noindex">'), 'suspicious', ['noindex']],
    [
      'noindex header',
      { body: html(linkTo()), headers: { 'x-robots-tag': 'noindex' } },
      'suspicious',
      ['noindex'],
    ],
    ['404', { status: 404, body: 'gone' }, 'lost', ['page-gone']],
    [
      'moved within the site',
      { status: 301, headers: { location: 'http://blog.test/moved-away' } },
      'active',
      [],
    ],
    ['anchor changed', html(linkTo('cheap tools')), 'suspicious', ['anchor-changed']],
  ] as const)('judges the link again after the page changed: %s', async (name, after, status, reasons) => {
    const path = `/${name.replace(/\s/g, '-')}`;
    pages.set(path, html(linkTo()));
    pages.set('/moved-away', html(linkTo()));
    const link = await addLink(path);
    expect((await firstCheck(link.id)).status).toBe('active');
    pages.set(path, after as FixtureAnswer);
    expect(await checkNow(link.id)).toMatchObject({ status, reasons });
  });

  it('is suspicious when the page redirects to another domain', async () => {
    pages.set('/leaving', html(linkTo()));
    const link = await addLink('/leaving');
    await firstCheck(link.id);
    pages.set('/leaving', { status: 302, headers: { location: 'http://elsewhere.test/post' } });
    elsewhere.set('/post', html(linkTo()));
    const checked = await checkNow(link.id);
    expect(checked).toMatchObject({ status: 'suspicious', reasons: ['redirected-off-site'] });
    const history = (await inject('GET', withId(apiPaths.liveLinkChecks, link.id))).json<LinkCheckPage>();
    expect(history.items[0]!.finalUrl).toBe('http://elsewhere.test/post');
  });

  it('records a check of a page with NUL bytes and broken UTF-8, its anchor without them', async () => {
    pages.set('/nul', html(linkTo()));
    const link = await addLink('/nul');
    await firstCheck(link.id);
    const body = html(linkTo('best\u0000 tools'), '<meta name="description" content="A\u0000B">');
    pages.set('/nul', {
      body: Buffer.concat([
        Buffer.from(body.replace('<title>Post', '<title>Po\u0000st')),
        Buffer.from([0xc3, 0x28]),
      ]),
    });
    expect(await checkNow(link.id)).toMatchObject({
      status: 'active',
      reasons: [],
      foundAnchorText: 'best tools',
    });
    const history = (await inject('GET', withId(apiPaths.liveLinkChecks, link.id))).json<LinkCheckPage>();
    expect(history.items.map((c) => c.anchorText)).toEqual(['best tools', 'best tools']);
  });

  it('counts new, lost and suspicious links and charts today’s active links', async () => {
    const summary = (await inject('GET', apiPaths.liveLinkSummary)).json<LiveLinkSummary>();
    const all = (await inject('GET', `${apiPaths.liveLinks}?pageSize=100`)).json<LiveLinkPage>().items;
    expect(summary.total).toBe(all.length);
    expect(summary.newLast7Days).toBe(all.length);
    expect(summary.lost).toBe(all.filter((l) => l.status === 'lost').length);
    expect(summary.suspicious).toBe(all.filter((l) => l.status === 'suspicious').length);
    expect(summary.lost).toBeGreaterThan(0);
    expect(summary.activeOverTime).toHaveLength(30);
    expect(summary.activeOverTime.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      active: all.filter((l) => l.status === 'active').length,
    });
    const lostOnly = (await inject('GET', `${apiPaths.liveLinks}?status=lost`)).json<LiveLinkPage>();
    expect(lostOnly.total).toBe(summary.lost);
    expect(lostOnly.items.every((l) => l.status === 'lost')).toBe(true);
  });

  it('answers 404 to another user for every link endpoint, and marks none of their notifications', async () => {
    const link = (await inject('GET', apiPaths.liveLinks)).json<LiveLinkPage>().items[0]!;
    const { cookie: stranger } = await signUpUser(t.app);
    for (const [method, url] of [
      ['POST', withId(apiPaths.liveLinkCheck, link.id)],
      ['GET', withId(apiPaths.liveLinkChecks, link.id)],
      ['DELETE', withId(apiPaths.liveLink, link.id)],
    ] as const) {
      expect((await inject(method, url, undefined, stranger)).statusCode).toBe(404);
    }
    const mine = (await inject('GET', apiPaths.notifications))
      .json<NotificationPage>()
      .items.map((n) => n.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      (await inject('GET', apiPaths.notifications, undefined, stranger)).json<NotificationPage>().total,
    ).toBe(0);
    expect((await inject('POST', apiPaths.notificationsRead, { ids: mine }, stranger)).json()).toEqual({
      updated: 0,
    });
  });
});

describe('the SSRF guard in link checks', () => {
  it('refuses a page on a private address unless it is allowed', async () => {
    const local = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html(linkTo()));
    });
    const [campaign] = await t.handle.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const link = (
      await t.handle.db
        .insert(liveLinks)
        .values({
          campaignId,
          workspaceId: campaign!.workspaceId,
          url: 'https://shop.test/tools',
          anchorText: 'best tools',
          pageUrl: `${local.url}/post`,
        })
        .returning()
    )[0]!;
    const refused = new Crawler(crawlerSettings(testConfig({ CRAWL_RETRIES: '0' })));
    const allowedConfig = testConfig({ CRAWL_RETRIES: '0', CRAWL_ALLOW_PRIVATE: '127.0.0.1' });
    const allowed = new Crawler(crawlerSettings(allowedConfig));
    try {
      const blocked = await checkLiveLink({ db: t.handle.db, config: t.config, crawler: refused }, link.id);
      expect(blocked!.outcome).toMatchObject({ status: 'suspicious', reasons: ['page-unreachable'] });
      expect(blocked!.outcome.detail).toMatch(/Refused non-public address 127\.0\.0\.1/);
      const reached = await checkLiveLink({ db: t.handle.db, config: t.config, crawler: allowed }, link.id);
      expect(reached!.outcome.status).toBe('active');
    } finally {
      await refused.close();
      await allowed.close();
      await local.close();
    }
  });
});
