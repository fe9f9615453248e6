import { autoReplySubject } from './auto-reply';
import {
  AT_DATA,
  AT_RCPT,
  DAEMON_LOCAL,
  DAEMON_NAME,
  DELAY_NOTICE,
  DELAY_WORDS,
  FAILURE_WORDS,
  GIVEN_UP,
  RECIPIENT_REFUSAL,
  REPORT_OPENING,
  SMTP_REFUSAL_LINE,
} from './bounce-markers';
import { decideReason, effectOf } from './bounce-reasons';
import { parseDeliveryStatus, statusIn, type DsnRecipient } from './dsn';
import { failedRecipient } from './failed-recipient';
import type { Bounce } from '../../mail/messages/inbound';
import { addressesIn, first, type Report } from './report';
import { readSesNotification, type SesNotification } from './ses-notification';

/** Most characters of the server's words kept in `diagnostic`. */
const DIAGNOSTIC_LIMIT = 1_000;

/** A failure line of an SMTP dialogue: a 4yz/5yz reply code, perhaps with an enhanced status. */
const FAILURE_REPLY = /(?:^|[\s(:>'"[])([45][0-5]\d)(?:[ -]+[45]\.\d{1,3}\.\d{1,3})?[ -]+\S/;

const contentType = (report: Report) => first(report.headers, 'content-type').toLowerCase();

/** A Content-Type of multipart/report (RFC 6522) whose report-type is a delivery status, or that names none. */
function isDeliveryReportType(type: string): boolean {
  if (!type.startsWith('multipart/report')) return false;
  const reportType = /report-type\s*=\s*"?([\w-]+)/.exec(type)?.[1];
  return !reportType || /delivery-status/.test(reportType);
}

/** Text without the lines a person quoted ('> …'): a forwarded report is not itself a report. */
const unquoted = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join('\n');

/**
 * A mail server's own message: null return path (RFC 5321 §4.5.5), an empty or daemon From, or
 * a daemon's display name ("Mail Delivery System" <mailer@…>).
 */
function fromADaemon(report: Report): boolean {
  const returnPath = first(report.headers, 'return-path');
  if (/^<\s*>$|^<?mailer-daemon>?$/i.test(returnPath.trim())) return true;
  const fromField = first(report.headers, 'from');
  const from = addressesIn(fromField);
  if (from.length === 0 || DAEMON_LOCAL.test(from[0]!.split('@')[0]!)) return true;
  return /<>/.test(fromField) || DAEMON_NAME.test(fromField);
}

/** A machine's message: a daemon's, or one marked Auto-Submitted (RFC 3834 §5). */
function fromTheSystem(report: Report): boolean {
  if (fromADaemon(report)) return true;
  const autoSubmitted = first(report.headers, 'auto-submitted').toLowerCase();
  return Boolean(autoSubmitted) && autoSubmitted !== 'no';
}

/** A subject of a person's reply or forward (RFC 5322 §3.6.5 "Re:", and its translations). */
const REPLY_SUBJECT = /^\s*(re|fwd?|aw|wg|tr|sv|vs|antw|rv|odp|r)\s*(\[\d+\])?\s*:/i;

/** Most characters of a brief notice's statement: a few lines naming the address and the reason. */
const BRIEF_LIMIT = 1_500;

/**
 * A subject that titles the message itself: no reply or forward ("Re:", "Fwd:"), no out-of-office
 * title. Auto-replies keep "Re:", and their text may say "unavailable" or "delayed".
 */
const titledByItself = (subject: string) => !REPLY_SUBJECT.test(subject) && !autoReplySubject(subject);

/**
 * A brief plain-text notice of an older or simpler server, without an RFC 3464 part or a known
 * opening: a few lines that name an address other than the notice's own From and To, and a
 * refusal ("user unknown", "mailbox unavailable", "550 5.1.1 …"), failure or delay, sent by a
 * daemon, or by an automatic sender or under a failure subject when the subject titles the
 * message itself.
 */
function briefNotice(report: Report): boolean {
  const text = unquoted(report.statement).trim();
  if (!text || text.length > BRIEF_LIMIT) return false;
  const subject = report.subject;
  const failureSubject = FAILURE_WORDS.test(subject) || DELAY_NOTICE.test(subject);
  if (!(fromADaemon(report) || (titledByItself(subject) && (fromTheSystem(report) || failureSubject))))
    return false;
  const own = new Set(['from', 'to'].flatMap((name) => addressesIn(first(report.headers, name))));
  if (!addressesIn(text).some((a) => !own.has(a))) return false;
  return RECIPIENT_REFUSAL.test(text) || FAILURE_WORDS.test(text) || DELAY_NOTICE.test(text);
}

/** A recipient block that reports success: delivered, relayed, expanded (RFC 3464 §2.3.3) or a 2.x.x status. */
const succeeded = (b: DsnRecipient) =>
  /^(delivered|relayed|expanded|deliverable)$/.test(b.action ?? '') || Boolean(b.status?.startsWith('2'));

/** The recipient block the report is about: the first failed one, else the first delayed one. */
function chooseBlock(blocks: DsnRecipient[]): DsnRecipient | null {
  return (
    blocks.find((b) => b.action === 'failed') ??
    blocks.find((b) => b.status?.startsWith('5')) ??
    blocks.find((b) => b.action === 'delayed') ??
    blocks[0] ??
    null
  );
}

/**
 * The receiving server's reply in a report's own text: the first 4yz/5yz line with its
 * continuation lines ("550-5.7.26 …" / "550 5.7.26 …"), else the lines next to the failed address.
 */
function serverWords(statement: string, recipient: string | null): string | null {
  const lines = statement.split('\n');
  let at = lines.findIndex((line) => FAILURE_REPLY.test(line));
  if (at < 0 && recipient)
    at = lines.findIndex(
      // Not a header or report field ("To: …", "Final-Recipient: …"): those only name the address.
      (line) => line.toLowerCase().includes(recipient) && !/^\s*[\w-]+\s*:\s/.test(line),
    );
  if (at < 0) return null;
  const taken: string[] = [];
  for (let i = at; i < lines.length && taken.length < 6; i++) {
    const line = lines[i]!.trim();
    if (/^(-{3,}|={3,}|\*{3,})/.test(line) && taken.length > 0) break;
    if (line) taken.push(line);
  }
  return taken.join(' ').replace(/\s+/g, ' ').slice(0, DIAGNOSTIC_LIMIT) || null;
}

/** The returned original's Message-ID, with angle brackets (from its headers, or quoted in the text). */
function originalMessageId(report: Report): string | null {
  const value =
    first(report.original, 'message-id') ||
    /^[\s>]*Message-ID:\s*(<?[^\s<>]+@[^\s<>]+>?)/im.exec(report.text)?.[1] ||
    '';
  const id = /<?([^\s<>]+)>?/.exec(value.trim())?.[1];
  return id ? `<${id}>` : null;
}

/**
 * The recipient blocks of a returned message that is itself a delivery report (RFC 6522): a relay
 * that could not deliver a report returns it inside its own, and mailparser leaves the inner
 * report's parts unopened, so its delivery-status fields are read from the returned message's text.
 */
function nestedReportBlocks(report: Report): DsnRecipient[] {
  if (!report.originalAttached || !isDeliveryReportType(first(report.original, 'content-type').toLowerCase()))
    return [];
  const returned = report.parts.filter((p) => /^message\/(rfc822|global)\b/.test(p.type)).map((p) => p.text);
  return parseDeliveryStatus(returned.join('\n')).filter((b) => b.action || b.status);
}

/** What the message says of delivery: a failure or delay report, another machine report, or nothing. */
export type DeliveryReport = Bounce | { kind: 'report' } | null;

/** The facts a report states about the failed delivery, before they are judged. */
interface Facts {
  recipient: string | null;
  status: string | null;
  diagnostic: string | null;
  originalMessageId: string | null;
  delayed: boolean;
  /** The report's own text, read for the reason when the server's words name none. */
  statement: string;
  /** Whether the failure is permanent, when the report states it other than by a code. */
  permanent?: boolean;
}

/** Judges the facts: delay, or the reason and its effect (bounce-reasons.ts). */
function verdict(facts: Facts): Bounce {
  const { recipient, status, diagnostic, originalMessageId } = facts;
  const common = { kind: 'bounce' as const, status, recipient, originalMessageId, diagnostic };
  if (facts.delayed) return { ...common, type: 'delay', hard: false, reason: 'delayed' };
  const words = diagnostic ?? '';
  const statement = facts.statement.slice(0, 5_000);
  const context = `${words}\n${statement}`;
  const replyCode = FAILURE_REPLY.exec(words)?.[1] ?? null;
  const reason = decideReason({
    words,
    statement,
    status,
    replyCode,
    atData: AT_DATA.test(context) && !AT_RCPT.test(context),
  });
  const permanent =
    facts.permanent ?? (status ? status.startsWith('5') : replyCode ? replyCode.startsWith('5') : true);
  const type = effectOf(reason, permanent);
  return { ...common, type, hard: type === 'hard', reason };
}

/** An Amazon SES notification (ses-notification.ts) as a delivery report. */
function fromSes(ses: SesNotification): DeliveryReport {
  if (ses.type !== 'bounce') return { kind: 'report' };
  return verdict({
    recipient: ses.recipient,
    status: ses.status,
    diagnostic: ses.diagnostic,
    originalMessageId: ses.originalMessageId,
    delayed: false,
    statement: '',
    // SES states the class itself: only a 'Permanent' bounce can mean a dead address.
    permanent: ses.bounceType === 'Permanent',
  });
}

/**
 * Reads a delivery report by its structure: an RFC 3464 report (multipart/report, a
 * message/delivery-status part, or its fields in the body), X-Failed-Recipients, the opening
 * sentence of a server's own report format, an Amazon SES notification, a daemon's message
 * (null return path, MAILER-DAEMON or its display name, Auto-Submitted) whose subject or text
 * states a failure or, under a subject of its own, a delay, or a brief plain-text notice.
 * A report whose recipients were all delivered (RFC 3464 §2.3.3 actions delivered, relayed,
 * expanded, or a 2.x.x status) is `{ kind: 'report' }`, like an SES delivery or complaint notice.
 * @returns null when the message is no delivery report.
 */
export function readDeliveryReport(report: Report): DeliveryReport {
  const ses = readSesNotification(report.text);
  if (ses) return fromSes(ses);
  const dsnParts = report.parts.filter((p) => /delivery-status/.test(p.type)).map((p) => p.text);
  const readBlocks = (text: string) =>
    parseDeliveryStatus([...dsnParts, text].join('\n')).filter((b) => b.action || b.status);
  // A report forwarded inside another message has its fields after the quoted headers.
  let blocks = readBlocks(report.statement);
  if (blocks.length === 0 && report.statement.length < report.text.length) blocks = readBlocks(report.text);
  const head = `${report.subject}\n${report.statement.slice(0, 5_000)}`;
  const structural =
    isDeliveryReportType(contentType(report)) ||
    blocks.length > 0 ||
    report.headers.has('x-failed-recipients') ||
    REPORT_OPENING.test(unquoted(report.statement.slice(0, 20_000)));
  const stated =
    ((fromTheSystem(report) || report.originalAttached) && FAILURE_WORDS.test(head)) ||
    // A delay notice without a report part; not an auto-reply that says its answer is delayed.
    ((fromADaemon(report) ||
      report.originalAttached ||
      (fromTheSystem(report) && titledByItself(report.subject))) &&
      DELAY_NOTICE.test(head)) ||
    (fromADaemon(report) && SMTP_REFUSAL_LINE.test(report.statement.slice(0, 5_000))) ||
    briefNotice(report);
  if (!structural && !stated) return null;
  if (blocks.length > 0 && blocks.every(succeeded)) return { kind: 'report' };
  // Only once the message is a report by its own evidence: a person may attach a report too.
  if (blocks.length === 0) blocks = nestedReportBlocks(report);

  const chosen = chooseBlock(blocks);
  const recipient = failedRecipient(report, chosen, blocks);
  const diagnostic =
    chosen?.diagnostic?.slice(0, DIAGNOSTIC_LIMIT) || serverWords(report.statement, recipient);
  return verdict({
    recipient,
    status: chosen?.status ?? (diagnostic ? statusIn(diagnostic) : null),
    diagnostic,
    originalMessageId: originalMessageId(report),
    delayed:
      blocks.length > 0
        ? !blocks.some((b) => b.action === 'failed') && blocks.some((b) => b.action === 'delayed')
        : DELAY_WORDS.test(head) && !GIVEN_UP.test(head),
    statement: report.statement,
  });
}
