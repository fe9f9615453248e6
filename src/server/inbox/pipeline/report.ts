import type { ParsedMail } from 'mailparser';

/** Most text any one piece of a message is scanned for (characters): bounds all regex work. */
const SCAN_LIMIT = 200_000;

/** Attachment types that carry a delivery report or the returned original (RFC 3464 §2, RFC 6533). */
const REPORT_PART =
  /^(message\/(global-)?delivery-status|message\/(rfc822|global|global-headers|partial)|text\/rfc822-headers?|text\/plain)\b/i;
const ORIGINAL_PART = /^(message\/(rfc822|global|global-headers|partial)|text\/rfc822-headers?)\b/i;

/** Text bounded, with LF line ends and without NUL bytes (broken mail carries them). */
export function clean(text: string | null | undefined): string {
  if (!text) return '';
  return text.slice(0, SCAN_LIMIT).replace(/\0/g, '').replace(/\r\n?/g, '\n');
}

/** Unfolded header fields of a header block, keys lower-case (RFC 5322 §2.2.3). */
function headerFields(block: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  let last: string[] | null = null;
  for (const line of block.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      last[last.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const m = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
    if (!m) {
      last = null;
      continue;
    }
    const key = m[1]!.toLowerCase();
    last = fields.get(key) ?? [];
    last.push(m[2]!.trim());
    fields.set(key, last);
  }
  return fields;
}

/** Every e-mail address written in a text, lower-case, without angle brackets, in order. */
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g)) {
    const address = m[0].replace(/^[.'`]+|[.'`]+$/g, '').toLowerCase();
    if (!found.includes(address)) found.push(address);
  }
  return found;
}

/** Header lines that open the returned original when a server quotes it in the body. */
const HEADER_LINE =
  /^(return-path|received|message-id|from|to|subject|date|mime-version|content-type|x-[\w-]+|reply-to|delivered-to|dkim-signature|references|in-reply-to):[ \t]*\S/i;

/** Where the quoted original starts in a report's text: the first run of at least three header lines. */
function quotedHeadersAt(text: string): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    if (HEADER_LINE.test(lines[i]!)) {
      let run = 0;
      for (let j = i; j < lines.length && j < i + 12 && run < 3; j++) {
        if (HEADER_LINE.test(lines[j]!)) run++;
        else if (!/^[ \t]+\S/.test(lines[j]!)) break;
      }
      if (run >= 3) return offset;
    }
    offset += lines[i]!.length + 1;
  }
  return -1;
}

/** The parts of an inbound message the bounce rules read, each bounded by SCAN_LIMIT. */
export interface Report {
  /** The message's own header fields, unfolded, keys lower-case. */
  headers: Map<string, string[]>;
  /** Subject of the message itself. */
  subject: string;
  /** The human-readable body (mailparser's text, or its text made from the HTML). */
  text: string;
  /** Every attached report part (delivery-status, returned message or headers, text/plain). */
  parts: { type: string; text: string }[];
  /** The body before the returned original: where a server states the failure. */
  statement: string;
  /** Header fields of the returned original, when the report carries it. */
  original: Map<string, string[]> | null;
  /** True when the original came as its own part, as only machines return it (not quoted by a person). */
  originalAttached: boolean;
}

/**
 * Gathers what the bounce rules need from a parsed message: headers, text, report parts and the
 * returned original (a message/rfc822 or text/rfc822-headers part, RFC 3462 §2, or headers the
 * server quoted in the body). Never throws: missing pieces come back empty.
 */
export function readReport(mail: ParsedMail): Report {
  const headers = headerFields(clean((mail.headerLines ?? []).map((h) => h.line).join('\n')));
  const text = clean(mail.text);
  const parts = (mail.attachments ?? [])
    .filter((a) => REPORT_PART.test(a.contentType ?? '') && a.content)
    .map((a) => ({
      type: (a.contentType ?? '').toLowerCase(),
      text: clean(a.content.subarray(0, SCAN_LIMIT).toString('utf8')),
    }));
  const attached = parts.find((p) => ORIGINAL_PART.test(p.type));
  const quotedAt = quotedHeadersAt(text);
  let original: Map<string, string[]> | null = null;
  if (attached) original = headerFields(attached.text.split(/\n[ \t]*\n/, 1)[0]!);
  else if (quotedAt >= 0) original = headerFields(text.slice(quotedAt).split(/\n[ \t]*\n/, 1)[0]!);
  return {
    headers,
    subject: clean(mail.subject ?? headers.get('subject')?.[0] ?? ''),
    text,
    parts,
    statement: quotedAt >= 0 ? text.slice(0, quotedAt) : text,
    original,
    originalAttached: Boolean(attached),
  };
}

/** First value of a header field, or ''. */
export const first = (fields: Map<string, string[]> | null, name: string): string =>
  fields?.get(name)?.[0] ?? '';
