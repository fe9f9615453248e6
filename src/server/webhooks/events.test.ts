import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import type { ProspectPage } from '../../shared/schemas/prospects';
import { webhookEventTypes } from '../../shared/schemas/webhook-events';
import { campaigns } from '../db/schema/campaigns';
import { outreachMessages } from '../db/schema/outreach';
import { discoveryRuns } from '../db/schema/discovery';
import { liveLinks } from '../db/schema/live-links';
import { prospects } from '../db/schema/prospects';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { Crawler } from '../discovery/crawler';
import { crawlerSettings } from '../discovery/settings';
import { runCampaignDiscovery } from '../jobs/find-prospects';
import { checkLiveLink } from '../monitoring/check';
import { evaluateMailboxHealth } from '../outreach/health/evaluate';
import { markMailboxError, markMailboxWorking } from '../mail/mailboxes/mark-status';
import type { Inbound } from '../mail/messages/inbound';
import { unsubscribe } from '../outreach/tracking/events';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { bicycleWeb, fixturePage } from '../testing/fixture-sites';
import { startFixtureWeb, type FixtureAnswer, type FixtureWeb } from '../testing/fixture-web';
import { seedMailbox, seedSends } from '../testing/mailbox-history';
import {
  createOutreachFixture,
  receiveInbound,
  sendDueSteps,
  type OutreachFixture,
} from '../testing/outreach';
import type { WebhookPayload } from '../../shared/schemas/webhook-events';

/**
 * Every webhook event comes from the one place its change is written (docs/product.md#webhooks):
 * each test makes the change through the app's real code path and reads the outbox. The endpoint
 * of each workspace subscribes to every event; nothing is posted here (delivery.test.ts does that).
 */
const blog = new Map<string, FixtureAnswer>();
let web: FixtureWeb;
let t: TestApp;
let cookie: string;
let workspaceId: string;

/** An endpoint of `workspace` that wants every event. */
async function subscribeAll(workspace: string) {
  await t.handle.db.insert(webhookEndpoints).values({
    workspaceId: workspace,
    url: 'https://hooks.example.com/linkpilot',
    events: [...webhookEventTypes],
    secretEncrypted: 'v1.unused',
  });
}

/** The events written for `workspace`, oldest first, optionally of one type. */
async function events(
  workspace: string,
  type?: string,
): Promise<WebhookPayload<string, Record<string, unknown>>[]> {
  const rows = await t.handle.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspace),
        type ? eq(webhookDeliveries.eventType, type) : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => r.payload as unknown as WebhookPayload<string, Record<string, unknown>>);
}

beforeAll(async () => {
  const bikes = bicycleWeb();
  web = await startFixtureWeb((host, path) =>
    host === 'links.blog.test' ? blog.get(path) : (bikes[host]?.[path] ?? bikes[host]?.[path.split('?')[0]!]),
  );
  t = await createTestApp({
    HTTP_PROXY: web.proxyUrl,
    CRAWL_HOST_DELAY_MS: '0',
    CRAWL_RETRIES: '0',
    CRAWL_RETRY_BASE_MS: '10',
    CRAWL_TIMEOUT_MS: '3000',
    CRAWL_CACHE_HOURS: '0',
  });
  ({ cookie } = await signUpUser(t.app));
  workspaceId = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>().workspace.id;
  await subscribeAll(workspaceId);
});
afterAll(async () => {
  await t?.close();
  await web?.close();
});

