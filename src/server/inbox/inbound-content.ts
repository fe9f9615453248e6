import type { Attachment, ParsedMail } from 'mailparser';
import { withoutNul } from '../../shared/text/without-nul';
import { splitQuote } from '../mail/messages/quote';
import type { AttachmentStorage } from './attachment-storage';
import { newAttachmentKey } from './attachment-storage';
import { processLogger } from '../observability/log';

/**
 * What the inbox keeps of a received message besides its own words (docs/decisions/024-inbox.md):
 * the quoted history, the HTML part, the References chain and the attached files.
 */

/** Characters kept of `text` and `quotedText`; HTML part characters beyond which none is kept. */
export const TEXT_MAX = 20_000;
export const HTML_MAX = 1_000_000;
/** Message-IDs kept of a References chain, and the longest one (RFC 5322 line length). */
export const REFERENCES_MAX = 50;
const MESSAGE_ID_MAX = 998;
const FILENAME_MAX = 200;
/** Control characters, and the direction marks and overrides that can make `exe.pdf` read as `fdp.exe`. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A reply's text cut in two (quote.ts): its own words and the quoted history below them, each
 * without NUL characters and at most TEXT_MAX characters.
 */
export function replyText(text: string): { own: string; quoted: string } {
  const { own, quoted } = splitQuote(text);
  return { own: withoutNul(own).slice(0, TEXT_MAX), quoted: withoutNul(quoted).slice(0, TEXT_MAX) };
}

/** The HTML part as received, without NUL characters; null when there is none or it is over HTML_MAX characters. */
export function htmlPart(mail: Pick<ParsedMail, 'html'>): string | null {
  if (typeof mail.html !== 'string' || mail.html.length > HTML_MAX) return null;
  return withoutNul(mail.html);
}

/** The `<id>` tokens of a Message-ID list header value; a bare id (no brackets) gets them. */
function idsOf(value: string): string[] {
  const bracketed = value.match(/<[^<>]+>/g);
  if (bracketed) return bracketed.map((id) => id.replace(/\s+/g, ''));
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((id) => `<${id}>`);
}

/**
 * The message's thread as Message-IDs, oldest first (RFC 5322 §3.6.4): its References, then its
 * In-Reply-To when References lacks it; each in angle brackets, without NUL, at most 998
 * characters, no repeats. A chain longer than REFERENCES_MAX keeps its first id (the thread's
 * start) and the latest ones, as RFC 5322 suggests when a References field is shortened.
 */
export function referencesOf(mail: Pick<ParsedMail, 'references' | 'inReplyTo'>): string[] {
  const values = [
    ...(Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : []),
    ...(mail.inReplyTo ? [mail.inReplyTo] : []),
  ];
  const ids: string[] = [];
  for (const value of values)
    for (const id of idsOf(withoutNul(value)))
      if (id.length <= MESSAGE_ID_MAX && !ids.includes(id)) ids.push(id);
  return ids.length <= REFERENCES_MAX ? ids : [ids[0]!, ...ids.slice(ids.length - REFERENCES_MAX + 1)];
}

/**
 * A sender's file name made safe to store and offer as a download name: the last path segment
 * only, without control or bidirectional-override characters (which can disguise an extension),
 * at most 200 characters with the extension kept; 'attachment' when nothing is left.
 */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_IN_FILENAME, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return 'attachment';
  if (cleaned.length <= FILENAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 20 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, FILENAME_MAX - extension.length) + extension;
}

/** A MIME type as `type/subtype` in lower case; application/octet-stream when it is not one. */
function safeContentType(value: string | undefined): string {
  const type = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)
    ? type
    : 'application/octet-stream';
}

/**
 * The files a reader would call attachments: parts given as attachments, and named parts that
 * are not images of the HTML body (multipart/related, shown by cid: — which the inbox never shows).
 */
export function listedAttachments(mail: Pick<ParsedMail, 'attachments'>): Attachment[] {
  return (mail.attachments ?? []).filter(
    (a) => a.contentDisposition === 'attachment' || (Boolean(a.filename) && !a.related),
  );
}

/** An attachment row to insert with its message: `storageKey` null when the file was not kept. */
export interface InboundAttachmentRecord {
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
  storageKey: string | null;
}

/**
 * Stores a message's attachments (listedAttachments) before the message is applied: files up to
 * `maxBytes` in `storage` under new random keys, larger ones listed only. A file the storage
 * refuses is listed only too (and the failure logged): the reply must still be applied, and so
 * stop its sequence.
 * @returns the rows to insert and the keys written, to remove if the message is not stored after all.
 */
export async function storeAttachments(
  storage: AttachmentStorage,
  mail: Pick<ParsedMail, 'attachments'>,
  maxBytes: number,
): Promise<{ records: InboundAttachmentRecord[]; keys: string[] }> {
  const records: InboundAttachmentRecord[] = [];
  const keys: string[] = [];
  for (const attachment of listedAttachments(mail)) {
    const size = attachment.content?.length ?? attachment.size ?? 0;
    let storageKey: string | null = null;
    if (attachment.content && size <= maxBytes) {
      const key = newAttachmentKey();
      try {
        await storage.save(key, attachment.content);
        storageKey = key;
        keys.push(key);
      } catch (error) {
        processLogger().warn({ err: error }, 'attachment not kept');
      }
    }
    records.push({
      filename: safeFilename(attachment.filename),
      contentType: safeContentType(attachment.contentType),
      size,
      storageKey,
    });
  }
  return { records, keys };
}

/** Deletes files saved for a message that was not stored; never throws (a failure is logged). */
export async function removeAttachments(storage: AttachmentStorage, keys: string[]): Promise<void> {
  for (const key of keys)
    await storage
      .remove(key)
      .catch((error: unknown) => processLogger().warn({ err: error, key }, 'attachment not removed'));
}
