import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProspectsCsv, rowErrorsFromIssues } from '../../../shared/csv/prospects-csv';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { ErrorResponse } from '../../../shared/schemas/api';
import type { Campaign, CampaignPage } from '../../../shared/schemas/campaigns';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { createSignedInApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
});
afterAll(() => t.close());

const createManual = (prospects: unknown[], name = 'Imported') =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.campaigns,
    headers: { cookie },
    payload: { type: 'manual', name, websiteUrl: 'https://mysite.com', competitors: [], prospects },
  });

const campaignProspects = async (id: string) =>
  (
    await t.app.inject({
      url: withQuery(withId(apiPaths.campaignProspects, id), { pageSize: 100 }),
      headers: { cookie },
    })
  ).json<ProspectPage>();

describe('manual campaign prospects: the server checks every row again', () => {
  it('answers the rows it refuses, with the messages the preview shows, and stores nothing', async () => {
    const before = (
      await t.app.inject({ url: apiPaths.campaigns, headers: { cookie } })
    ).json<CampaignPage>();
    const response = await createManual([
      { website: 'good.com', contactEmail: 'jo@good.com' },
      { website: 'bad-email.com', contactEmail: 'not-an-email' },
      { website: '' },
      { website: 'not a url', contactName: 'x'.repeat(201) },
    ]);
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ErrorResponse>();
    expect(error.code).toBe('VALIDATION_ERROR');
    // The client sent file rows 3, 7, 8 and 12: the answer lands on those rows.
    expect(rowErrorsFromIssues(error.issues ?? [], [3, 7, 8, 12])).toEqual([
      { row: 7, message: 'Invalid email address' },
      { row: 8, message: 'Website is required' },
      { row: 12, message: 'Invalid website URL; Name is longer than 200 characters' },
    ]);
    const after = (await t.app.inject({ url: apiPaths.campaigns, headers: { cookie } })).json<CampaignPage>();
    expect(after.total).toBe(before.total);
  });

  it('refuses more than 10,000 prospects in one campaign', async () => {
    const response = await createManual(Array.from({ length: 10_001 }, (_, i) => ({ website: `s${i}.com` })));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().error.message).toBe('A CSV file can hold at most 10,000 prospects');
  });

  it('takes 10,000 prospects in one request', async () => {
    const response = await createManual(
      Array.from({ length: 10_000 }, (_, i) => ({
        website: `site${i}.example.com`,
        contactEmail: `editor${i}@site${i}.example.com`,
        contactName: `Editor ${i}`,
        notes: `said "hi" on day ${i}`,
      })),
      'Ten thousand',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Campaign>().prospects).toBe(10_000);
  });

  it('re-imports the contacts export into another campaign, quotes and formulas intact', async () => {
    const source = await createManualCampaign(t.app, cookie, {
      name: 'Source; =1+1',
      prospects: [
        { website: 'alpha.com', contactEmail: 'ann@alpha.com', contactName: '=HYPERLINK("x")' },
        { website: 'https://beta.org/blog', notes: 'said "hi"\nthen left' },
      ],
    });
    const exported = await t.app.inject({
      url: withQuery(apiPaths.contactsExport, { campaignId: source.id }),
      headers: { cookie },
    });
    expect(exported.statusCode).toBe(200);
    const parsed = parseProspectsCsv(exported.body);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.invalid).toEqual([]);
    const response = await createManual(
      parsed.valid.map((r) => r.prospect),
      'Copy',
    );
    expect(response.statusCode, response.body).toBe(201);
    const strip = (page: ProspectPage) =>
      page.items
        .map((p) => [p.website, p.contactEmail, p.contactName, p.notes])
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    const copy = await campaignProspects(response.json<Campaign>().id);
    expect(strip(copy)).toEqual(strip(await campaignProspects(source.id)));
    expect(strip(copy)).toEqual([
      ['alpha.com', 'ann@alpha.com', '=HYPERLINK("x")', null],
      ['https://beta.org/blog', null, null, 'said "hi"\nthen left'],
    ]);
  });

  it('adds the next batches after the rows already there, recounting the campaign', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Batched' });
    const add = (prospects: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: withId(apiPaths.campaignProspects, campaign.id),
        headers: { cookie },
        payload: { prospects },
      });
    const response = await add([{ website: 'delta.io', notes: 'said "hi"' }, { website: 'epsilon.dev' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 2, prospects: 5 });
    const page = await campaignProspects(campaign.id);
    expect(page.items.map((p) => p.website)).toEqual([
      'alpha.com',
      'beta.org',
      'gamma.net',
      'delta.io',
      'epsilon.dev',
    ]);
    const detail = await t.app.inject({ url: withId(apiPaths.campaign, campaign.id), headers: { cookie } });
    expect(detail.json()).toMatchObject({ prospects: 5, prospectsFound: 5, targetProspects: 5 });

    const refused = await add([{ website: 'ok.com' }, { website: 'zeta.io', contactEmail: 'nope' }]);
    expect(refused.statusCode).toBe(400);
    expect(rowErrorsFromIssues(refused.json<ErrorResponse>().error.issues ?? [], [40, 41])).toEqual([
      { row: 41, message: 'Invalid email address' },
    ]);
    expect((await campaignProspects(campaign.id)).total).toBe(5);
  });

  it("answers 404 for another user's campaign and adds nothing", async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Mine' });
    const other = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: withId(apiPaths.campaignProspects, campaign.id),
      headers: { cookie: other.cookie },
      payload: { prospects: [{ website: 'intruder.com' }] },
    });
    expect(response.statusCode).toBe(404);
    expect((await campaignProspects(campaign.id)).total).toBe(3);
  });
});
