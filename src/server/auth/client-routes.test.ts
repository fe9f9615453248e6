import type * as FastifyModule from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId, withQuery } from '../../shared/paths';
import { roleChangeMessages, workspaceMessages } from '../../shared/roles';
import type { Me } from '../../shared/schemas/auth';
import type { Client } from '../../shared/schemas/clients';
import { invitationMessages, type IssuedInvitation } from '../../shared/schemas/invitations';
import type { Placement, PlacementPage, PlacementTotals } from '../../shared/schemas/placements';
import type { Report } from '../../shared/schemas/reports';
import type { TeamUser } from '../../shared/schemas/settings';
import { activity } from '../db/schema/activity';
import { users } from '../db/schema/users';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { CLIENT_ROUTES } from './client-routes';

/**
 * The Client role (docs/decisions/040-client-role.md): a client's person, invited for one client
 * of the workspace, reads that client's record and placements and nothing else. Every route the
 * app registers is walked, so a route added later is refused to them until it is listed.
 */

/** Every route as Fastify registered it (method, url), recorded by an onRoute hook on the app. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const recording = ((options?: object) =>
    fastify.default(options).addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    })) as unknown as typeof fastify.default;
  return { ...fastify, default: recording };
});

interface Person {
  cookie: string;
  email: string;
  workspaceId: string;
}

let t: TestApp;
let owner: Person;
let clientA: Client;
let clientB: Client;
let placementA: Placement;
let placementB: Placement;
/** The Client-role member of client A, with the headers that act in the owner's workspace. */
let guest: Person & { headers: Record<string, string> };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (p: { cookie: string; workspaceId: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: p.cookie, 'x-workspace-id': p.workspaceId },
    ...(payload ? { payload } : {}),
  });

async function person(): Promise<Person> {
  const { cookie, email } = await signUpUser(t.app);
  await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { cookie, email, workspaceId: me.workspace.id };
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);

async function inviteClient(by: Person, email: string, clientId: string | null) {
  return call(by, 'POST', apiPaths.invitations, { email, role: 'client', clientId });
}

/** Invites a new person for `client` of `by`'s workspace and has them accept. */
async function clientPerson(by: Person, client: Client): Promise<Person> {
  const invited = await person();
  const created = await inviteClient(by, invited.email, client.id);
  expect(created.statusCode).toBe(201);
  const accepted = await t.app.inject({
    method: 'POST',
    url: apiPaths.invitationAccept,
    headers: { cookie: invited.cookie },
    payload: { token: tokenOf(created.json<IssuedInvitation>().link) },
  });
  expect(accepted.statusCode).toBe(200);
  return { ...invited, workspaceId: by.workspaceId };
}

