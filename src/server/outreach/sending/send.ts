import { and, asc, eq, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, outreachMessages } from '../../db/schema/outreach';
import { users } from '../../db/schema/users';
import { workspaces } from '../../db/schema/workspaces';
import type { OutreachKeys } from '../../keys';
import { describeMailFailure, smtpOptions } from '../../mail/mailboxes/connection';
import { markMailboxError, markMailboxWorking } from '../../mail/mailboxes/mark-status';
import type { Config } from '../../config';
import { MailboxAccessError } from '../../mail/mailboxes/access-error';
import { resolveMailboxServers } from '../../mail/mailboxes/servers';
import { trackingLinks } from '../tracking/links';
import { composeMessage } from '../../mail/messages/compose';
import { recordFailed, recordRetry, recordSent, recordUnconfirmed, releaseClaim } from './record';

export interface SendDeps {
  keys: OutreachKeys;
  /** APP_URL for unsubscribe and tracking links; Gmail's OAuth2 client and servers. */
  config: Config;
}

/** `unconfirmed`: the server went silent or away after the transaction began; the row stays 'sending' for the reconciler. */
export type SendOutcome = 'sent' | 'retry' | 'failed' | 'skipped' | 'unconfirmed';

/** Attempts before a transiently failing message is given up. */
export const MAX_ATTEMPTS = 5;

/** Back-off after the n-th failed attempt: 5 min, 10, 20, 40 … capped at 6 h (ms). */
export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, attempt - 1), 6 * 3600_000);
}

/** nodemailer's codes for a server that could not be reached or spoken to (no SMTP answer at all). */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROTOCOL']);

/** An SMTP answer or connection failure, as the retry rules read it. */
function classify(error: unknown): {
  /** No SMTP reply at all: the connection was lost, refused or timed out. */
  unanswered: boolean;
  timedOut: boolean;
  permanent: boolean;
  recipientRefused: boolean;
  /** The login was refused or the server could not be reached: the mailbox's fault, not the message's. */
  mailboxFailed: boolean;
  reason: string;
} {
  const e = error as { responseCode?: number; command?: string; code?: string; message?: string };
  const code = e.responseCode ?? 0;
  const unanswered = !code && UNREACHABLE.has(e.code ?? '');
  return {
    unanswered,
    timedOut: e.code === 'ETIMEDOUT',
    permanent: code >= 500 && code !== 535,
    recipientRefused: code >= 500 && e.command === 'RCPT TO',
    mailboxFailed: code === 535 || e.code === 'EAUTH' || unanswered,
    reason: (e.message ?? String(error)).slice(0, 500),
  };
}

/**
 * Sends one claimed ('sending') message through its mailbox's SMTP server and records the outcome:
 * delivered → sent; 4xx or a dropped connection → back to the queue with back-off (after
 * MAX_ATTEMPTS: failed); 5xx → failed, the prospect failed, a refused recipient suppressed; a
 * refused login or a server that cannot be reached (refused, DNS, TLS, timeout) → the mailbox turns
 * 'error' (source 'smtp', reason in the user's words) and the message waits in the queue with
 * back-off; a delivered message clears such an error (mark-status.ts). A message whose
 * campaign was paused after the claim goes back to the queue unsent; one whose enrollment ended is
 * cancelled.
 * A blind copy goes to the mailbox itself: it is the proof of delivery the reconciler looks for
 * after a crash (see reconcile.ts).
 */
