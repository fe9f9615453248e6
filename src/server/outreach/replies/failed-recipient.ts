import type { DsnRecipient } from './dsn';
import { DAEMON_LOCAL } from './bounce-markers';
import { addressesIn, first, type Report } from './report';

/**
 * Addresses a report names that are not the failed recipient: the report's own recipient (our
 * mailbox: To, Cc, Delivered-To, the envelope "for" of its Received lines), its sender, the
 * sender of the returned original, and the servers' own daemon addresses.
 */
function notTheRecipient(report: Report): (address: string) => boolean {
  const own = new Set<string>();
  const add = (values: string[] | undefined) => {
    for (const value of values ?? []) for (const a of addressesIn(value)) own.add(a);
  };
  for (const name of ['to', 'cc', 'delivered-to', 'from', 'sender', 'reply-to', 'return-path', 'envelope-to'])
    add(report.headers.get(name));
  for (const received of report.headers.get('received') ?? [])
    add([...received.matchAll(/\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/gi)].map((m) => m[1]!));
  for (const name of ['from', 'sender', 'return-path', 'reply-to']) add(report.original?.get(name));
  add(
    [...(report.original?.get('received') ?? []).join(' ').matchAll(/envelope-from\s+<?([^\s<>;)]+)/gi)].map(
      (m) => m[1]!,
    ),
  );
  return (address) => own.has(address) || DAEMON_LOCAL.test(address.split('@')[0]!);
}

/**
 * The address that could not be reached, lower-case and without angle brackets, from (in this
 * order) the DSN's Final-Recipient or Original-Recipient (RFC 3464 §2.3.1–2), X-Failed-Recipients
 * (Exim and others), an address in the server's failure statement ("RCPT TO:<…>" first), or the
 * returned original's single To: address. Never the report's own recipient (our mailbox) nor the
 * original's sender; null when nothing else is named.
 */
export function failedRecipient(
  report: Report,
  chosen: DsnRecipient | null,
  all: DsnRecipient[],
): string | null {
  const excluded = notTheRecipient(report);
  const candidates: (string | null)[] = [];
  for (const block of chosen ? [chosen, ...all] : all)
    candidates.push(block.finalRecipient, block.originalRecipient);
  for (const value of report.headers.get('x-failed-recipients') ?? []) candidates.push(...addressesIn(value));
  const statement = report.statement.slice(0, 20_000);
  for (const m of statement.matchAll(/rcpt to:?\s*<([^<>\s]+@[^<>\s]+)>/gi))
    candidates.push(m[1]!.toLowerCase());
  candidates.push(...addressesIn(statement));
  const originalTo = addressesIn(first(report.original, 'to'));
  if (originalTo.length === 1) candidates.push(originalTo[0]!);
  return candidates.find((a): a is string => Boolean(a) && !excluded(a!)) ?? null;
}
