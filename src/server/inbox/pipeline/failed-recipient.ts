import { DAEMON_LOCAL } from './bounce-markers';
import type { DsnRecipient } from './dsn';
import { addressesIn, first, type Report } from './report';

/** Header fields naming message identifiers (RFC 5322 §3.6.4, §3.6.6): never a mailbox. */
const ID_FIELDS = ['message-id', 'resent-message-id', 'in-reply-to', 'references'];

/**
 * Header fields naming a mailing list's own, owner, help or bounce addresses (RFC 2369, RFC 2919
 * and the lists' own X- fields), and where errors go (Errors-To, Sender).
 */
const LIST_FIELDS = [
  'list-post',
  'list-owner',
  'list-help',
  'list-subscribe',
  'list-unsubscribe',
  'list-archive',
  'mailing-list',
  'x-beenthere',
  'x-mailing-list',
  'x-ml-address',
  'errors-to',
];

/**
 * Local parts of a list's role addresses: owner-l, l-owner, l-request, l-bounces (+VERP), l-ctl
 * (Mailman, Majordomo, ezmlm, fml, Sympa). A person's address never has these.
 */
const LIST_ROLE = /^(owner|bounces?)[-+.]|[-+.](owner|request|bounces?|ctl)(\+|$)/i;
const isListRole = (address: string) => LIST_ROLE.test(address.split('@')[0]!);

/**
 * A returned original that a mailing list sent out: list fields (RFC 2369/2919 post, id, owner;
 * not List-Unsubscribe, which our own messages carry, RFC 8058) or Precedence: list. Its From is
 * the poster and its To the list, never the member whose mailbox failed. (A bounce address as
 * envelope sender proves nothing: bulk senders use them too.)
 */
const isListPost = (original: Map<string, string[]>) =>
  ['list-id', 'list-post', 'list-owner', 'mailing-list', 'x-beenthere', 'x-mailman-version'].some((f) =>
    original.has(f),
  ) || /^list$/i.test(first(original, 'precedence').trim());

/**
 * Local parts as mail programs make Message-IDs, never a person's mailbox: a UUID, a long run of
 * hex digits and letters, a timestamp with a queue id (Sendmail's 200904290210.n3S2AbIG029209), a '$' or
 * '.JavaMail.' (RFC 5322 §3.6.4 leaves the form to the program; these are the common ones).
 */
const ID_SHAPED =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[^@]*[a-f])(?=[^@]*\d)[0-9a-f]{24,}|\d{12,}\.[\w.-]+|.*\$.*|.*\.javamail\..*)$/i;
const looksLikeMessageId = (address: string) => ID_SHAPED.test(address.split('@')[0]!);

/**
 * Message-IDs written in a text: after "Message-ID", "Msg-ID" or "Queue-ID" (brackets or not), or
 * in brackets after "id" ("ESMTP id <a@b>") or "message" on the same line ("your message <a@b> to …").
 */
function messageIdsIn(text: string): string[] {
  const labelled =
    /\b(?:(?:message|msg|queue)[- ]?id[ \t]*[:=]?[ \t]*<?([^<>\s,;]+@[^<>\s,;]+?)>?(?=[\s,;]|$)|(?:id|message)[ \t]*[:=]?[ \t]*<([^<>\s]+@[^<>\s]+)>)/gi;
  return [...text.matchAll(labelled)].flatMap((m) => addressesIn(m[1] ?? m[2]!));
}

/**
 * Addresses a report names that are not the failed recipient: the report's own recipient (our
 * mailbox: To, Cc, Delivered-To, Envelope-To, the "for" of its Received lines), its sender (From,
 * Return-Path), list and error addresses of its header, every Message-ID of the
 * report and its original, and the sender of the returned original. That sender is the
 * original's envelope sender (Return-Path, the envelope-from of its Received lines), to which
 * RFC 5321 §4.5.5 returns the report; only when the original states none are its From, Sender
 * and Reply-To taken instead. An original whose From differs from its envelope sender was
 * forwarded or resent, and its From may be the address that failed; our own messages carry the
 * mailbox as both. An original a mailing list sent out names the poster and the list, never the
 * member that failed: its From, Sender, Reply-To and the list's own address are excluded.
 */