export async function sendMessage(
  db: Database,
  deps: SendDeps,
  messageId: string,
  now: Date,
): Promise<SendOutcome> {
  const [message] = await db.select().from(outreachMessages).where(eq(outreachMessages.id, messageId));
  if (!message || message.status !== 'sending' || !message.emailAccountId) return 'skipped';
  const [mailbox] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, message.emailAccountId));
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, message.campaignId));
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, message.workspaceId));
  if (!mailbox || !campaign || !workspace) return 'skipped';
  const senderName = await campaignSenderName(db, campaign.ownerId, workspace.name);
  // Pausing stops sends at once: a message claimed just before the pause stays in the queue.
  const [enrollment] = await db
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.id, message.enrollmentId));
  if (enrollment?.status !== 'active' || campaign.status !== 'active') {
    const ended = enrollment?.status !== 'active' && enrollment?.status !== 'paused';
    await releaseClaim(db, message, ended ? 'cancelled' : 'queued');
    return 'skipped';
  }

  const earlier = await db
    .select({ messageId: outreachMessages.messageId, subject: outreachMessages.subject })
    .from(outreachMessages)
    .where(
      and(
        eq(outreachMessages.enrollmentId, message.enrollmentId),
        eq(outreachMessages.status, 'sent'),
        lt(outreachMessages.stepNumber, message.stepNumber),
      ),
    )
    .orderBy(asc(outreachMessages.stepNumber));
  const links = trackingLinks(deps.config.APP_URL, deps.keys.tracking, message.id);

  const composed = composeMessage({
    from: { name: senderName, email: mailbox.email },
    to: message.toEmail,
    subject: message.subject,
    body: message.body,
    messageId: message.messageId,
    thread:
      earlier.length > 0
        ? { subject: earlier[0]!.subject, messageIds: earlier.map((m) => m.messageId) }
        : undefined,
    unsubscribe: {
      url: links.unsubscribe,
      mailto: `mailto:${mailbox.email}?subject=unsubscribe`,
    },
    footer: { name: senderName, postalAddress: workspace.postalAddress },
    tracking: {
      rewriteLink: campaign.trackClicks ? links.click : undefined,
      pixelUrl: campaign.trackOpens ? links.open : undefined,
    },
  });

  let servers;
  try {
    servers = await resolveMailboxServers(db, mailbox, deps.keys.credentials, deps.config);
  } catch (error) {
    if (!(error instanceof MailboxAccessError)) throw error;
    await markMailboxError(db, mailbox.id, 'smtp', error.message);
    await recordRetry(db, message, now, error.message);
    return 'retry';
  }
  const transaction = watchTransaction();
  const transport = nodemailer.createTransport({ ...smtpOptions(servers), logger: transaction.logger });
  try {
    const info = await transport.sendMail({ ...composed, bcc: mailbox.email });
    // With the blind copy in the envelope, a refused prospect does not fail the whole send:
    // nodemailer reports it among the rejected recipients instead.
    const refused = info.rejectedErrors?.find((e) => e.recipient?.toLowerCase() === message.toEmail);
    if (refused || info.rejected.some((r) => String(r).toLowerCase() === message.toEmail)) {
      throw (
        refused ??
        Object.assign(new Error('The mail server refused the recipient'), {
          responseCode: 550,
          command: 'RCPT TO',
        })
      );
    }
  } catch (error) {
    const failure = classify(error);
    if (failure.unanswered && transaction.begun) {
      // The server may hold the message already (lost 250, or hung after DATA): sending again
      // could deliver it twice. It stays 'sending'; the reconciler looks for its blind copy.
      const what = failure.timedOut ? 'stopped answering' : 'dropped the connection';
      await recordUnconfirmed(
        db,
        message,
        `The SMTP server ${servers.smtpHost}:${servers.smtpPort} ${what} after the message was handed over.`,
      );
      return 'unconfirmed';
    }
    if (failure.mailboxFailed) {
      const reason = describeMailFailure('SMTP', servers.smtpHost, servers.smtpPort, error);
      await markMailboxError(db, mailbox.id, 'smtp', reason);
      // Never failed for it: the message waits for its mailbox, however long that takes.
      await recordRetry(db, message, new Date(now.getTime() + retryDelayMs(message.attempts)), reason);
      return 'retry';
    }
    if (failure.permanent || message.attempts >= MAX_ATTEMPTS) {
      await recordFailed(db, message, failure.reason, failure.recipientRefused);
      return 'failed';
    }
    await recordRetry(db, message, new Date(now.getTime() + retryDelayMs(message.attempts)), failure.reason);
    return 'retry';
  } finally {
    transport.close();
  }
  await recordSent(db, message, now, deps.config.OUTREACH_HOUR_MS);
  await markMailboxWorking(db, mailbox.id, 'smtp');
  return 'sent';
}

/**
 * A bunyan-style logger for nodemailer (its `logger` option) that notes when the transport begins
 * the SMTP transaction: its 'send' entry, logged once connected and logged in, just before MAIL
 * FROM. A connection lost or timed out before that point never carried the message; after it the
 * server may have accepted it (docs/decisions/042-fault-suite.md).
 */
function watchTransaction() {
  const watch = {
    begun: false,
    logger: {
      level: () => undefined,
      trace: () => undefined,
      debug: () => undefined,
      info: (entry: { tnx?: string }) => {
        if (entry?.tnx === 'send') watch.begun = true;
      },
      warn: () => undefined,
      error: () => undefined,
      fatal: () => undefined,
    },
  };
  return watch;
}

/**
 * The name outreach is signed with ([Your Name], the From display name, the footer): the campaign
 * owner's, or the workspace's once the owner has left.
 */
async function campaignSenderName(
  db: Database,
  ownerId: string | null,
  workspaceName: string,
): Promise<string> {
  if (!ownerId) return workspaceName;
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, ownerId));
  return owner?.name ?? workspaceName;
}