async function addPlacement(by: Person, clientId: string, pageUrl: string): Promise<Placement> {
  const response = await call(by, 'POST', apiPaths.placements, {
    clientId,
    pageUrl,
    targetUrl: 'https://shop.example.com/',
    priceMinor: 15000,
    currency: 'EUR',
    invoiceNumber: 'INV-7',
    notes: 'Owner wanted 200, settled at 150',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Placement>();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await person();
  clientA = (await call(owner, 'POST', apiPaths.clients, { name: 'Alpha Bikes' })).json<Client>();
  clientB = (await call(owner, 'POST', apiPaths.clients, { name: 'Beta Shoes' })).json<Client>();
  placementA = await addPlacement(owner, clientA.id, 'https://blog.example.org/a');
  placementB = await addPlacement(owner, clientB.id, 'https://blog.example.org/b');
  const p = await clientPerson(owner, clientA);
  guest = { ...p, headers: { cookie: p.cookie, 'x-workspace-id': owner.workspaceId } };
});
afterAll(() => t.close());

describe('the Client role', () => {
  it('joins with the role and its client, which /api/me and the members list show', async () => {
    const me = (await call(guest, 'GET', apiPaths.me)).json<Me>();
    expect(me.role).toBe('client');
    expect(me.workspace).toMatchObject({
      id: owner.workspaceId,
      role: 'client',
      client: { id: clientA.id, name: 'Alpha Bikes' },
    });
    const members = (await call(owner, 'GET', apiPaths.users)).json<TeamUser[]>();
    expect(members.find((m) => m.email === guest.email)).toMatchObject({
      role: 'client',
      client: { id: clientA.id, name: 'Alpha Bikes' },
    });
    expect(members.find((m) => m.email === owner.email)?.client).toBeUndefined();
  });

  it('sees only their client’s placements, totals and record; another client’s answer 404', async () => {
    const page = (await call(guest, 'GET', apiPaths.placements)).json<PlacementPage>();
    expect(page.items.map((p) => p.id)).toEqual([placementA.id]);
    // Naming another client (or none) changes nothing: the scope wins.
    for (const clientId of [clientB.id, 'none']) {
      const other = (
        await call(guest, 'GET', withQuery(apiPaths.placements, { clientId }))
      ).json<PlacementPage>();
      expect(other.items.map((p) => p.id)).toEqual([placementA.id]);
    }
    const one = await call(guest, 'GET', withId(apiPaths.placement, placementA.id));
    expect(one.statusCode).toBe(200);
    // The agency's bookkeeping stays out of the Client's view; the link and its terms are theirs.
    expect(one.json<Placement>()).toMatchObject({
      notes: '',
      invoiceNumber: null,
      invoice: null,
      priceMinor: 15000,
    });
    expect(page.items[0]).toMatchObject({ notes: '', invoiceNumber: null });
    expect(
      (await call(owner, 'GET', withId(apiPaths.placement, placementA.id))).json<Placement>().notes,
    ).toBe('Owner wanted 200, settled at 150');
    const hidden = await call(guest, 'GET', withId(apiPaths.placement, placementB.id));
    expect(hidden.statusCode).toBe(404);
    const totals = (
      await call(
        guest,
        'GET',
        withQuery(apiPaths.placementTotals, { groupBy: 'client', clientId: clientB.id }),
      )
    ).json<PlacementTotals>();
    expect(totals.lines).toEqual([
      expect.objectContaining({ key: clientA.id, links: 1, spendMinor: 15000, currency: 'EUR' }),
    ]);
    expect((await call(guest, 'GET', withId(apiPaths.client, clientA.id))).json<Client>().name).toBe(
      'Alpha Bikes',
    );
    expect((await call(guest, 'GET', withId(apiPaths.client, clientB.id))).statusCode).toBe(404);
    // The team still sees both.
    const all = (await call(owner, 'GET', apiPaths.placements)).json<PlacementPage>();
    expect(all.items.map((p) => p.id).sort()).toEqual([placementA.id, placementB.id].sort());
  });

  it('reads their client’s report, JSON, PDF and CSV; another client’s or a campaign’s answers 404', async () => {
    // The placements were recorded today: a year either side, within a report's longest range.
    const year = new Date().getUTCFullYear();
    const dates = { from: `${year - 1}-01-01`, to: `${year + 1}-12-31` };
    const own = await call(guest, 'GET', withQuery(apiPaths.reports, { clientId: clientA.id, ...dates }));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Report>().links.map((l) => l.placementId)).toEqual([placementA.id]);
    for (const url of [apiPaths.reportPdf, apiPaths.reportCsv]) {
      expect((await call(guest, 'GET', withQuery(url, { clientId: clientA.id, ...dates }))).statusCode).toBe(
        200,
      );
    }
    const other = await call(guest, 'GET', withQuery(apiPaths.reports, { clientId: clientB.id, ...dates }));
    expect(other.statusCode).toBe(404);
    const campaign = await createManualCampaign(t.app, owner.cookie, { clientId: clientA.id });
    const byCampaign = withQuery(apiPaths.reports, { campaignId: campaign.id, ...dates });
    expect((await call(owner, 'GET', byCampaign)).statusCode).toBe(200);
    expect((await call(guest, 'GET', byCampaign)).statusCode).toBe(404);
    // Sharing, scheduling and the white label stay the team's.
    expect((await call(guest, 'GET', apiPaths.reportShareLinks)).statusCode).toBe(403);
    expect((await call(guest, 'GET', apiPaths.reportSchedules)).statusCode).toBe(403);
    expect((await call(guest, 'GET', apiPaths.reportBranding)).statusCode).toBe(403);
  });

  it('gives another workspace 404 for the client and its placements', async () => {
    const stranger = await person();
    expect((await call(stranger, 'GET', withId(apiPaths.placement, placementA.id))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', withId(apiPaths.client, clientA.id))).statusCode).toBe(404);
    // Nor can a stranger invite someone for a client that is not theirs.
    const invited = await inviteClient(stranger, 'x@example.com', clientA.id);
    expect(invited.statusCode).toBe(400);
    expect(invited.json().error.issues).toEqual([
      expect.objectContaining({ path: 'clientId', message: 'Client not found' }),
    ]);
  });

  it('refuses them every registered signed-in route that is not on CLIENT_ROUTES, with 403', async () => {
    expect(registered.length).toBeGreaterThan(100);
    const id = '00000000-0000-4000-8000-000000000000';
    const refused: string[] = [];
    const reached: string[] = [];
    const seen = new Set<string>();
    for (const { method, url: pattern } of registered) {
      const route = `${method} ${pattern}`;
      if (seen.has(route) || method === 'HEAD') continue;
      seen.add(route);
      const url = pattern.replace(/:\w+/g, id).replace('*', 'x');
      // A visitor's 401 marks the signed-in routes; the public ones are the same for everyone.
      const visitor = await t.app.inject({ method: method as Method, url });
      if (visitor.statusCode !== 401) continue;
      const response = await t.app.inject({ method: method as Method, url, headers: guest.headers });
      const isRefusal =
        response.statusCode === 403 && response.json().error?.message === workspaceMessages.clientOnly;
      (isRefusal ? refused : reached).push(route);
    }
    const listed = Object.entries(CLIENT_ROUTES).flatMap(([url, methods]) =>
      methods.map((m) => `${m} ${url}`),
    );
    expect(reached.sort()).toEqual(listed.filter((route) => seen.has(route)).sort());
    expect(refused.length).toBeGreaterThan(100);
    for (const route of [
      `GET ${apiPaths.campaigns}`,
      `GET ${apiPaths.contacts}`,
      `GET ${apiPaths.inboxThreads}`,
      `GET ${apiPaths.events}`,
      `POST ${apiPaths.placements}`,
      `PATCH ${apiPaths.placement}`,
      `GET ${apiPaths.placementsExport}`,
      `GET ${apiPaths.placementInvoice}`,
      `GET ${apiPaths.clients}`,
      `PATCH ${apiPaths.client}`,
      `GET ${apiPaths.users}`,
      `POST ${apiPaths.invitations}`,
      `POST ${apiPaths.apiKeys}`,
    ]) {
      expect(refused).toContain(route);
    }
    // Under /api/v1 as well.
    const v1 = await t.app.inject({ url: '/api/v1/campaigns', headers: guest.headers });
    expect(v1.statusCode).toBe(403);
    // In their own workspace (the one sign-up made) they are Full Access as before.
    const me = (await call(guest, 'GET', apiPaths.me)).json<Me>();
    const own = me.workspaces.find((w) => w.id !== owner.workspaceId)!;
    expect(own.role).toBe('full');
    const personal = await call({ cookie: guest.cookie, workspaceId: own.id }, 'GET', apiPaths.campaigns);
    expect(personal.statusCode).toBe(200);
  });

  it('lists only routes that exist, with methods they answer', () => {
    const routes = new Set(registered.map(({ method, url }) => `${method} ${url}`));
    const listed = Object.entries(CLIENT_ROUTES).flatMap(([url, methods]) =>
      methods.map((method) => `${method} ${url}`),
    );
    expect(listed.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('checks the invitation: the Client role needs the workspace’s client, and only it names one', async () => {
    const noClient = await inviteClient(owner, 'c1@example.com', null);
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error.issues).toEqual([
      expect.objectContaining({ path: 'clientId', message: invitationMessages.clientRequired }),
    ]);
    const memberWithClient = await call(owner, 'POST', apiPaths.invitations, {
      email: 'c2@example.com',
      role: 'member',
      clientId: clientA.id,
    });
    expect(memberWithClient.statusCode).toBe(400);
    const listed = await call(owner, 'GET', apiPaths.invitations);
    expect(listed.statusCode).toBe(200);
    const preview = await inviteClient(owner, 'c3@example.com', clientB.id);
    const issued = preview.json<IssuedInvitation>();
    expect(issued.invitation).toMatchObject({
      role: 'client',
      client: { id: clientB.id, name: 'Beta Shoes' },
    });
    const shown = await t.app.inject({
      url: apiPaths.invitationPreview.replace(':token', tokenOf(issued.link)),
    });
    expect(shown.json()).toMatchObject({ role: 'client', clientName: 'Beta Shoes' });
  });

  it('never turns a client’s person into a teammate, nor a teammate into a client', async () => {
    const members = (await call(owner, 'GET', apiPaths.users)).json<TeamUser[]>();
    const guestId = members.find((m) => m.email === guest.email)!.id;
    const promote = await call(owner, 'PATCH', withId(apiPaths.userRole, guestId), { role: 'full' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().error.message).toBe(roleChangeMessages.clientRole);
    const teammate = await person();
    const link = (
      await call(owner, 'POST', apiPaths.invitations, { email: teammate.email, role: 'member' })
    ).json<IssuedInvitation>().link;
    await t.app.inject({
      method: 'POST',
      url: apiPaths.invitationAccept,
      headers: { cookie: teammate.cookie },
      payload: { token: tokenOf(link) },
    });
    const teammateId = (await call(owner, 'GET', apiPaths.users))
      .json<TeamUser[]>()
      .find((m) => m.email === teammate.email)!.id;
    const demote = await call(owner, 'PATCH', withId(apiPaths.userRole, teammateId), { role: 'client' });
    expect(demote.statusCode).toBe(400);
  });

  it('removes the client’s people with the client, and they can no longer reach the workspace', async () => {
    const clientC = (await call(owner, 'POST', apiPaths.clients, { name: 'Gamma Tools' })).json<Client>();
    const leaving = await clientPerson(owner, clientC);
    expect((await call(leaving, 'GET', apiPaths.placements)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', withId(apiPaths.client, clientC.id))).statusCode).toBe(200);
    const after = await call(leaving, 'GET', apiPaths.placements);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('NOT_A_MEMBER');
    const removed = await t.handle.db.select().from(activity).where(eq(activity.kind, 'member.removed'));
    expect(removed.map((r) => r.subject)).toContain(leaving.email);
  });
});
