import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { PUBLIC_WEBSITE_MESSAGE } from '../../../shared/public-host';
import { workspaceMessages } from '../../../shared/roles';
import type { Me } from '../../../shared/schemas/auth';
import { campaignMessages as m } from '../../../shared/schemas/campaigns';
import type { Campaign, CampaignDetail, CampaignPage } from '../../../shared/schemas/campaigns';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { queryRows } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { enrollments } from '../../db/schema/outreach';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createSignedInApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** A valid AI campaign body; the refusal tests change or add only what they mean to refuse. */
const aiCampaign = { type: 'ai', name: 'n', websiteUrl: 'a.com', competitors: [], prospects: 10 };

describe('POST /api/campaigns', () => {
  it('creates a manual campaign as draft with its prospects in one go', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { competitors: ['rival.com', ''] });
    expect(campaign).toMatchObject({
      status: 'draft',
      type: 'manual',
      targetProspects: 3,
      prospects: 3,
      prospectsFound: 3,
      competitors: ['https://rival.com'],
    });
    const page = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>();
    expect(page.total).toBe(3);
    // Newest first, and the file's rows keep their order.
    expect(page.items.map((p) => p.website)).toEqual(['alpha.com', 'beta.org', 'gamma.net']);
    expect(page.items.every((p) => p.status === 'pending' && p.lastContacted === null)).toBe(true);
  });

  it('creates an AI campaign with the given target and no prospects', async () => {
    const response = await inject('POST', apiPaths.campaigns, {
      type: 'ai',
      name: 'AI run',
      websiteUrl: 'mysite.com',
      competitors: [],
      prospects: 50,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'draft', type: 'ai', targetProspects: 50, prospects: 0 });
  });

  it('refuses invalid input with the form messages and stores nothing', async () => {
    const before = (await inject('GET', apiPaths.campaigns)).json<CampaignPage>().total;
    const cases: [object, string][] = [
      [{ ...aiCampaign, name: '' }, m.nameRequired],
      [{ ...aiCampaign, websiteUrl: 'bad url' }, m.invalidUrl],
      [{ ...aiCampaign, prospects: 4 }, m.prospectsMin],
      [{ ...aiCampaign, prospects: 1001 }, m.prospectsMax],
      [{ ...aiCampaign, type: 'manual', prospects: [] }, m.noProspects],
      [{ ...aiCampaign, websiteUrl: 'http://localhost:3000' }, PUBLIC_WEBSITE_MESSAGE],
      [{ ...aiCampaign, competitors: ['192.168.1.1'] }, PUBLIC_WEBSITE_MESSAGE],
      [
        { ...aiCampaign, competitors: ['1.com', '2.com', '3.com', '4.com', '5.com', '6.com'] },
        m.tooManyCompetitors,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await inject('POST', apiPaths.campaigns, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect((await inject('GET', apiPaths.campaigns)).json<CampaignPage>().total).toBe(before);
  });

  it('refuses a mailbox that is not the workspace’s', async () => {
    const response = await inject('POST', apiPaths.campaigns, {
      ...aiCampaign,
      emailAccountId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/campaigns', () => {
  it('filters by status, searches name or URL and pages', async () => {
    const { cookie: own } = await signUpUser(t.app);
    const a = await createManualCampaign(t.app, own, {
      name: 'Alpha Launch',
      websiteUrl: 'https://first.io',
    });
    await createManualCampaign(t.app, own, { name: 'Beta', websiteUrl: 'https://second-site.io' });
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.campaign, a.id),
      headers: { cookie: own },
      payload: { status: 'active' },
    });
    const list = async (query: Record<string, string | number>) =>
      (
        await t.app.inject({ url: withQuery(apiPaths.campaigns, query), headers: { cookie: own } })
      ).json<CampaignPage>();

    expect((await list({})).items.map((c) => c.name)).toEqual(['Beta', 'Alpha Launch']);
    expect((await list({ status: 'active' })).items.map((c) => c.name)).toEqual(['Alpha Launch']);
    expect((await list({ status: 'paused' })).total).toBe(0);
    expect((await list({ status: 'draft' })).items.map((c) => c.name)).toEqual(['Beta']);
    expect((await list({ search: 'LAUNCH' })).items.map((c) => c.name)).toEqual(['Alpha Launch']);
    expect((await list({ search: 'second-site' })).items.map((c) => c.name)).toEqual(['Beta']);
    expect((await list({ search: '%' })).total).toBe(0);
    const page2 = await list({ pageSize: 1, page: 2 });
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((c) => c.name)).toEqual(['Alpha Launch']);
    expect(
      (
        await t.app.inject({
          url: withQuery(apiPaths.campaigns, { status: 'nope' }),
          headers: { cookie: own },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("names each campaign's owner and lists only the viewer's with owner=me", async () => {
    const ada = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const bea = await signUpUser(t.app, { firstName: 'Bea', lastName: 'Byron' });
    const meOf = async (who: { cookie: string }) =>
      (await t.app.inject({ url: apiPaths.me, headers: { cookie: who.cookie } })).json<Me>();
    const [adaMe, beaMe] = [await meOf(ada), await meOf(bea)];
    const workspaceId = adaMe.workspace.id;
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: beaMe.id, role: 'member', lastUsedAt: new Date(0) });
    const headersOf = (who: { cookie: string }) => ({ cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId });
    const create = async (who: { cookie: string }, name: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.campaigns,
        headers: headersOf(who),
        payload: { type: 'ai', name, websiteUrl: 'mysite.com', competitors: [], prospects: 10 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Campaign>();
    };
    const adas = await create(ada, 'Ada’s');
    const beas = await create(bea, 'Bea’s');
    expect(adas.owner).toEqual({ id: adaMe.id, name: 'Ada Lovelace' });
    expect(beas.owner).toEqual({ id: beaMe.id, name: 'Bea Byron' });
    const list = async (who: { cookie: string }, query: Record<string, string> = {}) => {
      const response = await t.app.inject({
        url: withQuery(apiPaths.campaigns, query),
        headers: headersOf(who),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CampaignPage>();
    };
    const owners = (page: CampaignPage) => page.items.map((c) => [c.name, c.owner?.name ?? null]);

    expect(owners(await list(bea))).toEqual([
      ['Bea’s', 'Bea Byron'],
      ['Ada’s', 'Ada Lovelace'],
    ]);
    const beasOnly = await list(bea, { owner: 'me' });
    expect(owners(beasOnly)).toEqual([['Bea’s', 'Bea Byron']]);
    expect(beasOnly.total).toBe(1);
    expect(owners(await list(ada, { owner: 'me', status: 'draft' }))).toEqual([['Ada’s', 'Ada Lovelace']]);
    expect((await list(bea, { owner: 'me', search: 'Ada' })).total).toBe(0);
    expect(
      (await t.app.inject({ url: withQuery(apiPaths.campaigns, { owner: 'you' }), headers: headersOf(bea) }))
        .statusCode,
    ).toBe(400);

    // The detail and an update carry the owner too; a campaign whose owner left the install has none.
    const detail = await t.app.inject({ url: withId(apiPaths.campaign, adas.id), headers: headersOf(bea) });
    expect(detail.json<CampaignDetail>().owner).toEqual({ id: adaMe.id, name: 'Ada Lovelace' });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.campaign, beas.id),
      headers: headersOf(bea),
      payload: { status: 'active' },
    });
    expect(updated.json<Campaign>().owner).toEqual({ id: beaMe.id, name: 'Bea Byron' });
    await t.handle.db.update(campaigns).set({ ownerId: null }).where(eq(campaigns.id, adas.id));
    expect(owners(await list(ada))).toEqual([
      ['Bea’s', 'Bea Byron'],
      ['Ada’s', null],
    ]);
    expect((await list(ada, { owner: 'me' })).total).toBe(0);
  });

  it('lists options ordered by name', async () => {
    const { cookie: own } = await signUpUser(t.app);
    await createManualCampaign(t.app, own, { name: 'Zeta' });
    await createManualCampaign(t.app, own, { name: 'Apple' });
    const options = (await t.app.inject({ url: apiPaths.campaignOptions, headers: { cookie: own } })).json();
    expect(options.map((o: { name: string }) => o.name)).toEqual(['Apple', 'Zeta']);
  });
});

describe('campaign detail, update, delete', () => {
  it('counts prospects by status and follows the status rules', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const detail = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>();
    expect(detail.prospectCounts).toEqual({ pending: 3, sent: 0, responded: 0, success: 0, failed: 0 });

    const move = (status: string) => inject('PATCH', withId(apiPaths.campaign, campaign.id), { status });
    expect((await move('paused')).json().error).toEqual({
      code: 'CONFLICT',
      message: 'A draft campaign cannot be set to paused.',
    });
    expect((await move('active')).json().status).toBe('active');
    expect((await move('paused')).json().status).toBe('paused');
    expect((await move('active')).json().status).toBe('active');
    expect((await move('completed')).json().status).toBe('completed');
    expect((await move('active')).statusCode).toBe(409);
  });

  it('saves competitors with the detail page messages', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const url = withId(apiPaths.campaign, campaign.id);
    const saved = await inject('PATCH', url, { competitors: ['rival.com', 'https://other.org'] });
    expect(saved.json().competitors).toEqual(['https://rival.com', 'https://other.org']);
    const bad = await inject('PATCH', url, { competitors: ['nope'] });
    expect(bad.json().error.message).toBe(m.invalidCompetitor);
    const dup = await inject('PATCH', url, { competitors: ['rival.com', 'www.rival.com'] });
    expect(dup.json().error.message).toBe(m.duplicateCompetitor);
    expect((await inject('PATCH', url, {})).statusCode).toBe(400);
  });

  it('deletes a campaign with everything that belongs to it', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    await inject('POST', apiPaths.liveLinks, {
      campaignId: campaign.id,
      url: 'https://x.com/a',
      anchorText: 'x',
      pageUrl: 'https://x.com',
    });
    expect((await inject('DELETE', withId(apiPaths.campaign, campaign.id))).json()).toEqual({ ok: true });
    const detail = await inject('GET', withId(apiPaths.campaign, campaign.id));
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error.message).toBe(m.notFound);
    const [left] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select (select count(*) from prospects where campaign_id = ${campaign.id})::int
        + (select count(*) from live_links where campaign_id = ${campaign.id})::int as n`,
    );
    expect(left!.n).toBe(0);
    expect((await inject('DELETE', withId(apiPaths.campaign, campaign.id))).statusCode).toBe(404);
  });

  it('lets a member delete only a campaign they own, and Full Access any of the workspace', async () => {
    const fay = await signUpUser(t.app);
    const workspaceId = (await t.app.inject({ url: apiPaths.me, headers: { cookie: fay.cookie } })).json<Me>()
      .workspace.id;
    const join = async () => {
      const joiner = await signUpUser(t.app);
      const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie: joiner.cookie } })).json<Me>();
      await t.handle.db.insert(workspaceMembers).values({ workspaceId, userId: me.id, role: 'member' });
      return { cookie: joiner.cookie, [WORKSPACE_HEADER]: workspaceId };
    };
    const mo = await join();
    const ola = await join();
    const create = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.campaigns,
        headers,
        payload: { type: 'ai', name: 'Shared', websiteUrl: 'mysite.com', competitors: [], prospects: 10 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return withId(apiPaths.campaign, response.json().id);
    };
    const remove = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url, headers });
    const exists = async (url: string) => (await t.app.inject({ url, headers: mo })).statusCode === 200;

    const mosCampaign = await create(mo);
    const faysCampaign = await create({ cookie: fay.cookie });
    for (const url of [mosCampaign, faysCampaign]) {
      const refused = await remove(url, ola);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'FORBIDDEN', message: workspaceMessages.deleteCampaign });
    }
    expect((await remove(faysCampaign, mo)).statusCode).toBe(403);
    expect([await exists(mosCampaign), await exists(faysCampaign)]).toEqual([true, true]);

    expect((await remove(mosCampaign, mo)).json()).toEqual({ ok: true });
    expect(await exists(mosCampaign)).toBe(false);
    const olasCampaign = await create(ola);
    expect((await remove(olasCampaign, { cookie: fay.cookie })).json()).toEqual({ ok: true });
    expect(await exists(olasCampaign)).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await inject('GET', withId(apiPaths.campaign, '00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await inject('GET', withId(apiPaths.campaign, 'not-a-uuid'))).statusCode).toBe(400);
  });
});

describe('Campaign Progress', () => {
  /** A manual campaign of `sites.length` prospects, one enrollment per given status (in site order). */
  async function campaignWithEnrollments(statuses: (typeof enrollments.$inferInsert.status)[]) {
    const sites = ['a.test', 'b.test', 'c.test', 'd.test', 'e.test', 'f.test', 'g.test', 'h.test'];
    const campaign = await createManualCampaign(t.app, cookie, {
      prospects: sites.map((website) => ({ website, contactEmail: `hi@${website}` })),
    });
    const rows = await t.handle.db
      .select({ id: prospects.id, workspaceId: prospects.workspaceId, website: prospects.website })
      .from(prospects)
      .where(eq(prospects.campaignId, campaign.id));
    const bySite = new Map(rows.map((r) => [r.website, r]));
    if (statuses.length > 0) {
      await t.handle.db.insert(enrollments).values(
        statuses.map((status, i) => {
          const prospect = bySite.get(sites[i]!)!;
          return {
            workspaceId: prospect.workspaceId,
            campaignId: campaign.id,
            prospectId: prospect.id,
            status,
          };
        }),
      );
    }
    return campaign;
  }
  const progressOf = async (id: string, as = cookie) =>
    (
      await t.app.inject({ method: 'GET', url: withId(apiPaths.campaign, id), headers: { cookie: as } })
    ).json<CampaignDetail>().campaignProgress;

  it('is 0 of 0 before anyone is enrolled, whatever discovery did', async () => {
    const campaign = await campaignWithEnrollments([]);
    await t.handle.db.update(campaigns).set({ progressPercentage: 100 }).where(eq(campaigns.id, campaign.id));
    expect(await progressOf(campaign.id)).toEqual({ enrolled: 0, ended: 0, percent: 0 });
  });

  it('counts finished and stopped sequences as ended, active and paused ones as not, rounding down', async () => {
    // Of 7 enrolled (1 of the 8 prospects is not): 1 finished, 3 stopped (as a reply, a bounce or an
    // unsubscribe leaves them), 2 active, 1 paused → 4 / 7 = 57.1 % → 57.
    const campaign = await campaignWithEnrollments([
      'completed',
      'stopped',
      'stopped',
      'stopped',
      'active',
      'active',
      'paused',
    ]);
    expect(await progressOf(campaign.id)).toEqual({ enrolled: 7, ended: 4, percent: 57 });
  });

  it('reaches 100 only when every enrolled sequence has ended', async () => {
    const campaign = await campaignWithEnrollments(['completed', 'stopped', 'completed']);
    expect(await progressOf(campaign.id)).toEqual({ enrolled: 3, ended: 3, percent: 100 });
  });

  it('is not shown to another workspace’s user: 404', async () => {
    const campaign = await campaignWithEnrollments(['completed']);
    const { cookie: stranger } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: withId(apiPaths.campaign, campaign.id),
      headers: { cookie: stranger },
    });
    expect(response.statusCode).toBe(404);
    expect(await progressOf(campaign.id)).toEqual({ enrolled: 1, ended: 1, percent: 100 });
  });
});

describe('strict bodies', () => {
  it('refuses unknown fields instead of dropping them', async () => {
    const response = await inject('POST', apiPaths.campaigns, {
      ...aiCampaign,
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
  });
});