describe('webhook events from their real code paths', () => {
  it('prospect.status_changed: a prospect marked by hand', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const page = (
      await t.app.inject({ url: withId(apiPaths.campaignProspects, campaign.id), headers: { cookie } })
    ).json<ProspectPage>();
    const prospect = page.items.find((p) => p.contactEmail === 'ann@alpha.com')!;
    const response = await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, prospect.id),
      headers: { cookie },
      payload: { status: 'failed' },
    });
    expect(response.statusCode).toBe(200);
    // Setting the same status again changes nothing, so it reports nothing.
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, prospect.id),
      headers: { cookie },
      payload: { status: 'failed' },
    });

    const [event, ...more] = await events(workspaceId, 'prospect.status_changed');
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'prospect.status_changed',
      workspaceId,
      data: {
        prospectId: prospect.id,
        campaignId: campaign.id,
        campaignName: 'Spring outreach',
        website: prospect.website,
        email: 'ann@alpha.com',
        from: 'pending',
        to: 'failed',
        reason: 'Marked by you',
      },
    });
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(event!.createdAt)).not.toBeNaN();
  });

  it('live_link.lost and live_link.recovered: a monitored link removed from its page, then put back', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { websiteUrl: 'https://shop.test' });
    const withLink = fixturePage('Post', 'Some text.', [['best tools', 'https://shop.test/tools']]);
    blog.set('/post', withLink);
    const [link] = await t.handle.db
      .insert(liveLinks)
      .values({
        workspaceId,
        campaignId: campaign.id,
        url: 'https://shop.test/tools',
        anchorText: 'best tools',
        pageUrl: 'http://links.blog.test/post',
      })
      .returning();
    const crawler = new Crawler(crawlerSettings(t.config));
    const check = () => checkLiveLink({ db: t.handle.db, config: t.config, crawler }, link!.id);
    try {
      expect((await check())?.outcome.status).toBe('active');
      blog.set('/post', fixturePage('Post', 'The link is gone.'));
      expect((await check())?.outcome.status).toBe('lost');
      expect((await check())?.outcome.status).toBe('lost');
      blog.set('/post', withLink);
      expect((await check())?.outcome.status).toBe('active');
    } finally {
      await crawler.close();
    }

    const lost = await events(workspaceId, 'live_link.lost');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.data).toMatchObject({
      liveLinkId: link!.id,
      campaignId: campaign.id,
      url: 'https://shop.test/tools',
      pageUrl: 'http://links.blog.test/post',
      from: 'active',
      to: 'lost',
      reasons: ['link-missing'],
      httpStatus: 200,
    });
    const recovered = await events(workspaceId, 'live_link.recovered');
    expect(recovered).toHaveLength(1);
    expect(recovered[0]!.data).toMatchObject({
      liveLinkId: link!.id,
      from: 'lost',
      to: 'active',
      reasons: [],
    });
    expect(await events(workspaceId, 'live_link.suspicious')).toEqual([]);
  });

  it('prospect.found and discovery.finished: a discovery run', async () => {
    const [campaign] = await t.handle.db
      .insert(campaigns)
      .values({
        workspaceId,
        name: 'Bikes',
        websiteUrl: 'http://www.bikeshop.test/',
        type: 'ai',
        competitors: ['rivalbikes.test', 'http://pedalpro.test'],
        targetProspects: 10,
      })
      .returning();
    const [run] = await t.handle.db
      .insert(discoveryRuns)
      .values({ campaignId: campaign!.id, workspaceId })
      .returning();
    const result = await runCampaignDiscovery(run!.id, { db: t.handle.db, config: t.config });
    expect(result.status).toBe('completed');
    expect(result.prospectsFound).toBeGreaterThan(0);

    const found = await events(workspaceId, 'prospect.found');
    const added = await t.handle.db.select().from(prospects).where(eq(prospects.campaignId, campaign!.id));
    expect(found.map((e) => e.data.prospectId).sort()).toEqual(added.map((p) => p.id).sort());
    const tourblog = added.find((p) => p.domain === 'tourblog.test')!;
    expect(found.find((e) => e.data.prospectId === tourblog.id)!.data).toMatchObject({
      campaignId: campaign!.id,
      campaignName: 'Bikes',
      runId: run!.id,
      website: tourblog.website,
      domain: 'tourblog.test',
      email: tourblog.contactEmail,
    });

    const [finished, ...more] = await events(workspaceId, 'discovery.finished');
    expect(more).toEqual([]);
    expect(finished!.data).toMatchObject({
      runId: run!.id,
      campaignId: campaign!.id,
      campaignName: 'Bikes',
      status: 'completed',
      prospectsFound: added.length,
      error: null,
    });
    expect(finished!.data.pagesCrawled).toBeGreaterThan(0);
  });

  it('mailbox.connection_error once per change, not per failed retry; mailbox.paused by its health', async () => {
    const seeded = await seedMailbox(t.handle.db);
    await subscribeAll(seeded.workspaceId);
    const id = seeded.mailboxId;
    await markMailboxError(t.handle.db, id, 'smtp', 'The SMTP server refused the login.');
    await markMailboxError(t.handle.db, id, 'smtp', 'The SMTP server refused the login.');
    await markMailboxError(t.handle.db, id, 'imap', 'The IMAP server timed out.');
    await markMailboxWorking(t.handle.db, id, 'imap');
    await markMailboxError(t.handle.db, id, 'imap', 'The IMAP server timed out again.');
    const errors = await events(seeded.workspaceId, 'mailbox.connection_error');
    expect(errors.map((e) => e.data)).toEqual([
      {
        mailboxId: id,
        email: expect.stringMatching(/@sender\.test$/),
        side: 'smtp',
        reason: 'The SMTP server refused the login.',
      },
      {
        mailboxId: id,
        email: expect.stringMatching(/@sender\.test$/),
        side: 'imap',
        reason: 'The IMAP server timed out again.',
      },
    ]);

    const healthy = await seedMailbox(t.handle.db);
    await subscribeAll(healthy.workspaceId);
    const now = new Date();
    await seedSends(healthy, new Date(now.getTime() - 3_600_000), 5, ['hard']);
    await seedSends(healthy, new Date(now.getTime() - 3_600_000), 15);
    expect(await evaluateMailboxHealth(t.handle.db, healthy.mailboxId, now)).toBe(true);
    expect(await evaluateMailboxHealth(t.handle.db, healthy.mailboxId, now)).toBe(false);
    const paused = await events(healthy.workspaceId, 'mailbox.paused');
    expect(paused.map((e) => e.data)).toEqual([
      {
        mailboxId: healthy.mailboxId,
        email: expect.stringMatching(/@sender\.test$/),
        reason: expect.stringContaining('hard bounces'),
        pausedBy: 'health',
      },
    ]);
  });
});

