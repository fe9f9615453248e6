import type { Database } from '../db/client';
import { prospects } from '../db/schema/prospects';
import { emailAccounts } from '../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages, suppressions } from '../db/schema/outreach';
import { insertCampaign } from './campaigns';
import { insertTestUser } from './users';

/** What came back for one sent message. */
export type Answer = 'hard' | 'soft' | 'policy' | 'delay' | 'unsubscribe' | 'reply' | 'auto_reply';

export interface SeededMailbox {
  db: Database;
  workspaceId: string;
  /** The user who owns the campaign and connected the mailbox. */
  userId: string;
  ownerEmail: string;
  mailboxId: string;
  campaignId: string;
}

let serial = 0;

/**
 * A user with one SMTP mailbox (no servers: nothing is sent) and an active campaign, for tests that
 * build a mailbox's sending history row by row.
 */
export async function seedMailbox(
  db: Database,
  mailbox: Partial<typeof emailAccounts.$inferInsert> = {},
): Promise<SeededMailbox> {
  const n = ++serial;
  const user = await insertTestUser(db, {
    name: 'Grace Hopper',
    email: `owner${n}-${Date.now()}@owner.test`,
    emailVerified: true,
  });
  const [account] = await db
    .insert(emailAccounts)
    .values({
      workspaceId: user.workspaceId,
      connectedBy: user.id,
      email: `sender${n}@sender.test`,
      provider: 'smtp',
      ...mailbox,
    })
    .returning();
  const campaign = await insertCampaign(db, user, { status: 'active', emailAccountId: account!.id });
  return {
    db,
    workspaceId: user.workspaceId,
    userId: user.id,
    ownerEmail: user.email,
    mailboxId: account!.id,
    campaignId: campaign.id,
  };
}

/**
 * One message sent by the mailbox at `sentAt` to a new prospect, with what came back for it
 * (inbound rows received `answeredAfterMs` later; 'unsubscribe-link' puts the address on the
 * suppression list as the unsubscribe link does). Returns the message id.
 */
export async function seedSend(
  m: SeededMailbox,
  sentAt: Date,
  answers: (Answer | 'unsubscribe-link')[] = [],
  answeredAfterMs = 60_000,
): Promise<string> {
  const n = ++serial;
  const toEmail = `p${n}@site${n}.example`;
  const [prospect] = await m.db
    .insert(prospects)
    .values({
      campaignId: m.campaignId,
      workspaceId: m.workspaceId,
      website: `https://site${n}.example`,
      contactEmail: toEmail,
    })
    .returning();
  const [enrollment] = await m.db
    .insert(enrollments)
    .values({
      workspaceId: m.workspaceId,
      campaignId: m.campaignId,
      prospectId: prospect!.id,
      emailAccountId: m.mailboxId,
    })
    .returning();
  const [message] = await m.db
    .insert(outreachMessages)
    .values({
      workspaceId: m.workspaceId,
      enrollmentId: enrollment!.id,
      campaignId: m.campaignId,
      prospectId: prospect!.id,
      emailAccountId: m.mailboxId,
      stepNumber: 1,
      status: 'sent',
      messageId: `<m${n}@sender.test>`,
      toEmail,
      subject: 'Idea',
      body: 'Hi',
      sentAt,
    })
    .returning();
  const answeredAt = new Date(sentAt.getTime() + answeredAfterMs);
  for (const answer of answers) {
    if (answer === 'unsubscribe-link') {
      await m.db
        .insert(suppressions)
        .values({ workspaceId: m.workspaceId, email: toEmail, reason: 'unsubscribe', createdAt: answeredAt });
      continue;
    }
    const bounce = ['hard', 'soft', 'policy', 'delay'].includes(answer);
    await m.db.insert(inboundMessages).values({
      workspaceId: m.workspaceId,
      emailAccountId: m.mailboxId,
      imapUidValidity: 1,
      imapUid: ++serial,
      prospectId: prospect!.id,
      outreachMessageId: message!.id,
      kind: bounce ? 'bounce' : (answer as 'unsubscribe' | 'reply' | 'auto_reply'),
      bounceType: bounce ? (answer as 'hard' | 'soft' | 'policy' | 'delay') : null,
      fromEmail: bounce ? 'mailer-daemon@site.example' : toEmail,
      subject: 'Re: Idea',
      text: '',
      receivedAt: answeredAt,
    });
  }
  return message!.id;
}

/** `count` messages sent one minute apart from `start`, each with the same answers. */
export async function seedSends(
  m: SeededMailbox,
  start: Date,
  count: number,
  answers: (Answer | 'unsubscribe-link')[] = [],
): Promise<void> {
  for (let i = 0; i < count; i++) await seedSend(m, new Date(start.getTime() + i * 60_000), answers);
}
