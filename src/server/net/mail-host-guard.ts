import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { mailboxMessages } from '../../shared/schemas/mailboxes';
import type { AddressPolicy } from './ssrf-guard';

/**
 * Checks the mail server a user names before the app connects to it: the connect form is an SSRF
 * vector like a crawled URL (any signed-in user could otherwise make the server open sockets to
 * loopback or the private network and read the answers from the error messages). A host passes
 * when it is, or resolves only to, addresses the crawler's AddressPolicy calls public, or ones in
 * MAIL_ALLOW_PRIVATE. A name that does not resolve passes: the login check then says it was not found.
 * @returns the first refused address, or null when the host may be reached.
 */
async function refusedMailAddress(policy: AddressPolicy, host: string): Promise<string | null> {
  const name = host.replace(/^\[|\]$/g, '');
  if (isIP(name)) return policy.allows(name) ? null : name;
  if (name === 'localhost' || name.endsWith('.localhost')) return policy.allows('127.0.0.1') ? null : name;
  const addresses = await lookup(name, { all: true }).catch(() => []);
  return addresses.find((a) => !policy.allows(a.address))?.address ?? null;
}

/**
 * Why `policy` refuses the SMTP or IMAP host (it is, or resolves to, a private address: SSRF), in
 * the user's words; null when both may be reached.
 */
export async function privateMailHost(
  policy: AddressPolicy,
  servers: { smtpHost: string; imapHost: string },
): Promise<string | null> {
  for (const [protocol, host] of [
    ['SMTP', servers.smtpHost],
    ['IMAP', servers.imapHost],
  ] as const) {
    if (await refusedMailAddress(policy, host)) return mailboxMessages.privateHost(protocol, host);
  }
  return null;
}
