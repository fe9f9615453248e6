import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { AddressPolicy } from '../../net/ssrf-guard';
import type { MailDns } from '../dns/resolver';
import type { ProviderVerdict } from './verifier-apis';

/** What LinkPilot's own SMTP check needs (docs/decisions/047-address-verification.md). */
export interface SmtpCheckOptions {
  /** The mail servers' port: 25 on the open internet (SMTP_CHECK_PORT). */
  port: number;
  /** The name said in EHLO (SMTP_CHECK_HELO, else APP_URL's host). */
  helo: string;
  /** Deadline of one address's whole conversation (ms). */
  timeoutMs: number;
  /** The mail-host guard: a server on a private network is never connected to (MAIL_ALLOW_PRIVATE). */
  policy: AddressPolicy;
  dns: MailDns;
}

interface Reply {
  code: number;
  text: string;
}

/** One SMTP conversation over a socket: send a command, read its whole (multi-line) reply. */
class SmtpConversation {
  private buffer = '';
  private waiting: ((reply: Reply | Error) => void) | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.deliver();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The mail server closed the connection')));
  }

  private fail(error: Error) {
    this.failure ??= error;
    const wake = this.waiting;
    this.waiting = null;
    wake?.(this.failure);
  }

  /** Hands a complete reply (RFC 5321 §4.2: its last line has a space after the code) to the waiter. */
  private deliver() {
    if (!this.waiting) return;
    const lines = this.buffer.split('\r\n');
    const last = lines.findIndex((line) => /^\d{3}( |$)/.test(line));
    if (last === -1) return;
    this.buffer = lines.slice(last + 1).join('\r\n');
    const wake = this.waiting;
    this.waiting = null;
    wake({ code: Number(lines[last]!.slice(0, 3)), text: lines.slice(0, last + 1).join(' ') });
  }

  read(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = (reply) => (reply instanceof Error ? reject(reply) : resolve(reply));
      this.deliver();
    });
  }

  send(command: string): Promise<Reply> {
    this.socket.write(`${command}\r\n`);
    return this.read();
  }
}

const unknown = (detail: string): ProviderVerdict => ({ verdict: 'unknown', detail });

/**
 * Asks the domain's mail server whether it takes mail for `email`, without sending any (RFC 5321):
 * EHLO, `MAIL FROM:<>`, `RCPT TO:<email>`, then RCPT TO a random local part of the same domain,
 * then RSET and QUIT. 250 for the address and 5xx for the random one: deliverable; 250 for both: the
 * domain accepts everything (catch-all), risky; 5xx for the address: undeliverable; 4xx
 * (greylisting), a refused or failed connection, a timeout: unknown. The first MX host (or the
 * domain itself, its implicit MX) is asked; a host that resolves to an address the mail-host guard
 * refuses is never connected to, and the socket goes to the very address that was checked.
 * Never throws.
 */
export async function smtpCheck(
  email: string,
  mxHosts: readonly string[],
  options: SmtpCheckOptions,
): Promise<ProviderVerdict> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const host = mxHosts[0] ?? domain;
  let addresses: string[];
  try {
    addresses = await options.dns.addresses(host);
  } catch {
    return unknown('The mail server’s address could not be looked up');
  }
  if (addresses.length === 0) return unknown('The mail server has no address');
  if (addresses.some((a) => !options.policy.allows(a)))
    return unknown('The mail server is on a private network: it was not asked');
  const socket = connect({ host: addresses[0]!, port: options.port });
  socket.setTimeout(options.timeoutMs, () => socket.destroy(new Error('timeout')));
  const deadline = setTimeout(() => socket.destroy(new Error('timeout')), options.timeoutMs);
  const smtp = new SmtpConversation(socket);
  try {
    const greeting = await smtp.read();
    if (greeting.code !== 220) return unknown(`The mail server refused the connection (${greeting.code})`);
    let hello = await smtp.send(`EHLO ${options.helo}`);
    if (hello.code !== 250) hello = await smtp.send(`HELO ${options.helo}`);
    if (hello.code !== 250) return unknown(`The mail server refused the greeting (${hello.code})`);
    const from = await smtp.send('MAIL FROM:<>');
    if (from.code !== 250) return unknown(`The mail server refused the check (${from.code})`);
    const rcpt = await smtp.send(`RCPT TO:<${email}>`);
    if (rcpt.code >= 500)
      return { verdict: 'undeliverable', detail: `The mail server refused the address (${rcpt.code})` };
    if (rcpt.code !== 250 && rcpt.code !== 251)
      return unknown(`The mail server asked to try later (${rcpt.code})`);
    const random = await smtp.send(`RCPT TO:<lp-${randomBytes(8).toString('hex')}@${domain}>`);
    if (random.code === 250 || random.code === 251)
      return { verdict: 'risky', detail: 'The domain accepts every address (catch-all)' };
    return { verdict: 'deliverable', detail: 'The mail server accepts the address' };
  } catch {
    return unknown('The mail server could not be reached on port 25');
  } finally {
    if (!socket.destroyed)
      await smtp
        .send('RSET')
        .then(() => smtp.send('QUIT'))
        .catch(() => undefined);
    socket.destroy();
    clearTimeout(deadline);
  }
}
