import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { claimMessages, type Claim, type ClaimPage } from '../../../shared/schemas/claims';
import type { Placement, PlacementPage } from '../../../shared/schemas/placements';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { campaigns } from '../../db/schema/campaigns';
import { placementClaims, placementProofs } from '../../db/schema/claims';
import { inboxAnswers, inboxThreads } from '../../db/schema/inbox';
import { liveLinks } from '../../db/schema/live-links';
import { notifications } from '../../db/schema/notifications';
import { placements } from '../../db/schema/placements';
import { activity as activityEntries } from '../../db/schema/activity';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { API_V1 } from '../../http/api-version';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import { Crawler } from '../../discovery/crawler';
import { crawlerSettings } from '../../discovery/settings';
import { checkLiveLink } from '../../monitoring/check';
import type { Inbound } from '../../mail/messages/inbound';
import { outreachInboundEffects } from '../../outreach/inbound-effects';
import { deleteExpiredProofs } from '../../placements/claims';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startFixtureWeb, type FixtureAnswer, type FixtureWeb } from '../../testing/fixture-web';

/** The publisher's pages, changed by the tests between checks. */
const pages = new Map<string, FixtureAnswer>();
const agreed = { href: 'https://shop.test/tools', anchor: 'best tools', rel: '' };
function post(link: Partial<typeof agreed> | null = {}, head = ''): string {
  const l = { ...agreed, ...link };
  const a = link
    ? `Read <a href="${l.href}"${l.rel ? ` rel="${l.rel}"` : ''}>${l.anchor}</a> today.`
    : 'No link.';
  return `<!doctype html><html><head><title>Post</title>${head}</head><body><p>${a}</p></body></html>`;
}

let web: FixtureWeb;
let t: TestApp;
let crawler: Crawler;
let cookie: string;
let otherCookie: string;
let n = 0;

beforeAll(async () => {
  web = await startFixtureWeb((host, path) => (host === 'blog.test' ? pages.get(path) : undefined));
  t = await createTestApp({ HTTP_PROXY: web.proxyUrl, CRAWL_HOST_DELAY_MS: '0', CRAWL_RETRIES: '0' });
  crawler = new Crawler(crawlerSettings(t.config));
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: otherCookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
  await web.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const inject = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });
const db = () => t.handle.db;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A won prospect's placement on `http://blog.test/{path}` monitored through a live link: agreed
 * dofollow to shop.test/tools with the anchor "best tools", live `liveAt`, `warrantyMonths`, and an
 * inbox thread with the publisher when `thread`.
 */
async function monitoredPlacement(options: {
  warrantyMonths: number | null;
  liveAt: string;
  thread?: boolean;
}) {
  const path = `/post-${++n}`;
  pages.set(path, post());
  const campaign = await createManualCampaign(t.app, cookie, {
    name: `Tools ${n}`,
    websiteUrl: 'https://shop.test',
    prospects: [{ website: 'blog.test', contactEmail: 'ed@blog.test', contactName: 'Ed Blogger' }],
  });
  const prospect = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>()
    .items[0]!;
  expect(
    (await inject('PATCH', withId(apiPaths.prospect, prospect.id), { status: 'success' })).statusCode,
  ).toBe(200);
  const [{ workspaceId }] = (await db()
    .select({ workspaceId: campaigns.workspaceId })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id))) as [{ workspaceId: string }];
  const [link] = await db()
    .insert(liveLinks)
    .values({
      workspaceId,
      campaignId: campaign.id,
      url: agreed.href,
      anchorText: agreed.anchor,
      pageUrl: `http://blog.test${path}`,
    })
    .returning();
  const placement = (
    await inject('GET', withQuery(apiPaths.placements, { prospectId: prospect.id }))
  ).json<PlacementPage>().items[0]!;
  await db()
    .update(placements)
    .set({
      liveLinkId: link!.id,
      pageUrl: `http://blog.test${path}`,
      targetUrl: agreed.href,
      anchorText: agreed.anchor,
      rel: 'dofollow',
      liveAt: options.liveAt,
      warrantyMonths: options.warrantyMonths,
      priceMinor: 15000,
      currency: 'EUR',
    })
    .where(eq(placements.id, placement.id));
  let threadId: string | null = null;
  if (options.thread) {
    const [thread] = await db()
      .insert(inboxThreads)
      .values({
        workspaceId,
        prospectId: prospect.id,
        lastMessageAt: new Date(),
        lastInboundAt: new Date(),
        lastReplyAt: new Date(),
      })
      .returning();
    threadId = thread!.id;
  }
  return {
    path,
    linkId: link!.id,
    placementId: placement.id,
    prospectId: prospect.id,
    campaignId: campaign.id,
    workspaceId,
    threadId,
  };
}

