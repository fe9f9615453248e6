/**
 * The per-recipient fields of a delivery status notification (RFC 3464 §2.3), read from any text
 * that carries them: a message/delivery-status part, or the body mailparser folded it into.
 */

/** One recipient's block of a delivery-status report. Addresses lower-case, without brackets. */
export interface DsnRecipient {
  finalRecipient: string | null;
  originalRecipient: string | null;
  /** failed | delayed | delivered | relayed | expanded (RFC 3464 §2.3.3), lower-case; null if absent. */
  action: string | null;
  /** Enhanced status code (RFC 3463), e.g. '5.1.1'. */
  status: string | null;
  /** Diagnostic-Code without its type ('smtp; '), continuation lines joined. */
  diagnostic: string | null;
}

const FIELD =
  /^(final-recipient|original-recipient|action|status|diagnostic-code|remote-mta|last-attempt-date|will-retry-until|x-actual-recipient)[ \t]*:[ \t]*(.*)$/i;

/**
 * An address inside a DSN address field ('rfc822; <a@b.example>'), lower-case. A bare host name
 * ('rfc822; a@mailhub', a server naming its own local delivery) counts only when the field holds
 * that address alone, not inside a source route ('@relay.example:a@host', RFC 5321 §4.1.2).
 */
export function dsnAddress(value: string): string | null {
  // A quoted local part ('"a..b"@c.example', RFC 5322 §3.4.1) keeps its quotes.
  const m =
    /("[^"\s]{1,64}"|[^\s<>;:"(),]+)@([^\s<>;:"(),]+\.[^\s<>;:"(),]+)/.exec(value) ??
    /^\s*(?:[\w-]+\s*;)?\s*<?("[^"\s]{1,64}"|[^\s<>;:"(),@]+)@([A-Za-z0-9-]+)>?\s*$/.exec(value);
  return m ? `${m[1]}@${m[2]!.replace(/\.$/, '')}`.toLowerCase() : null;
}

/** Enhanced status code (RFC 3463 §2: class.subject.detail) in a text, or null. */
export function statusIn(text: string): string | null {
  return /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ?? null;
}

/**
 * Recipient blocks of every delivery-status field group in `text`, in order. A new block starts
 * when a recipient field repeats; fields before any recipient field are ignored (per-message fields).
 */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const blocks: DsnRecipient[] = [];
  let current: DsnRecipient | null = null;
  let lastKey: string | null = null;
  const fresh = (): DsnRecipient => ({
    finalRecipient: null,
    originalRecipient: null,
    action: null,
    status: null,
    diagnostic: null,
  });
  for (const line of text.split('\n')) {
    if (current?.diagnostic && lastKey === 'diagnostic-code' && /^[ \t]+\S/.test(line)) {
      current.diagnostic = `${current.diagnostic} ${line.trim()}`;
      continue;
    }
    const m = FIELD.exec(line);
    lastKey = m ? m[1]!.toLowerCase() : null;
    if (!m) continue;
    const key = lastKey!;
    const value = m[2]!.trim();
    if (key === 'final-recipient' || key === 'original-recipient') {
      const field = key === 'final-recipient' ? 'finalRecipient' : 'originalRecipient';
      // Either order of the two recipient fields occurs; a repeated field or one after Action opens the next block.
      if (!current || current[field] !== null || current.action !== null) {
        current = fresh();
        blocks.push(current);
      }
      current[field] = dsnAddress(value);
      continue;
    }
    if (!current) continue;
    if (key === 'action') current.action = value.toLowerCase().split(/[\s(]/)[0] || null;
    else if (key === 'status') current.status = statusIn(value);
    else if (key === 'diagnostic-code') current.diagnostic = value.replace(/^[\w-]+;\s*/, '');
  }
  return blocks;
}
