import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { outreachMessages } from '../db/schema/outreach';
import { contactedDomains, prospectEvents } from '../db/schema/prospect-history';
import { updateProspectStatus } from '../modules/prospects/service';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { createOutreachFixture, type OutreachFixture } from '../testing/outreach';
import { domainsBlockedForContact, setDoNotContact, skippedDomains } from './domain-memory';
import { syncMailbox } from '../inbox/pipeline/sync';
import { outreachInboundEffects } from './inbound-effects';
import { claimSendable } from './scheduling/claim';
import { queueDueSteps } from './scheduling/queue-steps';
import { sendMessage } from './sending/send';

/** Domain memory and status history, kept by the engine as messages go out and answers come back (docs/decisions/011-replies-history-and-domain-memory.md). */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const DAY = 86_400_000;
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle;
let f: OutreachFixture;
let otherCampaignId: string;
const sentAt: Record<string, Date> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: [
      { website: 'https://blog-a.example/', email: 'anna@blog-a.example', name: 'Anna' },
      { website: 'https://www.c.example/about', email: 'carl@c.example', name: 'Carl' },
    ],
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
    ],
    start: MONDAY_10,
  });
  for (let i = 0; i < 2; i++) {
    const now = new Date(MONDAY_10.getTime() + i * 120_000);
    await queueDueSteps(handle.db, now);
    for (const id of await claimSendable(handle.db, now, () => 0)) {
      await sendMessage(handle.db, { keys: f.keys, config }, id, now);
    }
  }
  for (const m of await handle.db.select().from(outreachMessages)) sentAt[m.toEmail] = m.sentAt!;
  const [other] = await handle.db
    .insert(campaigns)
    .values({
      workspaceId: f.workspaceId,
      name: 'Second',
      websiteUrl: 'https://mine.example',
      type: 'manual',
    })
    .returning();
  otherCampaignId = other!.id;
});
afterAll(async () => {
  await f.close();
  await handle.close();
});

const memory = async () =>
  Object.fromEntries(
    (
      await handle.db.select().from(contactedDomains).where(eq(contactedDomains.workspaceId, f.workspaceId))
    ).map((r) => [r.domain, r]),
  );
const eventsOf = async (email: string) => {
  const [p] = await handle.db.select().from(prospects).where(eq(prospects.contactEmail, email));
  return (
    await handle.db
      .select({ status: prospectEvents.status, reason: prospectEvents.reason })
      .from(prospectEvents)
      .where(eq(prospectEvents.prospectId, p!.id))
      .orderBy(asc(prospectEvents.createdAt))
  ).map((e) => `${e.status}: ${e.reason}`);
};

