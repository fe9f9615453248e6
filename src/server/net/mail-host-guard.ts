import { mailboxMessages } from '../../shared/schemas/mailboxes';
import type { AddressPolicy } from './ssrf-guard';

/**
 * Why `policy` refuses the SMTP or IMAP host a user names, in the user's words; null when both
 * may be reached. The connect form is an SSRF vector like a crawled URL (any signed-in user could
 * otherwise make the server open sockets to loopback or the private network and read the answers
 * from the error messages), so each host goes through the SSRF guard's `refusedHost`: it must be,
 * or resolve only to, public addresses or ones in MAIL_ALLOW_PRIVATE. A name that does not
 * resolve passes: the login check then says it was not found.
 */
export async function privateMailHost(
  policy: AddressPolicy,
  servers: { smtpHost: string; imapHost: string },
): Promise<string | null> {
  for (const [protocol, host] of [
    ['SMTP', servers.smtpHost],
    ['IMAP', servers.imapHost],
  ] as const) {
    if (await policy.refusedHost(host)) return mailboxMessages.privateHost(protocol, host);
  }
  return null;
}
