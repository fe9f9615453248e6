import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsCsvColumns } from '../../../shared/csv/contacts-csv';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { CampaignDetail } from '../../../shared/schemas/campaigns';
import type { ContactPage, Prospect, ProspectPage } from '../../../shared/schemas/prospects';
import { queryRows } from '../../db/client';
import { enrollments } from '../../db/schema/outreach';
import { prospects } from '../../db/schema/prospects';
import { changeProspect } from '../../outreach/prospect-changes';
import { createSignedInApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function firstProspect(campaignId: string): Promise<Prospect> {
  return (await inject('GET', withId(apiPaths.campaignProspects, campaignId))).json<ProspectPage>().items[0]!;
}

describe('PATCH /api/prospects/:id', () => {
  it('sent stamps last_contacted now; success and failed keep it and date the outcome; counters follow', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospect = await firstProspect(campaign.id);
    const url = withId(apiPaths.prospect, prospect.id);

    const before = Date.now();
    const sent = (await inject('PATCH', url, { status: 'sent' })).json<Prospect>();
    expect(sent).toMatchObject({ status: 'sent', outcomeAt: null });
    expect(Date.parse(sent.lastContacted!)).toBeGreaterThanOrEqual(before - 1000);

    const success = (await inject('PATCH', url, { status: 'success' })).json<Prospect>();
    expect(success).toMatchObject({ status: 'success', lastContacted: sent.lastContacted });
    expect(Date.parse(success.outcomeAt!)).toBeGreaterThanOrEqual(Date.parse(sent.lastContacted!));
    const detail = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>();
    expect(detail.successCount).toBe(1);
    expect(detail.prospectCounts).toMatchObject({ pending: 2, success: 1 });
    // The campaign's list, the contacts list and the CSV export say the same.
    expect(await firstProspect(campaign.id)).toMatchObject({
      id: prospect.id,
      lastContacted: sent.lastContacted,
      outcomeAt: success.outcomeAt,
    });
    const contacts = (
      await inject('GET', withQuery(apiPaths.contacts, { campaignId: campaign.id }))
    ).json<ContactPage>();
    expect(contacts.items.find((c) => c.id === prospect.id)).toMatchObject({
      lastContacted: sent.lastContacted,
      outcomeAt: success.outcomeAt,
    });
    const csv = Papa.parse<string[]>(
      (await inject('GET', withQuery(apiPaths.contactsExport, { campaignId: campaign.id }))).body.trimEnd(),
    ).data;
    const row = csv.find((r) => r[0] === prospect.website)!;
    expect(row[contactsCsvColumns.indexOf('Last Contacted')]).toBe(sent.lastContacted);

    const failed = (await inject('PATCH', url, { status: 'failed' })).json<Prospect>();
    expect(failed).toMatchObject({ status: 'failed', lastContacted: sent.lastContacted });
    expect(Date.parse(failed.outcomeAt!)).toBeGreaterThanOrEqual(Date.parse(success.outcomeAt!));
    expect(
      (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>().successCount,
    ).toBe(0);

    // Back to sent: no outcome any more.
    expect((await inject('PATCH', url, { status: 'sent' })).json<Prospect>().outcomeAt).toBeNull();
  });

  it('an email sent after the outcome moves last_contacted and keeps the outcome and its date', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospect = await firstProspect(campaign.id);
    const won = (
      await inject('PATCH', withId(apiPaths.prospect, prospect.id), { status: 'success' })
    ).json<Prospect>();
    const later = new Date(Date.parse(won.outcomeAt!) + 60_000);
    // As a sequence step going out does (outreach/sending/record.ts): the status stays unless pending or sent.
    await t.handle.db.transaction((tx) =>
      changeProspect(tx, eq(prospects.id, prospect.id), {
        status: sql`case when ${prospects.status} in ('pending', 'sent') then 'sent'::prospect_status else ${prospects.status} end`,
        lastContacted: later,
        reason: 'Step 2 sent',
      }),
    );
    expect(await firstProspect(campaign.id)).toMatchObject({
      status: 'success',
      lastContacted: later.toISOString(),
      outcomeAt: won.outcomeAt,
    });
  });

  it('success or failed by hand stops the prospect’s sequence; sent leaves it running', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const [a, b] = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>()
      .items;
    const [owner] = await queryRows<{ workspaceId: string }>(
      t.handle.db,
      sql`select workspace_id as "workspaceId" from campaigns where id = ${campaign.id}`,
    );
    for (const prospect of [a!, b!])
      await t.handle.db.insert(enrollments).values({
        workspaceId: owner!.workspaceId,
        campaignId: campaign.id,
        prospectId: prospect.id,
        nextStepAt: new Date(),
      });
    await inject('PATCH', withId(apiPaths.prospect, a!.id), { status: 'sent' });
    await inject('PATCH', withId(apiPaths.prospect, b!.id), { status: 'success' });
    const rows = await t.handle.db.select().from(enrollments).where(eq(enrollments.campaignId, campaign.id));
    const of = (id: string) => rows.find((r) => r.prospectId === id)!;
    expect(of(a!.id)).toMatchObject({ status: 'active' });
    expect(of(b!.id)).toMatchObject({
      status: 'stopped',
      stopReason: 'Marked Success by you',
      nextStepAt: null,
    });
  });

  it('refuses statuses the detail page cannot set, and unknown prospects', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospect = await firstProspect(campaign.id);
    expect(
      (await inject('PATCH', withId(apiPaths.prospect, prospect.id), { status: 'responded' })).statusCode,
    ).toBe(400);
    const missing = await inject('PATCH', withId(apiPaths.prospect, '00000000-0000-4000-8000-000000000000'), {
      status: 'sent',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/prospects/:id', () => {
  it('deletes the prospect and recounts its campaign', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospect = await firstProspect(campaign.id);
    expect((await inject('DELETE', withId(apiPaths.prospect, prospect.id))).json()).toEqual({ ok: true });
    const detail = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>();
    expect(detail).toMatchObject({ prospects: 2, prospectsFound: 2 });
    expect((await inject('DELETE', withId(apiPaths.prospect, prospect.id))).statusCode).toBe(404);
  });
});

describe('GET /api/campaigns/:id/prospects', () => {
  it('sorts by last contacted with never-contacted last, and pages', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const prospect = await firstProspect(campaign.id);
    await inject('PATCH', withId(apiPaths.prospect, prospect.id), { status: 'sent' });
    const url = `${withId(apiPaths.campaignProspects, campaign.id)}?sort=lastContacted&order=asc&pageSize=2`;
    const page = (await inject('GET', url)).json<ProspectPage>();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBe(prospect.id);
  });

  it('sorts by DA score: best first, unscored last, equal scores in the file’s order; ascending too', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      prospects: ['none.com', 'thirty-a.com', 'fifty.com', 'thirty-b.com'].map((website) => ({ website })),
    });
    await t.handle.db.execute(sql`update prospects set da_score = case website
      when 'thirty-a.com' then 30 when 'fifty.com' then 50 when 'thirty-b.com' then 30 end
      where campaign_id = ${campaign.id}`);
    const sites = async (order: 'asc' | 'desc', pageSize = 25, page = 1) =>
      (
        await inject(
          'GET',
          withQuery(withId(apiPaths.campaignProspects, campaign.id), {
            sort: 'daScore',
            order,
            pageSize,
            page,
          }),
        )
      )
        .json<ProspectPage>()
        .items.map((p) => p.website);
    expect(await sites('desc')).toEqual(['fifty.com', 'thirty-a.com', 'thirty-b.com', 'none.com']);
    expect(await sites('asc')).toEqual(['thirty-a.com', 'thirty-b.com', 'fifty.com', 'none.com']);
    // Pages split the same order.
    expect([...(await sites('desc', 2, 1)), ...(await sites('desc', 2, 2))]).toEqual(await sites('desc'));
  });

  it('answers a page past the end with the total, and 404 for another workspace’s campaign', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const past = (
      await inject('GET', `${withId(apiPaths.campaignProspects, campaign.id)}?page=9&pageSize=2`)
    ).json<ProspectPage>();
    expect(past).toMatchObject({ items: [], total: 3, page: 9, pageSize: 2 });

    const { cookie: other } = await signUpUser(t.app);
    const response = await t.app.inject({
      url: withId(apiPaths.campaignProspects, campaign.id),
      headers: { cookie: other },
    });
    expect(response.statusCode).toBe(404);
  });
});
