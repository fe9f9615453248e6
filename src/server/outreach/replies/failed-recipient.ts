import { DAEMON_LOCAL } from './bounce-markers';
import type { DsnRecipient } from './dsn';
import { addressesIn, first, type Report } from './report';

/**
 * Addresses a report names that are not the failed recipient: the report's own recipient (our
 * mailbox: To, Cc, Delivered-To, Envelope-To, the "for" of its Received lines), its sender
 * (From, Return-Path), and the sender of the returned original (From, Sender, Return-Path,
 * Reply-To, the envelope-from of its Received lines).
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
  for (const name of ['from', 'sender', 'return-path', 'reply-to']) add(report.original?.get(name));
  const originalReceived = (report.original?.get('received') ?? []).join(' ');
  add([...originalReceived.matchAll(/envelope-from\s+<?([^\s<>;)]+)/gi)].map((m) => m[1]!));
  return (address) => own.has(address);
}

/** A server's own address (postmaster@, mailer-daemon@…): named in help text, not as the failure. */
const isDaemon = (address: string) => DAEMON_LOCAL.test(address.split('@')[0]!);

/** Addresses that open a line of the statement ("<a@b>:", "  a@b", "* a@b"): how servers list failures. */
function listedAddresses(statement: string): string[] {
  const found: string[] = [];
  for (const m of statement.matchAll(
    /^[ \t*>-]*<?([A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)>?(?![A-Za-z0-9-]|\.[A-Za-z0-9])/gm,
  ))
    found.push(m[1]!.toLowerCase());
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

  const statement = report.statement.slice(0, 20_000);
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
