import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages } from '../../db/schema/outreach';
import type { InboundEffects } from '../../mail/inbound-effects';
import { syncMailbox } from '../../inbox/pipeline/sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';
import { testConfig } from '../app';
import { createTestDatabase } from '../database';
import { createOutreachFixture, sendDueSteps, type OutreachFixture } from '../outreach';

/**
 * The inbox pipeline under faults (docs/decisions/042-fault-suite.md): the IMAP server drops the
 * connection in the middle of a sync, after the first of three replies was stored; the next sync
 * picks up where the position was saved, and every reply is stored and counted exactly once.
 */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const config = testConfig({ APP_URL: 'https://app.example' });
let handle: DatabaseHandle | undefined;
let f: OutreachFixture | undefined;
afterEach(async () => {
  await f?.close();
  await handle?.close();
});

const people = [
  { website: 'https://a.example', email: 'anna@a.example', name: 'Anna' },
  { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
  { website: 'https://c.example', email: 'carl@c.example', name: 'Carl' },
];

describe('the IMAP server drops the connection mid-fetch', () => {
  it('the next sync reads on from the saved position: no reply lost, none stored or counted twice', async () => {
    handle = await createTestDatabase();
    const db = handle.db;
    f = await createOutreachFixture(db, {
      prospects: people,
      steps: [{ subject: 'Idea for [Website]', content: 'Hi [First Name]', delayHours: null }],
      start: MONDAY_10,
    });
    const sent = await sendDueSteps(db, f, config, MONDAY_10, people.length);
    const sync = (effects: InboundEffects) =>
      syncMailbox(db, f!.keys, effects, config, f!.mailboxId, new Date());
    // The blind copies are read once and skipped, so the replies below are the only new messages.
    await sync(outreachInboundEffects);

    for (const person of people) {
      const original = sent[person.email]!;
      await f.imap.deliver(
        f.sender,
        `From: ${person.email}\r\nTo: ${f.sender.user}\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\nSubject: Re: ${original.subject}\r\nIn-Reply-To: ${original.messageId}\r\nReferences: ${original.messageId}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSounds good, ${person.name} here.\r\n`,
      );
    }

    // The first reply is stored; then the server cuts every connection of the mailbox.
    let applied = 0;
    const cutAfterFirst: InboundEffects = {
      async apply(tx, message) {
        const result = await outreachInboundEffects.apply(tx, message);
        if (++applied === 1) f!.imap.kick(f!.sender);
        return result;
      },
      afterApplied: (...args) => outreachInboundEffects.afterApplied(...args),
    };
    await expect(sync(cutAfterFirst)).rejects.toThrow();
    const afterCut = await db.select().from(inboundMessages);
    expect(afterCut).toHaveLength(1);
    const [cut] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(cut).toMatchObject({ status: 'error', statusSource: 'imap' });

    // The next sync reads the other two, clears the error, and a third finds nothing new.
    const next = await sync(outreachInboundEffects);
    expect(next.applied).toBe(2);
    expect((await sync(outreachInboundEffects)).applied).toBe(0);
    const stored = await db.select().from(inboundMessages);
    expect(stored.map((m) => m.fromEmail).sort()).toEqual(people.map((p) => p.email).sort());
    expect(new Set(stored.map((m) => m.messageId)).size).toBe(3);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, f.campaignId));
    expect(campaign!.responses).toBe(3);
    const [healed] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, f.mailboxId));
    expect(healed!.status).toBe('connected');
  });
});