describe('inbound mail', () => {
  const START = new Date('2026-11-23T10:00:00Z');
  let f: OutreachFixture;
  let sent: Record<string, { messageId: string; subject: string }>;
  beforeAll(async () => {
    f = await createOutreachFixture(t.handle.db, {
      prospects: ['anna', 'bob', 'cleo', 'dave', 'erin'].map((n) => ({
        website: `https://${n}.example`,
        email: `${n}@${n}.example`,
        name: n,
      })),
      steps: [
        { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
      ],
      start: START,
    });
    sent = await sendDueSteps(t.handle.db, f, t.config, START, 5);
    await subscribeAll(f.workspaceId);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  /** Parses, matches and applies one message as the mailbox sync does. */
  async function receive(from: string, to: string, inbound: Inbound, body = 'Sounds good!') {
    const raw = `From: ${from}\r\nTo: ${f.sender.user}\r\nSubject: Re: ${sent[to]!.subject}\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\nIn-Reply-To: ${sent[to]!.messageId}\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`;
    const matched = await receiveInbound(t.handle.db, f, raw, inbound, new Date('2026-11-23T12:00:00Z'));
    expect(matched).not.toBeNull();
    return matched!;
  }

  it('reply.received with its classification, bounce.received and unsubscribe.received', async () => {
    const reply = await receive(
      'anna@anna.example',
      'anna@anna.example',
      { kind: 'reply' },
      'Sounds   good,\nsend the draft!',
    );
    await receive('bob@bob.example', 'bob@bob.example', {
      kind: 'auto-reply',
      returnsOn: new Date('2026-12-02T00:00:00Z'),
    });
    const bounced = await receive('MAILER-DAEMON@relay.example', 'cleo@cleo.example', {
      kind: 'bounce',
      type: 'hard',
      hard: true,
      reason: 'userunknown',
      status: '5.1.1',
      recipient: 'cleo@cleo.example',
      originalMessageId: sent['cleo@cleo.example']!.messageId,
      diagnostic: '550 5.1.1 no such user',
    });
    await receive('dave@dave.example', 'dave@dave.example', { kind: 'unsubscribe' });

    const replies = await events(f.workspaceId, 'reply.received');
    expect(replies.map((e) => e.data)).toEqual([
      expect.objectContaining({
        prospectId: reply.prospectId,
        campaignId: f.campaignId,
        campaignName: 'Outreach',
        website: 'https://anna.example',
        email: 'anna@anna.example',
        mailboxId: f.mailboxId,
        mailboxEmail: f.sender.user,
        classification: 'reply',
        from: 'anna@anna.example',
        subject: `Re: ${sent['anna@anna.example']!.subject}`,
        snippet: 'Sounds good, send the draft!',
        receivedAt: '2026-11-23T12:00:00.000Z',
        returnsOn: null,
      }),
      expect.objectContaining({
        email: 'bob@bob.example',
        classification: 'auto_reply',
        returnsOn: '2026-12-02T00:00:00.000Z',
      }),
    ]);
    expect(typeof replies[0]!.data.inboundMessageId).toBe('string');

    const bounces = await events(f.workspaceId, 'bounce.received');
    expect(bounces.map((e) => e.data)).toEqual([
      expect.objectContaining({
        prospectId: bounced.prospectId,
        email: 'cleo@cleo.example',
        bounceType: 'hard',
        hard: true,
        reason: 'userunknown',
        status: '5.1.1',
        recipient: 'cleo@cleo.example',
      }),
    ]);
    // By mail, and by the unsubscribe link (twice: only the first one is news).
    const [toErin] = await t.handle.db
      .select({ id: outreachMessages.id })
      .from(outreachMessages)
      .where(eq(outreachMessages.toEmail, 'erin@erin.example'));
    expect(await unsubscribe(t.handle.db, toErin!.id)).toBe('erin@erin.example');
    expect(await unsubscribe(t.handle.db, toErin!.id)).toBe('erin@erin.example');
    const unsubscribes = await events(f.workspaceId, 'unsubscribe.received');
    expect(unsubscribes.map((e) => e.data)).toEqual([
      expect.objectContaining({ email: 'dave@dave.example', via: 'mail', mailboxEmail: f.sender.user }),
      expect.objectContaining({
        email: 'erin@erin.example',
        via: 'link',
        inboundMessageId: null,
        mailboxId: f.mailboxId,
        mailboxEmail: f.sender.user,
      }),
    ]);
    // The reply and the bounce changed the prospects' status too.
    const changes = await events(f.workspaceId, 'prospect.status_changed');
    expect(changes.map((e) => [e.data.email, e.data.to])).toEqual(
      expect.arrayContaining([
        ['anna@anna.example', 'responded'],
        ['cleo@cleo.example', 'failed'],
      ]),
    );
  });
});
