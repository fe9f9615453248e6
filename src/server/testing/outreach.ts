import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { prospects } from '../db/schema/prospects';
import { emailAccounts } from '../db/schema/mailboxes';
import { enrollments, outreachMessages } from '../db/schema/outreach';
import {
  emailSequences,
  emailSequenceSteps,
  type StepBranch,
  type StepVariant,
} from '../db/schema/sequences';
import { insertCampaign } from './campaigns';
import { insertTestUser } from './users';
import { outreachKeys, type OutreachKeys } from '../keys';
import { encryptSecret } from '../secrets';
import { claimSendable } from '../outreach/scheduling/claim';
import { queueDueSteps } from '../outreach/scheduling/queue-steps';
import { sendMessage } from '../outreach/sending/send';
import { applyInbound } from '../inbox/pipeline/apply';
import type { Inbound } from '../mail/messages/inbound';
import type { Matched } from '../mail/inbound-effects';
import { matchInbound } from '../inbox/pipeline/match';
import { outreachInboundEffects } from '../outreach/inbound-effects';
import {
  localServerSettings,
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
  type MailUser,
} from './mail-servers';

export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface OutreachFixture {
  keys: OutreachKeys;
  smtp: LocalSmtpServer;
  imap: LocalImapServer;
  sender: MailUser;
  workspaceId: string;
  /** The fixture's user: Full Access in the workspace, owner of the campaign and the mailbox. */
  userId: string;
  mailboxId: string;
  campaignId: string;
  sequenceId: string;
  prospectIds: string[];
  close(): Promise<void>;
}

export interface OutreachFixtureOptions {
  prospects: { website: string; email: string | null; name?: string }[];
  steps: {
    subject: string;
    content: string;
    delayHours: number | null;
    variants?: StepVariant[];
    autoWinnerAfter?: number | null;
    /** A follow-up's conditions (docs/decisions/045-conditional-follow-ups.md). */
    branches?: StepBranch[];
  }[];
  dailyLimit?: number;
  /** When the first step becomes due. */
  start: Date;
}

/**
 * A complete outreach set-up on real local servers: a user, an SMTP/IMAP mailbox (its password
 * stored encrypted) whose blind copies the SMTP server delivers into its Dovecot INBOX, a
 * sequence, an active campaign and its prospects enrolled with the first step due at `start`.
 */
export async function createOutreachFixture(
  db: Database,
  options: OutreachFixtureOptions,
): Promise<OutreachFixture> {
  const sender = { user: `grace-${crypto.randomUUID().slice(0, 8)}@sender.test`, pass: 'mailbox-password' };
  const [smtp, imap] = await Promise.all([startSmtpServer([sender]), startImapServer([sender])]);
  smtp.hooks.deliver = async (recipient, raw) => {
    if (recipient === sender.user) await imap.deliver(sender, raw);
  };
  const keys = outreachKeys(TEST_APP_SECRET);

  const user = await insertTestUser(db, { name: 'Grace Hopper', email: `owner-${sender.user}` });
  const [mailbox] = await db
    .insert(emailAccounts)
    .values({
      workspaceId: user.workspaceId,
      connectedBy: user.id,
      email: sender.user,
      provider: 'smtp',
      ...localServerSettings(smtp, imap),
      username: sender.user,
      secretEncrypted: encryptSecret(keys.credentials, sender.pass),
      dailyLimit: options.dailyLimit ?? 30,
      nextSendAt: new Date(0),
    })
    .returning();
  const [sequence] = await db
    .insert(emailSequences)
    .values({ workspaceId: user.workspaceId, name: 'Pitch' })
    .returning();
  await db
    .insert(emailSequenceSteps)
    .values(options.steps.map((s, i) => ({ sequenceId: sequence!.id, stepNumber: i + 1, ...s })));
  const campaign = await insertCampaign(db, user, {
    status: 'active',
    emailAccountId: mailbox!.id,
    sequenceId: sequence!.id,
  });
  const rows = await db
    .insert(prospects)
    .values(
      options.prospects.map((p) => ({
        campaignId: campaign.id,
        workspaceId: user.workspaceId,
        website: p.website,
        contactEmail: p.email,
        contactName: p.name ?? null,
      })),
    )
    .returning({ id: prospects.id });
  await db.insert(enrollments).values(
    rows.map((r) => ({
      workspaceId: user.workspaceId,
      campaignId: campaign.id,
      prospectId: r.id,
      sequenceId: sequence!.id,
      emailAccountId: mailbox!.id,
      nextStepAt: options.start,
    })),
  );
  return {
    keys,
    smtp,
    imap,
    sender,
    workspaceId: user.workspaceId,
    userId: user.id,
    mailboxId: mailbox!.id,
    campaignId: campaign.id,
    sequenceId: sequence!.id,
    prospectIds: rows.map((r) => r.id),
    close: async () => {
      await Promise.all([smtp.close(), imap.close()]);
    },
  };
}

