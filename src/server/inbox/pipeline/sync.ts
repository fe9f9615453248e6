import { eq } from 'drizzle-orm';
import { ImapFlow, type MessageEnvelopeObject } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { attachmentStorageFor, type AttachmentStorage } from '../attachment-storage';
import { htmlPart, referencesOf, removeAttachments, replyText, storeAttachments } from '../inbound-content';
import type { OutreachKeys } from '../../keys';
import type { InboundEffects } from '../../mail/inbound-effects';
import { MailboxAccessError } from '../../mail/mailboxes/access-error';
import { describeMailFailure, imapOptions } from '../../mail/mailboxes/connection';
import { markMailboxError, markMailboxWorking } from '../../mail/mailboxes/mark-status';
import { resolveMailboxServers } from '../../mail/mailboxes/servers';
import { recheckSmtp } from '../../mail/mailboxes/smtp-recheck';
import { applyInbound } from './apply';
import { classifyInbound } from './classify';
import { isOurMessageId, matchInbound } from './match';
import { quarantineMessage } from './quarantine';
import { processLogger } from '../../observability/log';

/** Messages read per sync at most; the rest wait for the next run. */
export const SYNC_BATCH = 200;
/** A message larger than this is set aside without being downloaded (bytes; 25 MB). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export interface SyncResult {
  /** Messages the run moved past: applied, skipped (ours, unmatched, seen before) or set aside. */
  read: number;
  applied: number;
  quarantined: number;
}

export interface SyncOptions {
  /** Larger messages are set aside unread (bytes); MAX_MESSAGE_BYTES unless given. */
  maxMessageBytes?: number;
  /** Where attached files are kept; unless given, where the settings say (attachmentStorageFor). */
  attachments?: AttachmentStorage;
}

type Mailbox = typeof emailAccounts.$inferSelect;
/** What the server says of a message before it is downloaded. */
interface Listed {
  uid: number;
  size: number;
  envelope?: MessageEnvelopeObject;
  internalDate?: Date | string;
}
type Outcome = 'applied' | 'skipped' | 'quarantined';

/**
 * Reads a mailbox's new INBOX messages (docs/decisions/014-mailbox-health.md, "Applying inbound
 * mail and quarantine"): from the last synced UID when UIDVALIDITY is unchanged, otherwise (first
 * sync, or the server renumbered) those received since the mailbox was connected. Each message is
 * downloaded, parsed, classified, matched and applied on its own: one that fails anywhere (broken
 * MIME, a database error) or is over `maxMessageBytes` is set aside in quarantined_messages and the
 * position moves past it, so no message stalls its mailbox. Our own blind copies, and messages
 * carrying one of our Message-IDs (a looped copy), are skipped. Applying is idempotent, so a restart
 * neither misses nor re-counts. The inbox's content is kept with each message
 * (docs/decisions/024-inbox.md): its quoted history, HTML and References, and the files attached
 * to replies, saved in `options.attachments` before the apply and removed again when it stores
 * nothing (the message was stored before, or the apply failed).
 * Connection state (mark-status.ts): an IMAP server that cannot be reached or refuses the login
 * turns the mailbox 'error' (source 'imap'), and a MailboxAccessError with that reason is thrown;
 * a sync that reads to the end clears an 'imap' error and sets last_sync. A mailbox in SMTP error
 * has its SMTP login checked too (smtp-recheck.ts). Paused mailboxes are read like any other. What a message does to the
 * sequence that wrote to its sender is `effects` (outreach/inbound-effects.ts, given by the caller).
 * @throws MailboxAccessError when the mailbox cannot be used or its server reached (it is marked so);
 *   Error when the mailbox does not exist, the connection drops mid-run, or the database fails outside
 *   one message (the job is retried; the position is kept).
 */
