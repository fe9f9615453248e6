/**
 * Amazon SES event notifications delivered by e-mail through Amazon SNS: a JSON document
 * ("notificationType": "Bounce" | "Delivery" | "Complaint") instead of an RFC 3464 report.
 * Fields are read by pattern, not JSON.parse, because mail transport wraps long lines and SNS may
 * escape the document inside another one.
 */

/** What an SES notification says, in the terms the bounce reader uses. */
export interface SesNotification {
  type: 'bounce' | 'delivery' | 'complaint';
  /** SES's own verdict: 'Permanent', 'Transient' or 'Undetermined'. */
  bounceType: string | null;
  recipient: string | null;
  status: string | null;
  diagnostic: string | null;
  /** Message-ID header of the original, with angle brackets. */
  originalMessageId: string | null;
}

const field = (text: string, name: string) =>
  new RegExp(`"${name}"\\s*:\\s*"([^"]{0,1000})"`).exec(text)?.[1] ?? null;

/** Reads an SES notification from a message body (the JSON document opens it); null when the body is none. */
export function readSesNotification(body: string): SesNotification | null {
  if (!body.trimStart().startsWith('{')) return null;
  // Undo SNS's escaping and the line wraps ("!\n ") mail transport added to the long JSON line.
  const text = body.slice(0, 100_000).replace(/\\"/g, '"').replace(/!?\n /g, '');
  const kind = (field(text, 'notificationType') ?? field(text, 'eventType'))?.toLowerCase();
  if (kind !== 'bounce' && kind !== 'delivery' && kind !== 'complaint') return null;
  const bounced = /"bouncedRecipients"\s*:\s*\[\s*\{([^\]]{0,3000})/.exec(text)?.[1] ?? '';
  const messageId = /"name"\s*:\s*"message-id"\s*,\s*"value"\s*:\s*"([^"]{1,500})"/i.exec(text)?.[1] ?? null;
  const id = messageId ? /<?([^\s<>]+)>?/.exec(messageId)?.[1] : null;
  return {
    type: kind,
    bounceType: field(text, 'bounceType'),
    recipient: field(bounced, 'emailAddress')?.toLowerCase() ?? null,
    status: field(bounced, 'status'),
    diagnostic: field(bounced, 'diagnosticCode')?.replace(/^[\w-]+;\s*/, '') ?? null,
    originalMessageId: id ? `<${id}>` : null,
  };
}
