import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import { campaignMessages as m } from '../../../shared/schemas/campaigns';
import type { Campaign, CampaignDetail, CampaignPage } from '../../../shared/schemas/campaigns';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  cookie: string;
  id: string;
}

const meOf = async (cookie: string) =>
  (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();

/** Ada's workspace with Bea and Cy as members, and one campaign Ada owns. */
async function team() {
  const people: Person[] = [];
  for (const [firstName, lastName] of [
    ['Ada', 'Lovelace'],
    ['Bea', 'Bee'],
    ['Cy', 'Ames'],
  ] as const) {
    const { cookie } = await signUpUser(t.app, { firstName, lastName });
    people.push({ cookie, id: (await meOf(cookie)).id });
  }
  const [ada, bea, cy] = people as [Person, Person, Person];
  const workspaceId = (await meOf(ada.cookie)).workspace.id;
  await t.handle.db
    .insert(workspaceMembers)
    .values(
      [bea, cy].map((p) => ({ workspaceId, userId: p.id, role: 'member' as const, lastUsedAt: new Date(0) })),
    );
  const headersOf = (who: Person) => ({ cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId });
  const created = await t.app.inject({
    method: 'POST',
    url: apiPaths.campaigns,
    headers: headersOf(ada),
    payload: { type: 'ai', name: 'Ada’s', websiteUrl: 'mysite.com', competitors: [], prospects: 10 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const campaign = created.json<Campaign>();
  expect(campaign.collaborators).toEqual([]);
  const put = (who: Person, userIds: string[], id = campaign.id) =>
    t.app.inject({
      method: 'PUT',
      url: withId(apiPaths.campaignCollaborators, id),
      headers: headersOf(who),
      payload: { userIds },
    });
  const list = async (who: Person, query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      url: withQuery(apiPaths.campaigns, query),
      headers: headersOf(who),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CampaignPage>();
  };
  return { ada, bea, cy, campaign, put, list, headersOf };
}

describe('PUT /api/campaigns/:id/collaborators', () => {
  it('lets any member set them, ordered by name, in every answer and in owner=me', async () => {
    const { ada, bea, cy, campaign, put, list, headersOf } = await team();
    // Bea (a member, not the owner) sets them; the owner's own id is dropped silently.
    const response = await put(bea, [bea.id, cy.id, ada.id, bea.id]);
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { id: bea.id, name: 'Bea Bee' },
      { id: cy.id, name: 'Cy Ames' },
    ];
    expect(response.json<Campaign>().collaborators).toEqual(expected);
    expect(response.json<Campaign>().owner).toEqual({ id: ada.id, name: 'Ada Lovelace' });

    const page = await list(ada);
    expect(page.items.find((c) => c.id === campaign.id)?.collaborators).toEqual(expected);
    const detail = await t.app.inject({
      url: withId(apiPaths.campaign, campaign.id),
      headers: headersOf(cy),
    });
    expect(detail.json<CampaignDetail>().collaborators).toEqual(expected);

    // "My campaigns" holds the campaigns the viewer owns or collaborates on.
    const beas = await list(bea, { owner: 'me' });
    expect(beas.items.map((c) => c.id)).toEqual([campaign.id]);
    expect(beas.total).toBe(1);
    expect((await list(ada, { owner: 'me' })).total).toBe(1);

    // Replacing the list drops whoever is left out.
    const replaced = await put(ada, [cy.id]);
    expect(replaced.json<Campaign>().collaborators).toEqual([{ id: cy.id, name: 'Cy Ames' }]);
    expect((await list(bea, { owner: 'me' })).total).toBe(0);
    expect((await put(cy, [])).json<Campaign>().collaborators).toEqual([]);

    // A member removed from the workspace stops being a collaborator.
    await put(ada, [bea.id, cy.id]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.user, cy.id),
      headers: headersOf(ada),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(ada)).items.find((c) => c.id === campaign.id)?.collaborators).toEqual([
      { id: bea.id, name: 'Bea Bee' },
    ]);
  });

  it('refuses someone who is not a member of the workspace and keeps the list', async () => {
    const { bea, campaign, put, headersOf } = await team();
    const { cookie: strangerCookie } = await signUpUser(t.app);
    const stranger = await meOf(strangerCookie);
    expect((await put(bea, [bea.id])).statusCode).toBe(200);
    const response = await put(bea, [stranger.id]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', issues: [{ path: 'userIds', message: m.collaboratorsNotMembers }] },
    });
    const kept = await t.app.inject({ url: withId(apiPaths.campaign, campaign.id), headers: headersOf(bea) });
    expect(kept.json<CampaignDetail>().collaborators).toEqual([{ id: bea.id, name: 'Bea Bee' }]);
    const unknown = await put(bea, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect((await put(bea, ['not-a-uuid'])).statusCode).toBe(400);
    expect(
      (
        await put(
          bea,
          Array.from({ length: 21 }, () => bea.id),
        )
      ).statusCode,
    ).toBe(400);
    expect((await put(bea, [])).json<Campaign>().collaborators).toEqual([]);
  });

  it('answers 404 for another workspace’s campaign', async () => {
    const { campaign } = await team();
    const { cookie } = await signUpUser(t.app);
    const outsider = await meOf(cookie);
    const response = await t.app.inject({
      method: 'PUT',
      url: withId(apiPaths.campaignCollaborators, campaign.id),
      headers: { cookie },
      payload: { userIds: [outsider.id] },
    });
    expect(response.statusCode).toBe(404);
  });
});