export async function syncMailbox(
  db: Database,
  keys: OutreachKeys,
  effects: InboundEffects,
  config: Config,
  mailboxId: string,
  now: Date,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, mailboxId));
  if (!mailbox) throw new Error(`No mailbox ${mailboxId}`);

  let servers;
  try {
    servers = await resolveMailboxServers(db, mailbox, keys.credentials, config);
  } catch (error) {
    if (error instanceof MailboxAccessError) await markMailboxError(db, mailboxId, 'imap', error.message);
    throw error;
  }
  if (mailbox.status === 'error' && mailbox.statusSource === 'smtp')
    await recheckSmtp(db, mailboxId, servers);

  const client = new ImapFlow(imapOptions(servers));
  client.on('error', () => undefined);
  /** Marks the mailbox 'error' with the failure in words, and returns them. */
  const unreachable = async (error: unknown) => {
    const reason = describeMailFailure('IMAP', servers.imapHost, servers.imapPort, error);
    await markMailboxError(db, mailboxId, 'imap', reason);
    return reason;
  };
  try {
    await client.connect();
  } catch (error) {
    const reason = await unreachable(error);
    throw new MailboxAccessError(reason, { cause: error });
  }

  const result: SyncResult = { read: 0, applied: 0, quarantined: 0 };
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const uidValidity = Number((client.mailbox as { uidValidity: bigint }).uidValidity);
      const continuing = mailbox.imapUidValidity === uidValidity && mailbox.imapLastUid !== null;
      const listed = await listNew(client, mailbox, continuing);
      const read = {
        db,
        config,
        mailbox,
        uidValidity,
        now,
        effects,
        maxBytes: options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
        attachments: options.attachments ?? attachmentStorageFor(config),
      };
      for (const item of listed) {
        const outcome = await readMessage(client, read, item);
        result.read++;
        if (outcome === 'applied') result.applied++;
        if (outcome === 'quarantined') result.quarantined++;
        await db
          .update(emailAccounts)
          .set({ imapUidValidity: uidValidity, imapLastUid: item.uid })
          .where(eq(emailAccounts.id, mailboxId));
      }
      if (!continuing && listed.length === 0) {
        // Nothing since the connection: start from the current end of the INBOX.
        const next = Number((client.mailbox as { uidNext: number }).uidNext);
        await db
          .update(emailAccounts)
          .set({ imapUidValidity: uidValidity, imapLastUid: Math.max(0, next - 1) })
          .where(eq(emailAccounts.id, mailboxId));
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    // The server went away mid-run (not a database failure): show it like a failed connection.
    if (!client.usable) await unreachable(error);
    throw error;
  } finally {
    await client.logout().catch(() => client.close());
  }
  await markMailboxWorking(db, mailboxId, 'imap');
  await db.update(emailAccounts).set({ lastSync: now }).where(eq(emailAccounts.id, mailboxId));
  return result;
}

/**
 * The new messages' UIDs, sizes and envelopes, oldest first, at most SYNC_BATCH — nothing is
 * downloaded yet, so a huge message costs nothing until it is chosen.
 */
async function listNew(client: ImapFlow, mailbox: Mailbox, continuing: boolean): Promise<Listed[]> {
  const range = continuing
    ? `${mailbox.imapLastUid! + 1}:*`
    : (await firstSyncUids(client, mailbox.createdAt)).slice(0, SYNC_BATCH).join(',');
  if (!range) return [];
  const listed: Listed[] = [];
  for await (const m of client.fetch(
    range,
    { uid: true, size: true, envelope: true, internalDate: true },
    { uid: true },
  )) {
    // 'n:*' always returns the newest message, even when it is older than n.
    if (continuing && m.uid <= mailbox.imapLastUid!) continue;
    listed.push({ uid: m.uid, size: m.size ?? 0, envelope: m.envelope, internalDate: m.internalDate });
  }
  return listed.sort((a, b) => a.uid - b.uid).slice(0, SYNC_BATCH);
}

interface ReadContext {
  db: Database;
  config: Config;
  mailbox: Mailbox;
  uidValidity: number;
  now: Date;
  effects: InboundEffects;
  maxBytes: number;
  attachments: AttachmentStorage;
}

/**
 * Downloads, parses and applies one message; whatever goes wrong with it (the server refuses to
 * return it, it cannot be parsed or applied) sets it aside with the error as its reason. A lost
 * connection is thrown instead: it says nothing about the message, which the next run reads again.
 */
