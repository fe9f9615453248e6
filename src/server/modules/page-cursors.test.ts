import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCursorMessages } from '../../shared/page-cursor';
import { apiPaths, withId, withQuery } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import type { Campaign } from '../../shared/schemas/campaigns';
import { liveLinkChecks, liveLinks } from '../db/schema/live-links';
import { notifications } from '../db/schema/notifications';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';

// Cursor pagination of the page-numbered lists (src/shared/page-cursor.ts): following nextCursor
// from the first page visits every row once and ends on nextCursor null, whatever the list's
// statement (listPage, pageAndTotal prepared or not, the capped contacts count).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Page extends Record<string, unknown> {
  items: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
  nextCursor: string | null;
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** `url` (filters and page size in its query) with the cursor of the page to fetch. */
const withCursor = (url: string, cursor: string) =>
  `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/** Every page of a list, from `url`'s first page through nextCursor until it is null. */
async function walk(cookie: string, url: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next = url;
  for (;;) {
    const response = await get(cookie, next);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    pages.push(page);
    if (page.nextCursor === null) return pages;
    expect(pages.length, 'the walk does not end').toBeLessThan(50);
    next = withCursor(url, page.nextCursor);
  }
}

const keys = (pages: Page[], key = 'id') => pages.flatMap((p) => p.items.map((item) => String(item[key])));

/** The field errors of a refused request. */
async function refusal(cookie: string, url: string) {
  const response = await get(cookie, url);
  expect(response.statusCode).toBe(400);
  const { error } = response.json<{ error: { code: string; issues: { path: string; message: string }[] } }>();
  expect(error.code).toBe('VALIDATION_ERROR');
  return error.issues;
}

async function newUser() {
  const { cookie } = await signUpUser(t.app);
  const me = (await get(cookie, apiPaths.me)).json<Me>();
  return { cookie, workspaceId: me.workspace.id };
}

describe('campaigns: 7 campaigns, 3 a page', () => {
  let cookie: string;
  let created: Campaign[];
  beforeAll(async () => {
    ({ cookie } = await newUser());
    created = [];
    for (let i = 1; i <= 7; i++) {
      created.push(
        await createManualCampaign(t.app, cookie, {
          name: `Walk ${i}`,
          prospects: [{ website: `walk${i}.com` }],
        }),
      );
    }
    await createManualCampaign(t.app, cookie, {
      name: 'Elsewhere',
      prospects: [{ website: 'elsewhere.com' }],
    });
  });

  it('walks every campaign exactly once through nextCursor, newest first, and ends on null', async () => {
    const url = withQuery(apiPaths.campaigns, { search: 'Walk', pageSize: 3 });
    const pages = await walk(cookie, url);
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.items.length])).toEqual([
      [1, 3, 7, 3],
      [2, 3, 7, 3],
      [3, 3, 7, 1],
    ]);
    expect(keys(pages)).toEqual(created.map((c) => c.id).reverse());
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((p) => typeof p.nextCursor === 'string')).toBe(true);
  });

  it('keeps page numbers working as before, with the cursor of the page after', async () => {
    const url = withQuery(apiPaths.campaigns, { search: 'Walk', pageSize: 3 });
    const [, second] = await walk(cookie, url);
    const byNumber = (
      await get(cookie, withQuery(apiPaths.campaigns, { search: 'Walk', pageSize: 3, page: 2 }))
    ).json<Page>();
    expect(byNumber).toEqual(second);
    // The cursor wins over page and pageSize.
    const first = (await get(cookie, url)).json<Page>();
    const overridden = await get(
      cookie,
      `${withQuery(apiPaths.campaigns, { search: 'Walk', pageSize: 50, page: 3 })}&cursor=${first.nextCursor}`,
    );
    expect(overridden.json<Page>()).toEqual(second);
  });

  it('refuses a cursor sent with other filters or another order', async () => {
    const first = (
      await get(cookie, withQuery(apiPaths.campaigns, { search: 'Walk', pageSize: 3 }))
    ).json<Page>();
    const cursor = first.nextCursor!;
    const otherQuery = [{ path: 'cursor', message: pageCursorMessages.otherQuery }];
    expect(await refusal(cookie, withQuery(apiPaths.campaigns, { cursor }))).toEqual(otherQuery);
    expect(
      await refusal(cookie, withQuery(apiPaths.campaigns, { search: 'Walk', order: 'asc', cursor })),
    ).toEqual(otherQuery);
  });

  it('refuses a malformed cursor with a field error on cursor', async () => {
    const invalid = [{ path: 'cursor', message: pageCursorMessages.invalid }];
    expect(await refusal(cookie, withQuery(apiPaths.campaigns, { cursor: 'not-a-cursor' }))).toEqual(invalid);
    // Well-formed, but a page size no list allows.
    const huge = Buffer.from(JSON.stringify({ page: 2, pageSize: 100_000, query: '00000000' })).toString(
      'base64url',
    );
    expect(await refusal(cookie, withQuery(apiPaths.campaigns, { cursor: huge }))).toEqual(invalid);
  });
});

describe('the other page-numbered lists', () => {
  let cookie: string;
  let workspaceId: string;
  let campaign: Campaign;
  beforeAll(async () => {
    ({ cookie, workspaceId } = await newUser());
    campaign = await createManualCampaign(t.app, cookie, {
      prospects: Array.from({ length: 5 }, (_, i) => ({ website: `site${i}.com`, contactName: `Pat ${i}` })),
    });
  });

  it("a campaign's prospects, in either sort", async () => {
    for (const query of [{ pageSize: 2 }, { pageSize: 2, sort: 'lastContacted', order: 'asc' }]) {
      const pages = await walk(cookie, withQuery(withId(apiPaths.campaignProspects, campaign.id), query));
      expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
      expect(new Set(keys(pages)).size).toBe(5);
    }
  });

  it('contacts, without filters (prepared) and searched', async () => {
    const all = await walk(cookie, withQuery(apiPaths.contacts, { pageSize: 2 }));
    expect(all.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(new Set(keys(all)).size).toBe(5);
    const searched = await walk(cookie, withQuery(apiPaths.contacts, { pageSize: 1, search: 'site' }));
    expect(new Set(keys(searched))).toEqual(new Set(keys(all)));
  });

  it("a campaign's first lines", async () => {
    const pages = await walk(
      cookie,
      withQuery(withId(apiPaths.campaignFirstLines, campaign.id), { pageSize: 2 }),
    );
    expect(new Set(keys(pages, 'prospectId')).size).toBe(5);
    // The page keeps the list's own fields.
    expect(pages.every((p) => typeof p.requireApproval === 'boolean')).toBe(true);
  });

  it('sequences', async () => {
    const steps = [{ subject: 'Hello', content: 'Hi [First Name]', delayHours: null }];
    for (const name of ['One', 'Two', 'Three']) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.sequences,
        headers: { cookie },
        payload: { name, steps },
      });
      expect(response.statusCode).toBe(201);
    }
    const pages = await walk(cookie, withQuery(apiPaths.sequences, { pageSize: 2 }));
    expect(keys(pages, 'name')).toEqual(['Three', 'Two', 'One']);
  });

  it('notifications, with their unread count on every page', async () => {
    await t.handle.db.insert(notifications).values(
      Array.from({ length: 5 }, (_, i) => ({
        workspaceId,
        kind: 'link-lost' as const,
        title: `N${i}`,
        body: '',
      })),
    );
    const pages = await walk(cookie, withQuery(apiPaths.notifications, { pageSize: 2 }));
    expect(new Set(keys(pages)).size).toBe(5);
    expect(pages.every((p) => p.unread === 5)).toBe(true);
  });

  it('live links, all of them and by status', async () => {
    await t.handle.db.insert(liveLinks).values(
      Array.from({ length: 4 }, (_, i) => ({
        workspaceId,
        campaignId: campaign.id,
        url: `https://site${i}.com/post`,
        anchorText: 'my site',
        pageUrl: 'https://mysite.com',
        status: i === 0 ? ('lost' as const) : ('active' as const),
      })),
    );
    expect(new Set(keys(await walk(cookie, withQuery(apiPaths.liveLinks, { pageSize: 3 })))).size).toBe(4);
    const active = await walk(cookie, withQuery(apiPaths.liveLinks, { pageSize: 1, status: 'active' }));
    expect(new Set(keys(active)).size).toBe(3);
    const linkId = keys(active)[0]!;
    await t.handle.db.insert(liveLinkChecks).values(
      Array.from({ length: 3 }, () => ({
        liveLinkId: linkId,
        workspaceId,
        status: 'active' as const,
        finalUrl: '',
      })),
    );
    const checks = await walk(cookie, withQuery(withId(apiPaths.liveLinkChecks, linkId), { pageSize: 2 }));
    expect(new Set(keys(checks)).size).toBe(3);
  });

  it('an empty list has no next page', async () => {
    const [only, ...rest] = await walk(cookie, withQuery(apiPaths.guestPosts, { pageSize: 2 }));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ items: [], total: 0, nextCursor: null });
    expect((await get(cookie, apiPaths.blogPosts)).json()).toMatchObject({ items: [], nextCursor: null });
    const gap = await walk(cookie, withId(apiPaths.competitorGap, campaign.id));
    expect(gap).toMatchObject([{ items: [], nextCursor: null, competitorDomains: [] }]);
  });
});

describe('contacts past the count cap', () => {
  it('walks all 1,250 contacts although the total says 1,000', async () => {
    const { cookie } = await newUser();
    await createManualCampaign(t.app, cookie, {
      prospects: Array.from({ length: 1250 }, (_, i) => ({ website: `bulk${i}.com` })),
    });
    const pages = await walk(cookie, withQuery(apiPaths.contacts, { pageSize: 100 }));
    expect(pages).toHaveLength(13);
    expect(pages.every((p) => p.total === 1000)).toBe(true);
    expect(pages.at(-1)!.items).toHaveLength(50);
    expect(new Set(keys(pages)).size).toBe(1250);
  });
});
