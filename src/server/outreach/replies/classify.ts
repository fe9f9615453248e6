import type { ParsedMail } from 'mailparser';
import { isAutoReply, returnDate } from './auto-reply';
import { readBounce } from './bounce';
import type { Inbound } from './inbound';

export type { Inbound } from './inbound';

/** Words of people asking to be left alone, in the reply's own lines (EN and DE). */
const UNSUBSCRIBE =
  /\b(unsubscribe|remove me|take me off|opt[ -]?out|stop (emailing|contacting|sending)|do not (email|contact)|don'?t (email|contact)|not interested|no interest|abmelden|austragen|kein interesse|bitte keine (e-?mails|nachrichten))\b/i;

/** The reply's own text: everything before the quoted original ('> …', 'On … wrote:', 'Am … schrieb'). */
export function ownText(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (
      /^\s*>/.test(line) ||
      /^(on .+ wrote:|am .+ schrieb .+:|-{2,}\s*original message|von:\s)/i.test(line.trim())
    )
      break;
    lines.push(line);
  }
  return lines.join('\n');
}

/**
 * What an inbound message is (issue 7 §3), in this order: a bounce (RFC 3464 or a big provider's
 * own format), an automatic reply (RFC 3834 and common headers, out-of-office subjects), an
 * unsubscribe request in plain words, or else a real reply.
 */
export function classifyInbound(mail: ParsedMail, received: Date): Inbound {
  const bounce = readBounce(mail);
  if (bounce) return bounce;
  if (isAutoReply(mail))
    return {
      kind: 'auto-reply',
      returnsOn: returnDate(`${mail.subject ?? ''}\n${mail.text ?? ''}`, received),
    };
  if (UNSUBSCRIBE.test(ownText(mail.text ?? ''))) return { kind: 'unsubscribe' };
  return { kind: 'reply' };
}