const check = async (linkId: string) => {
  const result = await checkLiveLink({ db: db(), config: t.config, crawler }, linkId);
  expect(result).not.toBeNull();
};
const proofsOf = (placementId: string) =>
  db()
    .select()
    .from(placementProofs)
    .where(eq(placementProofs.placementId, placementId))
    .orderBy(placementProofs.checkedAt);
const claimsOf = async (placementId: string) =>
  (await inject('GET', withQuery(apiPaths.claims, { placementId, status: 'all' }))).json<ClaimPage>().items;
const move = (claimId: string, body: object, as = cookie) =>
  inject('POST', withId(apiPaths.claimStatus, claimId), body, as);

describe('warranty proof', () => {
  it('stores proof (HTTP status, fragment, gzip snapshot) on each kind of change, and none while nothing changes', async () => {
    const p = await monitoredPlacement({ warrantyMonths: null, liveAt: daysAgo(10) });
    await check(p.linkId);
    await check(p.linkId);
    expect(await proofsOf(p.placementId)).toHaveLength(0);

    const changes: [string, FixtureAnswer, string | null][] = [
      ['rel-changed', post({ rel: 'nofollow' }), 'rel="nofollow"'],
      ['rel-changed', post({ rel: 'sponsored' }), 'rel="sponsored"'],
      ['noindex', post({}, '<meta name="robots" content="noindex">'), 'content="noindex"'],
      ['anchor-changed', post({ anchor: 'cheap tools' }), '>cheap tools</a>'],
      ['target-changed', post({ href: 'https://shop.test/other' }), 'href="https://shop.test/other"'],
      ['lost', post(null), null],
      ['lost', { status: 404, body: 'gone' }, null],
    ];
    for (const [issue, page, fragment] of changes) {
      pages.set(p.path, page);
      await check(p.linkId);
      const proof = (await proofsOf(p.placementId)).at(-1)!;
      expect(proof.issues, issue).toContain(issue);
      expect(proof.changes).toContain(issue);
      if (fragment) expect(proof.fragment).toContain(fragment);
      if (typeof page === 'string') {
        expect(proof.httpStatus).toBe(200);
        expect(gunzipSync(proof.snapshot!).toString('utf8')).toBe(page);
        expect(proof.snapshotBytes).toBe(Buffer.byteLength(page));
      } else expect(proof).toMatchObject({ httpStatus: 404, snapshot: null });
      // Back as agreed: that change is proven too.
      pages.set(p.path, post());
      await check(p.linkId);
      expect((await proofsOf(p.placementId)).at(-1)!.issues).toEqual([]);
    }
    expect(await proofsOf(p.placementId)).toHaveLength(changes.length * 2);
    // No warranty: no claim, and the proof is kept the minimum 30 days.
    expect(await claimsOf(p.placementId)).toEqual([]);
    const keep = (await proofsOf(p.placementId))[0]!.keepUntil.getTime() - Date.now();
    expect(keep).toBeGreaterThan(29 * 86_400_000);
    const placement = (await inject('GET', withId(apiPaths.placement, p.placementId))).json<Placement>();
    expect(placement).toMatchObject({ monitorIssues: [], openClaim: null });
  });

  it('opens no claim outside the warranty, and the cleanup deletes proof past its time', async () => {
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt: daysAgo(800) });
    await check(p.linkId);
    pages.set(p.path, post({ rel: 'nofollow' }));
    await check(p.linkId);
    expect(await proofsOf(p.placementId)).toHaveLength(1);
    expect(await claimsOf(p.placementId)).toEqual([]);
    await deleteExpiredProofs(db(), new Date(Date.now() + 31 * 86_400_000));
    expect(await proofsOf(p.placementId)).toHaveLength(0);
  });
});