function notTheRecipient(report: Report): (address: string) => boolean {
  const own = new Set<string>();
  const add = (values: string[] | undefined) => {
    for (const value of values ?? []) for (const a of addressesIn(value)) own.add(a);
  };
  for (const name of ['to', 'cc', 'delivered-to', 'from', 'return-path', 'envelope-to'])
    add(report.headers.get(name));
  for (const name of [...ID_FIELDS, ...LIST_FIELDS]) {
    add(report.headers.get(name));
    add(report.original?.get(name));
  }
  for (const received of report.headers.get('received') ?? [])
    add([...received.matchAll(/\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/gi)].map((m) => m[1]!));
  const originalReceived = (report.original?.get('received') ?? []).join(' ');
  const envelopeSender = [
    ...(report.original?.get('return-path') ?? []),
    ...[...originalReceived.matchAll(/envelope-from\s+<?([^\s<>;)]+)/gi)].map((m) => m[1]!),
  ];
  if (envelopeSender.some((value) => addressesIn(value).length > 0)) add(envelopeSender);
  else for (const name of ['from', 'sender', 'reply-to']) add(report.original?.get(name));
  if (report.original && isListPost(report.original)) {
    for (const name of ['from', 'sender', 'reply-to']) add(report.original.get(name));
    // The list's own address, as RFC 2919 §3 names it in List-Id ("<list.example.org>" for list@example.org).
    const listId = /<([^<>\s]+)>/.exec(first(report.original, 'list-id'))?.[1]?.toLowerCase();
    for (const name of ['to', 'cc'])
      for (const a of addressesIn((report.original.get(name) ?? []).join(', ')))
        if (a.replace('@', '.') === listId) own.add(a);
  }
  return (address) => own.has(address);
}

/** A server's own address (postmaster@, mailer-daemon@…): named in help text, not as the failure. */
const isDaemon = (address: string) => DAEMON_LOCAL.test(address.split('@')[0]!);

