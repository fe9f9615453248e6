import { DAEMON_LOCAL } from './bounce-markers';
import type { DsnRecipient } from './dsn';
import { addressesIn, first, type Report } from './report';

/**
 * Addresses a report names that are not the failed recipient: the report's own recipient (our
 * mailbox: To, Cc, Delivered-To, Envelope-To, the "for" of its Received lines), its sender (From,
 * Return-Path), and the sender of the returned original. That sender is the original's envelope
 * sender (Return-Path, the envelope-from of its Received lines), to which RFC 5321 §4.5.5 returns
 * the report; only when the original states none are its From, Sender and Reply-To taken instead.
 * An original whose From differs from its envelope sender was forwarded or resent, and its From
 * may be the address that failed; our own messages carry the mailbox as both.
 */
function notTheRecipient(report: Report): (address: string) => boolean {
  const own = new Set<string>();
  const add = (values: string[] | undefined) => {
    for (const value of values ?? []) for (const a of addressesIn(value)) own.add(a);
  };
  for (const name of ['to', 'cc', 'delivered-to', 'from', 'return-path', 'envelope-to'])
    add(report.headers.get(name));
  for (const received of report.headers.get('received') ?? [])
    add([...received.matchAll(/\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/gi)].map((m) => m[1]!));
  const originalReceived = (report.original?.get('received') ?? []).join(' ');
  const envelopeSender = [
    ...(report.original?.get('return-path') ?? []),
    ...[...originalReceived.matchAll(/envelope-from\s+<?([^\s<>;)]+)/gi)].map((m) => m[1]!),
  ];
  if (envelopeSender.some((value) => addressesIn(value).length > 0)) add(envelopeSender);
  else for (const name of ['from', 'sender', 'reply-to']) add(report.original?.get(name));
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
 * The address that could not be reached, lower-case and without angle brackets, from (in this
 * order) the DSN's Final-Recipient or Original-Recipient (RFC 3464 §2.3.1–2), X-Failed-Recipients
 * (Exim and others); else from the server's failure statement ("RCPT TO:<…>", then addresses
 * that open a line, then any other) or the returned original's single To: address. Never the
 * report's own recipient (our mailbox) nor the original's sender; null when nothing else is named.
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
  const named = stated.find((a): a is string => Boolean(a) && !excluded(a!));
  if (named) return named;

  // A text/plain part mailparser left as an attachment (a malformed Content-Type) is read after the body.
  const statement = [
    report.statement,
    ...report.parts.filter((p) => p.type.startsWith('text/plain')).map((p) => p.text),
  ]
    .join('\n')
    .slice(0, 20_000);
  const listed = [
    ...[...statement.matchAll(/rcpt to:?\s*<?([^<>\s]+@[^<>\s]+?)>?(?=[\s>]|$)/gim)].map((m) =>
      m[1]!.toLowerCase(),
    ),
    ...listedAddresses(statement),
  ];
  // Elsewhere in the text a daemon's address is help text ("please contact postmaster@…").
  const mentioned = addressesIn(statement).filter((a) => !isDaemon(a));
  const originalTo = addressesIn(first(report.original, 'to'));
  const written = [...listed, ...mentioned, ...(originalTo.length === 1 ? originalTo : [])];
  return written.find((a) => !excluded(a)) ?? null;
}
