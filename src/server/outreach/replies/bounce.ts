import type { ParsedMail } from 'mailparser';
import type { Bounce } from './inbound';

const field = (text: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(text)?.[1]?.trim() ?? null;

/** The Message-ID in the returned original (message/rfc822 or text/rfc822-headers part, or quoted text). */
function originalMessageId(mail: ParsedMail, parts: string): string | null {
  const inParts = /^Message-ID:\s*(<[^>]+>)/im.exec(parts)?.[1];
  if (inParts) return inParts;
  return /Message-ID:\s*(<[^>\s]+>)/i.exec(mail.text ?? '')?.[1] ?? null;
}

/** Senders and subjects of bounces from servers that do not send RFC 3464 reports. */
const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon)@/i;
const BOUNCE_SUBJECT =
  /(undeliver(ed|able)|delivery (status notification|has failed|failure)|returned mail|mail delivery (failed|subsystem)|failure notice|unzustellbar|nicht zugestellt|delivery incomplete)/i;

/**
 * Reads a delivery failure report: RFC 3464 `multipart/report; report-type=delivery-status`
 * (Postfix, Exchange, Gmail send these), or a non-standard one recognised by sender and subject
 * (qmail's "failure notice", older Exim), whose status is read from the text ("550 5.1.1 …").
 * @returns null when the message is not a bounce.
 */
export function readBounce(mail: ParsedMail): Bounce | null {
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    contentType.params?.['report-type']?.toLowerCase() === 'delivery-status';
  const from = mail.from?.value[0]?.address ?? '';
  if (!isReport && !(BOUNCE_SENDER.test(from) && BOUNCE_SUBJECT.test(mail.subject ?? ''))) return null;

  // mailparser hands some report parts over as attachments (text/rfc822-headers, message/rfc822)
  // and inlines others into the text (message/delivery-status): the fields are read from both.
  const parts = mail.attachments.map((a) => a.content.toString('utf8')).join('\n');
  const text = `${parts}\n${mail.text ?? ''}`;
  const status =
    field(text, 'Status')?.match(/^[245]\.\d{1,3}\.\d{1,3}/)?.[0] ??
    /\b[45]\d\d[ -]([45]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ??
    null;
  const smtpCode = /\b([45])\d\d\b[ -]/.exec(text)?.[1];
  const recipient =
    field(text, 'Final-Recipient')
      ?.replace(/^rfc822;\s*/i, '')
      .toLowerCase() ??
    field(text, 'Original-Recipient')
      ?.replace(/^rfc822;\s*/i, '')
      .toLowerCase() ??
    /<([^<>\s@]+@[^<>\s]+)>/.exec(mail.text ?? '')?.[1]?.toLowerCase() ??
    null;
  const action = field(text, 'Action')?.toLowerCase();
  if (action === 'delayed' || action === 'delivered' || action === 'relayed' || action === 'expanded') {
    return {
      kind: 'bounce',
      type: 'delay',
      hard: false,
      reason: 'delayed',
      status,
      recipient,
      originalMessageId: originalMessageId(mail, parts),
      diagnostic: null,
    };
  }
  const hard = status ? status.startsWith('5') : smtpCode ? smtpCode === '5' : true;
  return {
    kind: 'bounce',
    type: hard ? 'hard' : 'soft',
    hard,
    reason: hard ? 'userunknown' : 'undefined',
    status,
    recipient,
    originalMessageId: originalMessageId(mail, parts),
    diagnostic: null,
  };
}