/** Claims the messages sendable at `now` and sends them as the engine would; returns each send's outcome. */
export async function sendClaimable(
  db: Database,
  fixture: Pick<OutreachFixture, 'keys'>,
  config: Config,
  now: Date,
): Promise<string[]> {
  const outcomes: string[] = [];
  for (const id of await claimSendable(db, now, () => 0))
    outcomes.push(await sendMessage(db, { keys: fixture.keys, config }, id, now));
  return outcomes;
}

/**
 * Sends the fixture's due steps as the engine would, one message per mailbox slot: `rounds` rounds
 * two minutes apart (the minimum spacing) from `start`, each queueing, claiming and sending over the
 * fixture's SMTP server.
 * @returns what each prospect address was sent: the Message-ID and subject of its latest message.
 */
export async function sendDueSteps(
  db: Database,
  fixture: Pick<OutreachFixture, 'keys'>,
  config: Config,
  start: Date,
  rounds: number,
): Promise<Record<string, { messageId: string; subject: string }>> {
  for (let i = 0; i < rounds; i++) {
    const now = new Date(start.getTime() + i * 120_000);
    await queueDueSteps(db, now);
    await sendClaimable(db, fixture, config, now);
  }
  const sent: Record<string, { messageId: string; subject: string }> = {};
  for (const m of await db.select().from(outreachMessages).orderBy(outreachMessages.stepNumber))
    sent[m.toEmail] = { messageId: m.messageId, subject: m.subject };
  return sent;
}

/** The prospect whose contact address is `email`; throws when there is none. */
export async function prospectWithEmail(db: Database, email: string): Promise<typeof prospects.$inferSelect> {
  const [prospect] = await db.select().from(prospects).where(eq(prospects.contactEmail, email));
  if (!prospect) throw new Error(`no prospect with the address ${email}`);
  return prospect;
}

let inboundUid = 0;

/**
 * Parses, matches and applies one message that arrived in the fixture's mailbox at `now`, as the
 * mailbox sync does (with real-length hours); null when it matched nothing of ours.
 */
export async function receiveInbound(
  db: Database,
  fixture: Pick<OutreachFixture, 'workspaceId' | 'mailboxId'>,
  raw: string,
  inbound: Inbound,
  now: Date,
): Promise<Matched | null> {
  const mail = await simpleParser(raw);
  const matched = await matchInbound(db, fixture.workspaceId, mail, inbound);
  if (!matched) return null;
  await applyInbound(
    db,
    {
      workspaceId: fixture.workspaceId,
      emailAccountId: fixture.mailboxId,
      uidValidity: 1,
      uid: ++inboundUid,
      messageId: mail.messageId ?? null,
      fromEmail: mail.from?.value[0]?.address ?? '',
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      receivedAt: now,
    },
    matched,
    inbound,
    { hourMs: 3_600_000, now },
    outreachInboundEffects,
  );
  return matched;
}