async function readMessage(client: ImapFlow, ctx: ReadContext, item: Listed): Promise<Outcome> {
  const { db, mailbox } = ctx;
  const headers = {
    messageId: item.envelope?.messageId ?? null,
    fromEmail: item.envelope?.from?.[0]?.address?.toLowerCase() ?? null,
    subject: item.envelope?.subject ?? null,
  };
  const setAside = async (reason: string): Promise<Outcome> => {
    await quarantineMessage(db, {
      workspaceId: mailbox.workspaceId,
      emailAccountId: mailbox.id,
      uidValidity: ctx.uidValidity,
      uid: item.uid,
      ...headers,
      size: item.size,
      reason,
    });
    return 'quarantined';
  };
  if (item.size > ctx.maxBytes)
    return setAside(`Too large to read (${(item.size / 1024 / 1024).toFixed(1)} MB)`);

  let fetched;
  try {
    fetched = await client.fetchOne(String(item.uid), { source: true }, { uid: true });
  } catch (error) {
    // The server refused this message (a damaged file on its side) yet still answers: set it aside.
    // A dropped connection is thrown instead, so the next run reads the message again.
    if (!(await stillConnected(client))) throw error;
    return setAside(`The server could not return it: ${(error as Error).message}`);
  }
  if (!fetched || !fetched.source) {
    // imapflow answers "nothing" rather than failing once the connection is gone: that is no
    // deleted message, and skipping it would move the position past a message never read
    // (docs/decisions/042-fault-suite.md).
    if (!(await stillConnected(client))) throw new Error('The IMAP connection was lost mid-sync');
    return 'skipped'; // deleted since it was listed
  }
  try {
    // Not needed here, and costly on huge bodies: HTML made from the text, links found in it.
    const mail = await simpleParser(fetched.source, {
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
    });
    headers.messageId = mail.messageId ?? headers.messageId;
    headers.fromEmail = mail.from?.value[0]?.address?.toLowerCase() ?? headers.fromEmail;
    headers.subject = mail.subject ?? headers.subject;
    return await applyMessage(ctx, item, mail);
  } catch (error) {
    return setAside(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Whether the IMAP connection still answers, asked with a NOOP: imapflow marks a connection
 * unusable only once it has seen the socket close, which can come after a command already failed
 * because of it (docs/decisions/042-fault-suite.md).
 */
async function stillConnected(client: ImapFlow): Promise<boolean> {
  if (!client.usable || !client.mailbox) return false;
  try {
    await client.noop();
  } catch {
    return false;
  }
  return client.usable;
}

/** Classifies, matches and applies one parsed message; then re-reads the sending mailbox's health. */
async function applyMessage(ctx: ReadContext, item: Listed, mail: ParsedMail): Promise<Outcome> {
  const { db, mailbox } = ctx;
  const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
  if (from === mailbox.email.toLowerCase()) return 'skipped'; // our blind copy
  if (mail.messageId && (await isOurMessageId(db, mailbox.workspaceId, mail.messageId))) return 'skipped';
  const received = validDate(mail.date) ?? validDate(item.internalDate) ?? ctx.now;
  const inbound = classifyInbound(mail, received);
  const matched = await matchInbound(db, mailbox.workspaceId, mail, inbound);
  if (!matched) return 'skipped';
  // Bounces carry our own message back: its text stays whole, its quote and files are ours.
  const reply = inbound.kind === 'bounce' ? null : replyText(mail.text ?? '');
  const files =
    inbound.kind === 'reply' || inbound.kind === 'auto-reply'
      ? await storeAttachments(ctx.attachments, mail, ctx.config.INBOX_ATTACHMENT_MAX_BYTES)
      : { records: [], keys: [] };
  let applied: boolean;
  try {
    applied = await applyInbound(
      db,
      {
        workspaceId: mailbox.workspaceId,
        emailAccountId: mailbox.id,
        uidValidity: ctx.uidValidity,
        uid: item.uid,
        messageId: mail.messageId ?? null,
        fromEmail: from,
        subject: mail.subject ?? '',
        text: reply ? reply.own : (mail.text ?? ''),
        quotedText: reply?.quoted ?? '',
        html: htmlPart(mail),
        references: referencesOf(mail),
        attachments: files.records,
        receivedAt: received,
      },
      matched,
      inbound,
      { hourMs: ctx.config.OUTREACH_HOUR_MS, now: ctx.now },
      ctx.effects,
    );
  } catch (error) {
    await removeAttachments(ctx.attachments, files.keys);
    throw error;
  }
  if (!applied) {
    // Stored by an earlier run, with its own copies of the files.
    await removeAttachments(ctx.attachments, files.keys);
    return 'skipped';
  }
  if (inbound.kind === 'bounce' || inbound.kind === 'unsubscribe') {
    // Outside the apply transaction, and not the message's fault when it fails.
    await ctx.effects
      .afterApplied(db, matched.emailAccountId ?? mailbox.id, ctx.now, ctx.config)
      .catch((error: unknown) =>
        processLogger().error({ err: error, mailboxId: mailbox.id }, 'mailbox health evaluation failed'),
      );
  }
  return 'applied';
}

const validDate = (value: Date | string | undefined): Date | null => {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * UIDs a mailbox's first sync reads: the INBOX since a day before the mailbox was connected.
 * The day of margin is not only generous: where the server has WITHIN (RFC 5032) imapflow turns
 * SINCE into `YOUNGER <seconds>`, and Dovecot refuses `YOUNGER 0` — a sync within a second of
 * connecting used to read nothing and then skip to the end of the INBOX.
 * @throws Error when the server refuses the search (the sync is retried; nothing is skipped).
 */
async function firstSyncUids(client: ImapFlow, connectedAt: Date): Promise<number[]> {
  const found = await client.search({ since: new Date(connectedAt.getTime() - 86_400_000) }, { uid: true });
  if (!found) throw new Error('The IMAP server refused to search the INBOX');
  return found;
}
