import type { Config } from '../config';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { emailAccounts } from '../db/schema/mailboxes';
import { enrollments, outreachMessages } from '../db/schema/outreach';
import { emailSequences, emailSequenceSteps } from '../db/schema/sequences';
import { insertTestUser } from './users';
import { outreachKeys, type OutreachKeys } from '../outreach/keys';
import { encryptSecret } from '../secrets';
import { claimSendable } from '../outreach/scheduling/claim';
import { queueDueSteps } from '../outreach/scheduling/queue-steps';
import { sendMessage } from '../outreach/sending/send';
import {
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
  steps: { subject: string; content: string; delayHours: number | null }[];
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
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
      imapHost: '127.0.0.1',
      imapPort: imap.port,
      imapSecurity: 'none',
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
  const [campaign] = await db
    .insert(campaigns)
    .values({
      workspaceId: user.workspaceId,
      ownerId: user.id,
      name: 'Outreach',
      websiteUrl: 'https://mine.example',
      type: 'manual',
      status: 'active',
      emailAccountId: mailbox!.id,
      sequenceId: sequence!.id,
    })
    .returning();
  const rows = await db
    .insert(prospects)
    .values(
      options.prospects.map((p) => ({
        campaignId: campaign!.id,
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
      campaignId: campaign!.id,
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
    campaignId: campaign!.id,
    sequenceId: sequence!.id,
    prospectIds: rows.map((r) => r.id),
    close: async () => {
      await Promise.all([smtp.close(), imap.close()]);
    },
  };
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
    for (const id of await claimSendable(db, now, () => 0))
      await sendMessage(db, { keys: fixture.keys, config }, id, now);
  }
  const sent: Record<string, { messageId: string; subject: string }> = {};
  for (const m of await db.select().from(outreachMessages).orderBy(outreachMessages.stepNumber))
    sent[m.toEmail] = { messageId: m.messageId, subject: m.subject };
  return sent;
}