describe('domain memory and status history', () => {
  it('remembers each domain when a message is sent: when, by which campaign, outcome sent', async () => {
    expect(sentAt['anna@blog-a.example']).toBeDefined();
    const m = await memory();
    expect(Object.keys(m).sort()).toEqual(['blog-a.example', 'c.example']);
    expect(m['blog-a.example']).toMatchObject({
      lastContactedAt: sentAt['anna@blog-a.example'],
      campaignId: f.campaignId,
      outcome: 'sent',
      doNotContact: false,
    });
    expect(await eventsOf('anna@blog-a.example')).toEqual(['sent: Step 1 sent']);
  });

  it('updates the outcome on a reply and a hard bounce, keeping the last contact, and records why', async () => {
    const mime = (from: string, headers: string, body: string) =>
      `From: ${from}\r\nTo: ${f.sender.user}\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\n${headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
    const [anna] = await handle.db
      .select()
      .from(outreachMessages)
      .where(eq(outreachMessages.toEmail, 'anna@blog-a.example'));
    const [carl] = await handle.db
      .select()
      .from(outreachMessages)
      .where(eq(outreachMessages.toEmail, 'carl@c.example'));
    await f.imap.deliver(
      f.sender,
      mime(
        'Anna <anna@blog-a.example>',
        `Subject: Re: ${anna!.subject}\r\nIn-Reply-To: ${anna!.messageId}`,
        'Yes!',
      ),
    );
    await f.imap.deliver(
      f.sender,
      `From: MAILER-DAEMON@c.example\r\nTo: ${f.sender.user}\r\nSubject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n--B\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; carl@c.example\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--B\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: ${carl!.messageId}\r\n\r\n--B--\r\n`,
    );
    expect(
      (await syncMailbox(handle.db, f.keys, outreachInboundEffects, config, f.mailboxId, new Date())).applied,
    ).toBe(2);

    const m = await memory();
    expect(m['blog-a.example']).toMatchObject({
      outcome: 'responded',
      lastContactedAt: sentAt['anna@blog-a.example'],
      campaignId: f.campaignId,
    });
    expect(m['c.example']).toMatchObject({ outcome: 'failed', lastContactedAt: sentAt['carl@c.example'] });
    expect(await eventsOf('anna@blog-a.example')).toEqual(['sent: Step 1 sent', 'responded: Replied']);
    expect(await eventsOf('carl@c.example')).toEqual(['sent: Step 1 sent', 'failed: Bounced (5.1.1)']);
  });

  it("takes the user's Success as the outcome, without counting it as a contact", async () => {
    const [anna] = await handle.db
      .select()
      .from(prospects)
      .where(eq(prospects.contactEmail, 'anna@blog-a.example'));
    await updateProspectStatus(handle.db, f, anna!.id, { status: 'success' });
    expect((await memory())['blog-a.example']).toMatchObject({
      outcome: 'success',
      lastContactedAt: sentAt['anna@blog-a.example'],
    });
    expect(await eventsOf('anna@blog-a.example')).toEqual([
      'sent: Step 1 sent',
      'responded: Replied',
      'success: Marked by you',
    ]);
  });

  it('blocks a domain contacted by another campaign for 90 days, never the campaign that contacted it', async () => {
    const asked = ['blog-a.example', 'https://www.c.example/contact', 'fresh.example'];
    const tenDaysOn = new Date(MONDAY_10.getTime() + 10 * DAY);
    expect(
      [
        ...(await domainsBlockedForContact(handle.db, f.workspaceId, asked, tenDaysOn, {
          campaignId: otherCampaignId,
        })),
      ].sort(),
    ).toEqual(['blog-a.example', 'c.example']);
    expect(
      await domainsBlockedForContact(handle.db, f.workspaceId, asked, tenDaysOn, {
        campaignId: f.campaignId,
      }),
    ).toEqual(new Set());
    const justInside = new Date(sentAt['anna@blog-a.example']!.getTime() + 90 * DAY - 1000);
    const past = new Date(sentAt['carl@c.example']!.getTime() + 90 * DAY + 1000);
    expect(
      await domainsBlockedForContact(handle.db, f.workspaceId, ['blog-a.example'], justInside, {
        campaignId: otherCampaignId,
      }),
    ).toEqual(new Set(['blog-a.example']));
    expect(
      await domainsBlockedForContact(handle.db, f.workspaceId, asked, past, { campaignId: otherCampaignId }),
    ).toEqual(new Set());
    // Another workspace's memory is its own.
    expect(await domainsBlockedForContact(handle.db, crypto.randomUUID(), asked, tenDaysOn)).toEqual(
      new Set(),
    );
  });

  it('blocks a do-not-contact domain for every campaign at any time, until the flag is cleared', async () => {
    const later = new Date(MONDAY_10.getTime() + 400 * DAY);
    const marked = await setDoNotContact(handle.db, f.workspaceId, 'fresh.example', true);
    expect(marked).toMatchObject({ domain: 'fresh.example', doNotContact: true, lastContactedAt: null });
    await setDoNotContact(handle.db, f.workspaceId, 'c.example', true);
    expect(
      await domainsBlockedForContact(handle.db, f.workspaceId, ['fresh.example', 'c.example'], later, {
        campaignId: f.campaignId,
      }),
    ).toEqual(new Set(['fresh.example', 'c.example']));
    await setDoNotContact(handle.db, f.workspaceId, 'c.example', false);
    expect(
      await domainsBlockedForContact(handle.db, f.workspaceId, ['fresh.example', 'c.example'], later),
    ).toEqual(new Set(['fresh.example']));
    expect((await memory())['c.example']).toMatchObject({ outcome: 'failed', doNotContact: false });
  });

  it("lets discovery skip the blocked domains and the campaign's own", async () => {
    const other = { id: otherCampaignId, workspaceId: f.workspaceId };
    const soon = new Date(MONDAY_10.getTime() + 10 * DAY);
    expect([...(await skippedDomains(handle.db, other, 90, soon))].sort()).toEqual([
      'blog-a.example',
      'c.example',
      'fresh.example',
    ]);
    const late = new Date(MONDAY_10.getTime() + 120 * DAY);
    expect([...(await skippedDomains(handle.db, other, 90, late))]).toEqual(['fresh.example']);
    // The contacting campaign itself skips its own prospects' domains, not because of the memory.
    expect(
      [
        ...(await skippedDomains(handle.db, { id: f.campaignId, workspaceId: f.workspaceId }, 90, late)),
      ].sort(),
    ).toEqual(['blog-a.example', 'c.example', 'fresh.example']);
  });
});