describe('replacement claims', () => {
  it('opens a claim within the warranty with its proof, drafts the follow-up in the thread and sends nothing', async () => {
    const liveAt = daysAgo(20);
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt, thread: true });
    await check(p.linkId);
    pages.set(p.path, post({ rel: 'nofollow' }));
    await check(p.linkId);

    const [claim] = await claimsOf(p.placementId);
    expect(claim).toMatchObject({
      status: 'open',
      issues: ['rel-changed'],
      threadId: p.threadId,
      restoreSuggestedAt: null,
      terms: { anchorText: 'best tools', rel: 'dofollow', targetUrl: agreed.href, liveAt },
      proof: { httpStatus: 200, changes: ['rel-changed'] },
    });
    expect(claim!.proof!.fragment).toContain('rel="nofollow"');
    const warrantyEnd = claim!.terms.warrantyEndsOn!;
    expect(warrantyEnd > liveAt).toBe(true);

    const answers = await db().select().from(inboxAnswers).where(eq(inboxAnswers.threadId, p.threadId!));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe('draft');
    expect(answers[0]!.sentAt).toBeNull();
    const body = answers[0]!.body;
    expect(body).toBe(claim!.draftBody);
    for (const quoted of [
      'Hi Ed,',
      '"best tools"',
      'rel): dofollow',
      agreed.href,
      liveAt,
      warrantyEnd,
      'HTTP status: 200',
      'rel="nofollow"',
      'no longer carries the agreed rel',
    ])
      expect(body).toContain(quoted);
    // The inbox shows it as the assignee's draft of that conversation.
    const conversation = (await inject('GET', withId(apiPaths.inboxThread, p.threadId!))).json<{
      draft: { body: string } | null;
    }>();
    expect(conversation.draft?.body).toBe(body);

    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.workspaceId, p.workspaceId), eq(notifications.kind, 'claim-opened')));
    expect(note!.title).toBe('Replacement claim opened for blog.test');
    const logged = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.workspaceId, p.workspaceId));
    expect(logged.map((e) => e.kind)).toContain('claim.opened');
    const placement = (await inject('GET', withId(apiPaths.placement, p.placementId))).json<Placement>();
    expect(placement).toMatchObject({
      monitorIssues: ['rel-changed'],
      openClaim: { id: claim!.id, status: 'open', restoreSuggested: false },
    });

    // Another change while it waits adds proof, not a second claim.
    pages.set(p.path, post(null));
    await check(p.linkId);
    expect(await claimsOf(p.placementId)).toHaveLength(1);
    expect(await proofsOf(p.placementId)).toHaveLength(2);

    // The snapshot downloads, never rendered as the app's page.
    const snapshot = await inject('GET', withId(apiPaths.claimSnapshot, claim!.id));
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-disposition']).toMatch(/^attachment; filename="snapshot-blog\.test-/);
    expect(snapshot.headers['content-security-policy']).toBe('sandbox');
    expect(snapshot.headers['x-content-type-options']).toBe('nosniff');
    expect(snapshot.body).toBe(post({ rel: 'nofollow' }));
  });

  it('suggests "restored" when the link is back as agreed, without resolving the claim', async () => {
    const p = await monitoredPlacement({ warrantyMonths: 6, liveAt: daysAgo(5), thread: true });
    await check(p.linkId);
    pages.set(p.path, post(null));
    await check(p.linkId);
    pages.set(p.path, post());
    await check(p.linkId);
    const [claim] = await claimsOf(p.placementId);
    expect(claim!.status).toBe('open');
    expect(claim!.restoreSuggestedAt).not.toBeNull();
    expect(
      (await inject('GET', withId(apiPaths.placement, p.placementId))).json<Placement>().openClaim,
    ).toMatchObject({
      restoreSuggested: true,
    });
    // Changed again: the hint goes.
    pages.set(p.path, post({ rel: 'ugc' }));
    await check(p.linkId);
    expect((await claimsOf(p.placementId))[0]!.restoreSuggestedAt).toBeNull();
  });

  it('opens a claim without a thread too, keeping the drafted follow-up on the claim', async () => {
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt: daysAgo(1) });
    await check(p.linkId);
    pages.set(p.path, post({}, '<meta name="robots" content="noindex, follow">'));
    await check(p.linkId);
    const [claim] = await claimsOf(p.placementId);
    expect(claim).toMatchObject({ status: 'open', issues: ['noindex'], threadId: null });
    expect(claim!.draftBody).toContain('the page was set to noindex');
  });

  it('moves through its states, refuses illegal moves in words, and records a replacement', async () => {
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt: daysAgo(3), thread: true });
    await check(p.linkId);
    pages.set(p.path, post({ anchor: 'tools' }));
    await check(p.linkId);
    const [claim] = await claimsOf(p.placementId);

    // A reply in the publisher's thread moves it (as the inbox's pipeline applies a stored reply).
    await db().transaction((tx) =>
      outreachInboundEffects.apply(tx, {
        workspaceId: p.workspaceId,
        receivedAt: new Date(),
        matched: {
          id: crypto.randomUUID(),
          prospectId: p.prospectId,
          enrollmentId: crypto.randomUUID(),
          campaignId: p.campaignId,
          emailAccountId: null,
          toEmail: 'ed@blog.test',
          via: 'thread',
        },
        inbound: { kind: 'reply' } satisfies Inbound,
        clock: { hourMs: 3_600_000, now: new Date() },
      }),
    );
    expect((await inject('GET', withId(apiPaths.claim, claim!.id))).json<Claim>().status).toBe(
      'publisher_replied',
    );
    const again = await move(claim!.id, { to: 'publisher_replied' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      claimMessages.illegalMove('publisher replied', 'publisher replied'),
    );

    const noPage = await move(claim!.id, { to: 'replaced' });
    expect(noPage.statusCode).toBe(400);
    expect(JSON.stringify(noPage.json())).toContain(claimMessages.replacementRequired);
    const bad = await move(claim!.id, { to: 'open' });
    expect(bad.statusCode).toBe(400);

    const replaced = await move(claim!.id, {
      to: 'replaced',
      replacementPageUrl: 'https://other-blog.test/post',
      note: 'New post agreed',
    });
    expect(replaced.statusCode).toBe(200);
    const resolved = replaced.json<Claim>();
    expect(resolved).toMatchObject({ status: 'replaced', note: 'New post agreed' });
    expect(resolved.resolvedAt).not.toBeNull();
    const replacement = (
      await inject('GET', withId(apiPaths.placement, resolved.replacementPlacementId!))
    ).json<Placement>();
    expect(replacement).toMatchObject({
      pageUrl: 'https://other-blog.test/post',
      targetUrl: agreed.href,
      anchorText: 'best tools',
      warrantyMonths: 12,
    });

    const late = await move(claim!.id, { to: 'refunded' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(claimMessages.illegalMove('replaced', 'refunded'));
    const logged = await db()
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.workspaceId, p.workspaceId));
    expect(logged.map((e) => e.kind)).toContain('claim.resolved');
    expect((await inject('GET', apiPaths.claims)).json<ClaimPage>().items.map((c) => c.id)).not.toContain(
      claim!.id,
    );
  });

  it('answers 404 to another workspace', async () => {
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt: daysAgo(2), thread: true });
    await check(p.linkId);
    pages.set(p.path, post({ rel: 'sponsored' }));
    await check(p.linkId);
    const [claim] = await claimsOf(p.placementId);
    expect((await inject('GET', withId(apiPaths.claim, claim!.id), undefined, otherCookie)).statusCode).toBe(
      404,
    );
    expect((await move(claim!.id, { to: 'written_off' }, otherCookie)).statusCode).toBe(404);
    expect(
      (await inject('GET', withId(apiPaths.claimSnapshot, claim!.id), undefined, otherCookie)).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('GET', withQuery(apiPaths.claims, { status: 'all' }), undefined, otherCookie)
      ).json<ClaimPage>().total,
    ).toBe(0);
    const [row] = await db().select().from(placementClaims).where(eq(placementClaims.id, claim!.id));
    expect(row!.status).toBe('open');
    const written = await move(claim!.id, { to: 'written_off' });
    expect(written.json<Claim>().status).toBe('written_off');
  });

  it('works in the public API with a key (cursor pages) and announces claim.opened and claim.resolved to webhooks', async () => {
    const key = (
      await inject('POST', apiPaths.apiKeys, { name: 'Claims', scopes: ['read', 'write'] })
    ).json<CreatedApiKey>();
    const withKey = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API_V1}${url.slice('/api'.length)}`,
        headers: { authorization: `Bearer ${key.secret}` },
        payload,
      });
    const me = (await inject('GET', apiPaths.me)).json<{ workspace: { id: string } }>();
    await db()
      .insert(webhookEndpoints)
      .values({
        workspaceId: me.workspace.id,
        url: 'https://hooks.example.com/claims',
        events: ['claim.opened', 'claim.resolved'],
        secretEncrypted: 'v1.unused',
      });
    const p = await monitoredPlacement({ warrantyMonths: 12, liveAt: daysAgo(4), thread: true });
    await check(p.linkId);
    pages.set(p.path, post({ href: 'https://shop.test/elsewhere' }));
    await check(p.linkId);

    const first = await withKey('GET', withQuery(apiPaths.claims, { status: 'all', pageSize: 1 }));
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<ClaimPage>();
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.nextCursor).not.toBeNull();
    const second = await withKey(
      'GET',
      withQuery(apiPaths.claims, { status: 'all', pageSize: 1, cursor: firstPage.nextCursor! }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json<ClaimPage>().items[0]!.id).not.toBe(firstPage.items[0]!.id);

    const [claim] = await claimsOf(p.placementId);
    expect(claim!.issues).toEqual(['target-changed']);
    expect((await withKey('GET', withId(apiPaths.claim, claim!.id))).statusCode).toBe(200);
    expect((await withKey('GET', withId(apiPaths.claimSnapshot, claim!.id))).statusCode).toBe(200);
    const refunded = await withKey('POST', withId(apiPaths.claimStatus, claim!.id), { to: 'refunded' });
    expect(refunded.json<Claim>().status).toBe('refunded');

    const deliveries = await db()
      .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.workspaceId, me.workspace.id));
    const ours = deliveries.filter(
      (d) => (d.payload as { data: { claimId?: string } }).data.claimId === claim!.id,
    );
    expect(ours.map((d) => d.type).sort()).toEqual(['claim.opened', 'claim.resolved']);
    const opened = ours.find((d) => d.type === 'claim.opened')!.payload as { data: Record<string, unknown> };
    expect(opened.data).toMatchObject({
      status: 'open',
      issues: ['target-changed'],
      targetUrl: agreed.href,
      anchorText: 'best tools',
      rel: 'dofollow',
      httpStatus: 200,
      warrantyEndsOn: claim!.terms.warrantyEndsOn,
    });
    const resolved = ours.find((d) => d.type === 'claim.resolved')!.payload as {
      data: Record<string, unknown>;
    };
    expect(resolved.data).toMatchObject({ status: 'refunded', replacementPlacementId: null });
  });
});
