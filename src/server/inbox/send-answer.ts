import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { emailAccounts } from '../db/schema/mailboxes';
import type { OutreachKeys } from '../keys';
import {
  describeMailFailure,
  imapOptions,
  smtpOptions,
  type MailboxServers,
} from '../mail/mailboxes/connection';
import { markMailboxError, markMailboxWorking } from '../mail/mailboxes/mark-status';
import { MailboxAccessError } from '../mail/mailboxes/access-error';
import { resolveMailboxServers } from '../mail/mailboxes/servers';
import { renderBodyHtml } from '../mail/messages/compose';

/** An answer ready to go: the text as the member wrote it (placeholders filled) and its threading. */
export interface OutgoingAnswer {
  from: { name: string; email: string };
  to: string;
  subject: string;
  body: string;
  /** The Message-ID of their message we answer, with angle brackets (RFC 5322 §3.6.4). */
  inReplyTo: string | null;
  /** The thread's Message-IDs, oldest first, ending with `inReplyTo`. */
  references: string[];
}

/** What sending did: the Message-ID it went out with and, when the Sent copy failed, why. */
export interface SentAnswer {
  messageId: string;
  sentCopyError: string | null;
}

/** Sending refused before or by the server: `reason` is in the user's words; nothing went out. */
export class AnswerNotSentError extends Error {}

/**
 * Sends a member's answer through the conversation's mailbox over SMTP, in the thread (In-Reply-To,
 * References), then files the very same message in the mailbox's Sent folder over IMAP (RFC 3501
 * APPEND, the folder found by its \Sent special-use flag, RFC 6154), so it shows in the member's
 * own mail client. Gmail and Microsoft file SMTP submissions in Sent themselves, so they are not
 * appended to (a second copy would show). A refused login or an unreachable server marks the
 * mailbox 'error' like the sending engine does (mark-status.ts). A failed Sent copy does not undo
 * the send: it is reported in `sentCopyError`.
 * @throws AnswerNotSentError when the mailbox cannot be reached or the server refuses the message.
 */
export async function sendAnswer(
  db: Database,
  deps: { keys: OutreachKeys; config: Config },
  mailbox: typeof emailAccounts.$inferSelect,
  answer: OutgoingAnswer,
): Promise<SentAnswer> {
  const messageId = `<${randomUUID()}@${answer.from.email.split('@')[1] ?? 'linkpilot.local'}>`;
  const raw = await new MailComposer({
    from: { name: answer.from.name, address: answer.from.email },
    to: answer.to,
    subject: answer.subject,
    messageId,
    date: new Date(),
    ...(answer.inReplyTo ? { inReplyTo: answer.inReplyTo } : {}),
    ...(answer.references.length > 0 ? { references: answer.references } : {}),
    text: answer.body,
    html: renderBodyHtml(answer.body),
  })
    .compile()
    .build();

  let servers: MailboxServers;
  try {
    servers = await resolveMailboxServers(db, mailbox, deps.keys.credentials, deps.config);
  } catch (error) {
    if (!(error instanceof MailboxAccessError)) throw error;
    await markMailboxError(db, mailbox.id, 'smtp', error.message);
    throw new AnswerNotSentError(error.message);
  }
  const transport = nodemailer.createTransport(smtpOptions(servers));
  try {
    await transport.sendMail({ envelope: { from: mailbox.email, to: [answer.to] }, raw });
  } catch (error) {
    const e = error as { responseCode?: number; code?: string; message?: string };
    const loginOrConnection = e.responseCode === 535 || e.code === 'EAUTH' || !e.responseCode;
    if (loginOrConnection) {
      const reason = describeMailFailure('SMTP', servers.smtpHost, servers.smtpPort, error);
      await markMailboxError(db, mailbox.id, 'smtp', reason);
      throw new AnswerNotSentError(reason);
    }
    throw new AnswerNotSentError(`The mail server refused the answer: ${(e.message ?? '').slice(0, 300)}`);
  } finally {
    transport.close();
  }
  await markMailboxWorking(db, mailbox.id, 'smtp');
  const sentCopyError =
    mailbox.provider === 'smtp' ? await appendToSent(servers, raw).catch(describeAppendFailure) : null;
  return { messageId, sentCopyError };
}

const describeAppendFailure = (error: unknown): string =>
  `Could not copy it to the Sent folder: ${(error as Error).message ?? String(error)}`.slice(0, 500);

/**
 * Appends `raw` to the mailbox's Sent folder, marked \Seen: the folder flagged \Sent, else one
 * named "Sent" (created if the server has none).
 * @returns null once appended.
 * @throws Error when the server cannot be reached or refuses the APPEND.
 */
export async function appendToSent(servers: MailboxServers, raw: Buffer): Promise<null> {
  const client = new ImapFlow(imapOptions(servers));
  client.on('error', () => undefined);
  await client.connect();
  try {
    const folders = await client.list();
    let sent = folders.find((f) => f.specialUse === '\\Sent')?.path;
    sent ??= folders.find((f) => f.path.toLowerCase() === 'sent' || f.name.toLowerCase() === 'sent')?.path;
    if (!sent) {
      await client.mailboxCreate('Sent');
      sent = 'Sent';
    }
    await client.append(sent, raw, ['\\Seen']);
    return null;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