/** An address as servers write it in text (no quoted local part, a dotted domain). */
const ADDRESS = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`;

/**
 * Addresses that open a line of the statement ("<a@b>:", "  a@b", "* a@b"): how servers list
 * failures. When the opening address is a display name followed by an address in angle brackets
 * ("a@b <c@d>:", "a@b (a@b)<mailto:c@d>"), the bracketed one is the address (RFC 5322 §3.4 name-addr).
 */
function listedAddresses(statement: string): string[] {
  const found: string[] = [];
  const opening = new RegExp(
    String.raw`^[ \t*>-]*<?(${ADDRESS})>?(?![A-Za-z0-9-]|\.[A-Za-z0-9])(?:[ \t]*\([^()\n]{0,200}\))?(?:[ \t]*<(?:mailto:)?(${ADDRESS})>)?`,
    'gim',
  );
  for (const m of statement.matchAll(opening)) found.push((m[2] ?? m[1]!).toLowerCase());
  return found;
}

/**
 * The member a list's VERP bounce address names ("team-bounces+anna=blog.example@lists.example",
 * as Mailman, Sympa and Postfix's VERP write it): the report came back to that address because it
 * failed for that member.
 */
function verpRecipients(report: Report): string[] {
  const found: string[] = [];
  for (const name of ['to', 'delivered-to', 'envelope-to', 'x-original-to'])
    for (const a of addressesIn((report.headers.get(name) ?? []).join(', '))) {
      const m = /^[^@+]+\+([^@+=]+)=([a-z0-9-]+(?:\.[a-z0-9-]+)+)@/.exec(a);
      if (m) found.push(`${m[1]}@${m[2]}`);
    }
  return found;
}

/**
 * An authentication result's property written with an address ("smtp.mailfrom=a@b",
 * "header.from=…", RFC 8601 §2.2): the original's sender, never a mailbox that failed.
 */
const isAuthProperty = (address: string) => /^[a-z]+\.[a-z]+=/.test(address);

/** Header fields of the returned message that a server copies into its statement, by kind. */
const QUOTED_FIELD =
  /^[ \t]*(?:(to|cc)|(message-id|in-reply-to|references)|from|sender|reply-to|return-path|errors-to|list-[\w-]+|mailing-list)[ \t]*:/i;

/**
 * A statement split by the header fields of the returned message it copies ("This report relates to
 * a message you sent with the following header fields: Message-id: … From: … To: …"), with their
 * folded continuation lines: the rest of the text; the addresses of its To and Cc fields (the
 * original's recipients: maybe the failed one, but the failure listing says which); and its
 * Message-IDs (RFC 5322 §3.6.4), which are no mailbox. Its sender and list fields are left out.
 */
function splitCopiedFields(statement: string): { text: string; recipients: string[]; ids: string[] } {
  const text: string[] = [];
  const recipients: string[] = [];
  const ids: string[] = [];
  let field: 'recipients' | 'ids' | 'other' | null = null;
  for (const line of statement.split('\n')) {
    const m = QUOTED_FIELD.exec(line);
    if (m) field = m[1] ? 'recipients' : m[2] ? 'ids' : 'other';
    else if (!(field && /^[ \t]+\S/.test(line) && !/^[ \t]*[\w-]+:/.test(line))) field = null;
    if (field === 'recipients') recipients.push(...addressesIn(line));
    else if (field === 'ids') ids.push(...addressesIn(line));
    else if (field === null) text.push(line);
  }
  return { text: text.join('\n'), recipients, ids };
}

/**
 * The address that could not be reached, lower-case and without angle brackets, from (in this
 * order) the DSN's Final-Recipient or Original-Recipient (RFC 3464 §2.3.1–2), X-Failed-Recipients
 * (Exim and others), the member a list's VERP address names; else from the server's failure
 * statement ("RCPT TO:<…>", then addresses that open a line, then any other, then those of the
 * To/Cc fields it copies from the original; a list host's address last) or the returned original's
 * single To: address. Never the report's own recipient (our mailbox), the original's sender, a
 * Message-ID (by its field, its label or its shape), a list's role address, an authentication
 * result's property; null when nothing else is named.
 */
export function failedRecipient(
  report: Report,
  chosen: DsnRecipient | null,
  all: DsnRecipient[],
): string | null {
  const excluded = notTheRecipient(report);
  const stated: (string | null)[] = [];
  for (const block of chosen ? [chosen, ...all] : all)
    stated.push(block.finalRecipient, block.originalRecipient);
  for (const value of report.headers.get('x-failed-recipients') ?? []) stated.push(...addressesIn(value));
  const named = [...stated, ...verpRecipients(report)].find((a): a is string => Boolean(a) && !excluded(a!));
  if (named) return named;

  // A text/plain part mailparser left as an attachment (a malformed Content-Type) is read after the body.
  const statement = [
    report.statement,
    ...report.parts.filter((p) => p.type.startsWith('text/plain')).map((p) => p.text),
  ]
    .join('\n')
    .slice(0, 20_000);
  const copied = splitCopiedFields(statement);
  const listed = [
    ...[...copied.text.matchAll(/rcpt to:?\s*<?([^<>\s]+@[^<>\s]+?)>?(?=[\s>]|$)/gim)].map((m) =>
      m[1]!.toLowerCase(),
    ),
    ...listedAddresses(copied.text),
  ];
  // Elsewhere in the text a daemon's address is help text ("please contact postmaster@…").
  const mentioned = addressesIn(copied.text).filter((a) => !isDaemon(a));
  const originalTo = addressesIn(first(report.original, 'to'));
  const written = [
    ...listed,
    ...mentioned,
    ...copied.recipients,
    ...(originalTo.length === 1 ? originalTo : []),
  ];
  const ids = new Set([...messageIdsIn(statement), ...copied.ids]);
  // A list's host ("team@lists.example.org") is named last: the list itself rarely fails.
  const listHost = (a: string) => /@lists?\./.test(a);
  return (
    [...written.filter((a) => !listHost(a)), ...written.filter(listHost)].find(
      (a) => !excluded(a) && !ids.has(a) && !isListRole(a) && !looksLikeMessageId(a) && !isAuthProperty(a),
    ) ?? null
  );
}
