import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsCsvColumns } from '../../../shared/csv/contacts-csv';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { INVALID_CAMPAIGN_ID_MESSAGE } from '../../../shared/schemas/campaign-id';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { CONTACTS_COUNT_CAP, type ContactPage } from '../../../shared/schemas/prospects';
import { queryRows } from '../../db/client';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { EXPORT_BATCH_SIZE } from './service';

let t: TestApp;
let cookie: string;
let spring: Campaign;
let autumn: Campaign;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
  spring = await createManualCampaign(t.app, cookie, { name: 'Spring' });
  autumn = await createManualCampaign(t.app, cookie, {
    name: 'Autumn',
    prospects: [
      { website: 'delta.io', contactEmail: 'dee@delta.io', contactName: 'Dee 100%_Sure' },
      {
        website: 'evil.example',
        contactName: '=HYPERLINK("http://x")',
        notes: 'She said "maybe", then\nleft',
      },
    ],
  });
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number> = {}) => {
  const response = await t.app.inject({ url: withQuery(apiPaths.contacts, query), headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContactPage>();
};

describe('GET /api/contacts', () => {
  it('lists the user’s prospects across campaigns with campaign names, newest first', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.items[0]!.campaignName).toBe('Autumn');
    expect(new Set(page.items.map((c) => c.campaignName))).toEqual(new Set(['Spring', 'Autumn']));
  });

  it('searches website, email and name case-insensitively, with % and _ taken literally', async () => {
    expect((await list({ search: 'ALPHA' })).items.map((c) => c.website)).toEqual(['alpha.com']);
    expect((await list({ search: 'bob@BETA' })).items.map((c) => c.website)).toEqual(['beta.org']);
    expect((await list({ search: 'dee 100%_s' })).items.map((c) => c.website)).toEqual(['delta.io']);
    expect((await list({ search: '%' })).items.map((c) => c.website)).toEqual(['delta.io']);
    expect((await list({ search: 'nothing-like-this' })).total).toBe(0);
    // A match never spans two fields: the end of the website and the start of the address.
    expect((await list({ search: 'delta.iodee' })).total).toBe(0);
    expect((await list({ search: 'delta.io dee' })).total).toBe(0);
  });

  it("carries each prospect's stored address check, and none where the stored one is unreadable", async () => {
    const check = {
      deliverable: false,
      flags: [],
      reason: 'The domain takes no mail',
      checkedAt: '2026-11-01T00:00:00.000Z',
    };
    await t.handle.db.execute(
      sql`update prospects set email_check = ${JSON.stringify(check)}::jsonb where website = 'delta.io'`,
    );
    await t.handle.db.execute(
      sql`update prospects set email_check = '{"deliverable":"maybe"}'::jsonb where website = 'evil.example'`,
    );
    try {
      const byWebsite = new Map((await list()).items.map((c) => [c.website, c.emailCheck]));
      expect(byWebsite.get('delta.io')).toEqual(check);
      expect(byWebsite.get('evil.example')).toBeNull();
      expect(byWebsite.get('alpha.com')).toBeNull();
    } finally {
      await t.handle.db.execute(sql`update prospects set email_check = null`);
    }
  });

  it('filters by campaign and status, combined with search', async () => {
    expect((await list({ campaignId: spring.id })).total).toBe(3);
    const [first] = (await list({ campaignId: autumn.id })).items;
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, first!.id),
      headers: { cookie },
      payload: { status: 'sent' },
    });
    expect((await list({ status: 'sent' })).items.map((c) => c.id)).toEqual([first!.id]);
    expect((await list({ status: 'sent', search: 'alpha' })).total).toBe(0);
    expect((await list({ sort: 'lastContacted', order: 'desc' })).items[0]!.id).toBe(first!.id);
  });

  it('pages with a stable order', async () => {
    const all = (await list({ pageSize: 5 })).items.map((c) => c.id);
    const paged = [
      ...(await list({ pageSize: 2, page: 1 })).items,
      ...(await list({ pageSize: 2, page: 2 })).items,
      ...(await list({ pageSize: 2, page: 3 })).items,
    ];
    expect(paged.map((c) => c.id)).toEqual(all);
  });

  it('answers a page past the end with the (capped) total and an empty page', async () => {
    expect(await list({ page: 50, pageSize: 2 })).toMatchObject({
      items: [],
      total: 5,
      totalIsCapped: false,
      page: 50,
      pageSize: 2,
    });
    expect(await list({ search: 'alpha', page: 2, pageSize: 1 })).toMatchObject({ items: [], total: 1 });
  });

  it('never shows another user’s contacts, searched or not', async () => {
    const { cookie: other } = await signUpUser(t.app);
    await createManualCampaign(t.app, other, {
      name: 'Theirs',
      prospects: [{ website: 'alpha-theirs.com', contactEmail: 'ann@alpha-theirs.com', contactName: 'Ann' }],
    });
    const mine = await list({ search: 'alpha', pageSize: 100 });
    expect(mine.items.map((c) => c.website)).toEqual(['alpha.com']);
    const theirs = (
      await t.app.inject({ url: withQuery(apiPaths.contacts, { pageSize: 100 }), headers: { cookie: other } })
    ).json<ContactPage>();
    expect(theirs.total).toBe(1);
    expect(theirs.items.map((c) => [c.website, c.campaignName])).toEqual([['alpha-theirs.com', 'Theirs']]);
  });

  it('refuses a bad filter', async () => {
    const response = await t.app.inject({
      url: withQuery(apiPaths.contacts, { status: 'bogus' }),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a malformed campaign id', () => {
  it('is answered 400 saying what is wrong with it, by the list and the export', async () => {
    for (const url of [apiPaths.contacts, apiPaths.contactsExport]) {
      const response = await t.app.inject({ url: withQuery(url, { campaignId: 'x' }), headers: { cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          message: INVALID_CAMPAIGN_ID_MESSAGE,
          issues: [{ path: 'campaignId', message: INVALID_CAMPAIGN_ID_MESSAGE }],
        },
      });
    }
  });
});

describe('GET /api/contacts/export', () => {
  const exportCsv = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      url: withQuery(apiPaths.contactsExport, query),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('streams the export columns as a dated attachment, neutralising formulas', async () => {
    const response = await exportCsv({ campaignId: autumn.id });
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="contacts_export_${today}.csv"`,
    );
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = Papa.parse<string[]>(response.body.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual([...contactsCsvColumns]);
    expect(rows).toHaveLength(3);
    const evil = rows.find((r) => r[0] === 'evil.example')!;
    expect(evil[2]).toBe(`'=HYPERLINK("http://x")`);
    expect(evil[3]).toBe('Autumn');
    expect(evil[contactsCsvColumns.indexOf('Notes')]).toBe('She said "maybe", then\nleft');
  });

  it('applies the current filters', async () => {
    const rows = Papa.parse<string[]>((await exportCsv({ search: 'beta' })).body.trimEnd()).data;
    expect(rows.slice(1).map((r) => r[0])).toEqual(['beta.org']);
  });

  it('reads every row across keyset batches exactly once', async () => {
    const { cookie: bulkCookie } = await signUpUser(t.app);
    const bulk = await createManualCampaign(t.app, bulkCookie, {
      name: 'Bulk',
      prospects: [{ website: 'seed.com' }],
    });
    const extra = EXPORT_BATCH_SIZE * 2 + 7;
    // Same created_at for many rows: the id tie-breaker must keep batches from skipping or repeating.
    await t.handle.db.execute(sql`
      insert into prospects (campaign_id, workspace_id, website, created_at)
      select ${bulk.id}, c.workspace_id, 'bulk-' || g || '.com', now() - ((g % 3) || ' seconds')::interval
      from generate_series(1, ${extra}) g, campaigns c where c.id = ${bulk.id}`);
    const response = await t.app.inject({ url: apiPaths.contactsExport, headers: { cookie: bulkCookie } });
    const websites = Papa.parse<string[]>(response.body.trimEnd())
      .data.slice(1)
      .map((r) => r[0]);
    expect(websites).toHaveLength(extra + 1);
    expect(new Set(websites).size).toBe(extra + 1);

    // The list counts up to the cap and says so, rather than counting every match.
    const page = (
      await t.app.inject({ url: apiPaths.contacts, headers: { cookie: bulkCookie } })
    ).json<ContactPage>();
    expect(page).toMatchObject({ total: CONTACTS_COUNT_CAP, totalIsCapped: true });
    expect((await list()).totalIsCapped).toBe(false);
  });
});

describe('third-party metrics in the contacts list and export', () => {
  let workspaceId: string;
  beforeAll(async () => {
    // alpha.com DR 62 (and Semrush traffic), beta.org DR 18 and DA 40, delta.io none: as an import leaves them.
    const [row] = await queryRows<{ workspace_id: string }>(
      t.handle.db,
      sql`select workspace_id from campaigns where id = ${spring.id}`,
    );
    workspaceId = row!.workspace_id;
    await t.handle.db.execute(sql`
      update prospects set domain = website where workspace_id = ${workspaceId} and domain is null`);
    await t.handle.db.execute(sql`
      insert into domain_metrics (workspace_id, domain, source, metric, value, measured_on) values
        (${workspaceId}, 'alpha.com', 'ahrefs', 'dr', 62, '2026-11-01'),
        (${workspaceId}, 'alpha.com', 'semrush', 'organic_traffic', 12500, '2026-11-01'),
        (${workspaceId}, 'beta.org', 'ahrefs', 'dr', 18, '2026-11-01'),
        (${workspaceId}, 'beta.org', 'moz', 'da', 40, '2026-11-01')`);
  });

  it('sorts by DR on the server, best first and prospects without one last, either way', async () => {
    const byDr = await list({ sort: 'dr', order: 'desc', pageSize: 100 });
    expect(byDr.items.slice(0, 2).map((c) => [c.website, c.metrics?.dr])).toEqual([
      ['alpha.com', 62],
      ['beta.org', 18],
    ]);
    expect(byDr.items[0]!.metrics).toEqual({ dr: 62, organic_traffic: 12500 });
    expect(byDr.items.slice(2).every((c) => c.metrics?.dr === undefined)).toBe(true);
    const ascending = await list({ sort: 'dr', order: 'asc', pageSize: 100 });
    expect(ascending.items.slice(0, 2).map((c) => c.website)).toEqual(['beta.org', 'alpha.com']);
    // Page 2 of one row a page continues the same order.
    expect((await list({ sort: 'dr', order: 'desc', pageSize: 1, page: 2 })).items[0]!.website).toBe(
      'beta.org',
    );
  });

  it('filters "DR ≥ N" and "DA ≥ N" on the server, counting only the matches', async () => {
    const strong = await list({ metric: 'dr', min: 50 });
    expect(strong.total).toBe(1);
    expect(strong.items.map((c) => c.website)).toEqual(['alpha.com']);
    expect((await list({ metric: 'dr', min: 10, search: 'beta' })).items.map((c) => c.website)).toEqual([
      'beta.org',
    ]);
    expect((await list({ metric: 'da', min: 40 })).items.map((c) => c.website)).toEqual(['beta.org']);
    expect((await list({ metric: 'dr', min: 99 })).total).toBe(0);
    // Sorted by one metric and filtered on another, and on the same one.
    expect((await list({ sort: 'dr', metric: 'da', min: 1 })).items.map((c) => c.website)).toEqual([
      'beta.org',
    ]);
    expect(
      (await list({ sort: 'dr', order: 'asc', metric: 'dr', min: 1 })).items.map((c) => c.website),
    ).toEqual(['beta.org', 'alpha.com']);
  });

  it('never shows another workspace’s metrics, nor lets its filter reach them', async () => {
    const { cookie: other } = await signUpUser(t.app);
    await createManualCampaign(t.app, other, { name: 'Theirs', prospects: [{ website: 'alpha.com' }] });
    await t.handle.db.execute(sql`
      update prospects set domain = website where workspace_id <> ${workspaceId} and website = 'alpha.com'`);
    const theirs = await t.app.inject({
      url: withQuery(apiPaths.contacts, { metric: 'dr', min: 0 }),
      headers: { cookie: other },
    });
    expect(theirs.json<ContactPage>().total).toBe(0);
    const all = (
      await t.app.inject({ url: withQuery(apiPaths.contacts, {}), headers: { cookie: other } })
    ).json<ContactPage>();
    expect(all.items.map((c) => [c.website, c.metrics])).toEqual([['alpha.com', {}]]);
  });

  it('refuses an unknown metric or a negative minimum in the user’s words', async () => {
    for (const query of [{ metric: 'pagerank', min: '5' }, { metric: 'dr', min: '-1' }, { sort: 'alexa' }]) {
      const response = await t.app.inject({ url: withQuery(apiPaths.contacts, query), headers: { cookie } });
      expect(response.statusCode).toBe(400);
    }
    const negative = await t.app.inject({
      url: withQuery(apiPaths.contacts, { metric: 'dr', min: '-1' }),
      headers: { cookie },
    });
    expect(negative.json().error.message).toContain('The minimum cannot be negative.');
  });

  it('exports each metric in its own column, filtered like the list', async () => {
    const response = await t.app.inject({
      url: withQuery(apiPaths.contactsExport, { metric: 'dr', min: 10 }),
      headers: { cookie },
    });
    const [header, ...rows] = Papa.parse<string[]>(response.body.trimEnd(), { newline: '\r\n' }).data;
    const cell = (row: string[] | undefined, column: string) => row?.[header!.indexOf(column)];
    expect(rows.map((r) => r[0]).sort()).toEqual(['alpha.com', 'beta.org']);
    const metricsOf = (website: string) => {
      const row = rows.find((r) => r[0] === website);
      return [cell(row, 'DR'), cell(row, 'DA'), cell(row, 'Organic traffic')];
    };
    expect(metricsOf('beta.org')).toEqual(['18', '40', '']);
    expect(metricsOf('alpha.com')).toEqual(['62', '', '12500']);
  });
});
