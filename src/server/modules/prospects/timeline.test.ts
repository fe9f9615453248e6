import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { ProspectTimeline } from '../../../shared/schemas/prospect-timeline';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages, trackingEvents } from '../../db/schema/outreach';
import { prospects } from '../../db/schema/prospects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let owner: { cookie: string; userId: string; workspaceId: string };
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await signUpUser(t.app);
  const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie: signedUp.cookie } });
  const { id, workspace } = me.json<{ id: string; workspace: { id: string } }>();
  owner = { cookie: signedUp.cookie, userId: id, workspaceId: workspace.id };
  ({ cookie: stranger } = await signUpUser(t.app));
});
afterAll(() => t.close());

const get = (url: string, cookie = owner.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
/** Two days ago plus `minutes`: the history happened before the user marks the prospect now. */
const base = Date.now() - 2 * 86_400_000;
const at = (minutes: number) => new Date(base + minutes * 60_000);

/** A prospect with one sent step, an open by a scanner and one by a person, a click, a reply and an auto-reply. */
async function prospectWithHistory() {
  const campaign = await createManualCampaign(t.app, owner.cookie);
  const page = (await get(withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>();
  const prospect = page.items.find((p) => p.contactEmail === 'ann@alpha.com')!;
  const db = t.handle.db;
  await db
    .update(prospects)
    .set({ createdAt: at(-60) })
    .where(eq(prospects.id, prospect.id));
  const [mailbox] = await db
    .insert(emailAccounts)
    .values({
      workspaceId: owner.workspaceId,
      connectedBy: owner.userId,
      email: `me-${crypto.randomUUID()}@mine.example`,
      provider: 'smtp',
    })
    .returning();
  const [enrollment] = await db
    .insert(enrollments)
    .values({
      workspaceId: owner.workspaceId,
      campaignId: campaign.id,
      prospectId: prospect.id,
      status: 'stopped',
    })
    .returning();
  const [sent, failed] = await db
    .insert(outreachMessages)
    .values([
      {
        workspaceId: owner.workspaceId,
        enrollmentId: enrollment!.id,
        campaignId: campaign.id,
        prospectId: prospect.id,
        stepNumber: 1,
        variantId: 'variant-b',
        status: 'sent' as const,
        messageId: `<${crypto.randomUUID()}@mine.example>`,
        toEmail: 'ann@alpha.com',
        subject: 'Idea for alpha.com',
        body: 'Hi Ann',
        sentAt: at(0),
      },
      {
        workspaceId: owner.workspaceId,
        enrollmentId: enrollment!.id,
        campaignId: campaign.id,
        prospectId: prospect.id,
        stepNumber: 2,
        status: 'failed' as const,
        messageId: `<${crypto.randomUUID()}@mine.example>`,
        toEmail: 'ann@alpha.com',
        subject: 'Following up',
        body: 'Hi again',
        lastError: '550 5.1.1 mailbox unavailable',
        updatedAt: at(180),
      },
    ])
    .returning();
  await db.insert(trackingEvents).values([
    { messageId: sent!.id, type: 'open', automated: true, createdAt: at(0.1) },
    { messageId: sent!.id, type: 'open', automated: false, createdAt: at(60) },
    {
      messageId: sent!.id,
      type: 'click',
      url: 'https://mysite.com/guide',
      automated: false,
      createdAt: at(61),
    },
  ]);
  await db.insert(inboundMessages).values([
    {
      workspaceId: owner.workspaceId,
      emailAccountId: mailbox!.id,
      imapUidValidity: 1,
      imapUid: 1,
      prospectId: prospect.id,
      outreachMessageId: sent!.id,
      kind: 'auto_reply',
      fromEmail: 'ann@alpha.com',
      subject: 'Out of office',
      text: 'Back on December 2.',
      details: { returnsOn: '2026-12-02T08:00:00.000Z' },
      // The responder's clock is behind: dated before the message it answers.
      receivedAt: at(-5),
    },
    {
      workspaceId: owner.workspaceId,
      emailAccountId: mailbox!.id,
      imapUidValidity: 1,
      imapUid: 2,
      prospectId: prospect.id,
      outreachMessageId: sent!.id,
      kind: 'reply',
      fromEmail: 'ann@alpha.com',
      subject: 'Re: Idea for alpha.com',
      text: 'Send me the draft!',
      receivedAt: at(120),
    },
  ]);
  return { campaign, prospect, failed: failed! };
}

describe('GET /api/prospects/:id/timeline', () => {
  it("returns the prospect's whole history in time order, scanner hits flagged, and the status changes", async () => {
    const { campaign, prospect } = await prospectWithHistory();
    const marked = await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, prospect.id),
      headers: { cookie: owner.cookie },
      payload: { status: 'success' },
    });
    expect(marked.statusCode).toBe(200);

    const response = await get(withId(apiPaths.prospectTimeline, prospect.id));
    expect(response.statusCode).toBe(200);
    const timeline = response.json<ProspectTimeline>();
    expect(timeline.prospect).toMatchObject({ id: prospect.id, status: 'success' });
    expect(timeline.campaignName).toBe(campaign.name);
    expect(timeline.trackingTruncated).toBe(false);
    const types = timeline.entries.map((e) => e.type);
    expect(types.slice(0, 7)).toEqual(['added', 'message', 'auto_reply', 'open', 'open', 'click', 'reply']);
    // The failed step 2 (stamped when it failed) and the user's Success (now) come last.
    expect(types.slice(7)).toEqual(['message', 'status']);
    expect(timeline.entries.map((e) => e.at)).toEqual([...timeline.entries.map((e) => e.at)].sort());

    const [, first, autoReply, scanner, person, click, reply, failed, status] = timeline.entries;
    // Never shown before the message it answers.
    expect(autoReply!.at).toBe(first!.at);
    expect(first).toMatchObject({
      stepNumber: 1,
      variantId: 'variant-b',
      status: 'sent',
      subject: 'Idea for alpha.com',
      error: null,
    });
    expect(scanner).toMatchObject({ type: 'open', automated: true, stepNumber: 1 });
    expect(person).toMatchObject({ type: 'open', automated: false });
    expect(click).toMatchObject({ url: 'https://mysite.com/guide', automated: false });
    expect(autoReply).toMatchObject({ returnsOn: '2026-12-02T08:00:00.000Z', text: 'Back on December 2.' });
    expect(reply).toMatchObject({ text: 'Send me the draft!', fromEmail: 'ann@alpha.com' });
    expect(failed).toMatchObject({
      stepNumber: 2,
      variantId: null,
      status: 'failed',
      error: '550 5.1.1 mailbox unavailable',
    });
    expect(status).toMatchObject({ status: 'success', reason: 'Marked by you' });
  });

  it('answers 404 for another user and for an unknown prospect', async () => {
    const { prospect } = await prospectWithHistory();
    expect((await get(withId(apiPaths.prospectTimeline, prospect.id), stranger)).statusCode).toBe(404);
    expect(
      (await get(withId(apiPaths.prospectTimeline, '00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await get(withId(apiPaths.prospectTimeline, 'not-a-uuid'))).statusCode).toBe(400);
  });

  it('shows a new prospect with only its arrival', async () => {
    const campaign = await createManualCampaign(t.app, owner.cookie);
    const page = (await get(withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>();
    const timeline = (
      await get(withId(apiPaths.prospectTimeline, page.items[0]!.id))
    ).json<ProspectTimeline>();
    expect(timeline.entries.map((e) => e.type)).toEqual(['added']);
  });
});
