import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config';

/**
 * DNS did not give an answer to rely on (timeout, SERVFAIL, refused, unreachable server): the
 * question is unanswered, not answered 'no'. Callers show 'could not check' and never cache it.
 */
export class DnsUnavailableError extends Error {
  constructor(
    readonly question: string,
    readonly code: string,
  ) {
    super(`DNS could not answer for ${question} (${code})`);
    this.name = 'DnsUnavailableError';
  }
}

/** One MX record; `exchange` '' is the root, i.e. the null MX of RFC 7505. */
export interface MxRecord {
  exchange: string;
  priority: number;
}

/**
 * The few DNS questions mail checks ask. A name that does not exist (NXDOMAIN) and a name without
 * records of the type (NODATA) both give [] except for `mx`, which tells them apart.
 * @throws DnsUnavailableError when DNS does not answer (see there).
 */
export interface MailDns {
  /** TXT records at `name`, each record's strings joined into one (RFC 7208 §3.3). */
  txt(name: string): Promise<string[]>;
  /** MX records at `name`; null when the name does not exist (NXDOMAIN). */
  mx(name: string): Promise<MxRecord[] | null>;
  /** The name's IPv4 and IPv6 addresses (A and AAAA). */
  addresses(name: string): Promise<string[]>;
}

export interface MailDnsOptions {
  /** Resolver addresses ('1.1.1.1', '127.0.0.1:5353', '[::1]:53'); empty: the system's. */
  servers: readonly string[];
  /** Longest wait for one question, all tries included, in ms. */
  timeoutMs?: number;
  /** Tries per server before the question counts as unanswered. */
  tries?: number;
}

/**
 * MailDns over node's resolver (c-ares: real DNS over UDP, TCP for truncated answers) pointed at
 * `servers`. Each question is bounded by `timeoutMs` (default 3000) whatever the servers do, so a
 * dead resolver can never hold up enrollment.
 */
export function createMailDns({ servers, timeoutMs = 3_000, tries = 2 }: MailDnsOptions): MailDns {
  // c-ares doubles the wait at each retry: 1 + 2 (+ 4 …) parts of the budget.
  const perTry = Math.max(50, Math.floor(timeoutMs / (2 ** tries - 1)));
  const resolver = new Resolver({ timeout: perTry, tries });
  if (servers.length > 0) resolver.setServers([...servers]);

  /** Runs `query`, turning NODATA into `noData`, NXDOMAIN into `noName` and anything else into DnsUnavailableError. */
  async function ask<T>(name: string, query: () => Promise<T>, noData: T, noName: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DnsUnavailableError(name, 'ETIMEOUT')), timeoutMs);
    });
    try {
      return await Promise.race([query(), deadline]);
    } catch (error) {
      if (error instanceof DnsUnavailableError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (code === 'ENODATA') return noData;
      if (code === 'ENOTFOUND') return noName;
      throw new DnsUnavailableError(name, code);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    txt: (name) =>
      ask(name, async () => (await resolver.resolveTxt(name)).map((parts) => parts.join('')), [], []),
    mx: (name) =>
      ask<MxRecord[] | null>(
        name,
        async () =>
          (await resolver.resolveMx(name)).map((r) => ({
            exchange: r.exchange.replace(/\.$/, ''),
            priority: r.priority,
          })),
        [],
        null,
      ),
    async addresses(name) {
      const [v4, v6] = await Promise.all([
        ask(name, () => resolver.resolve4(name), [], []),
        ask(name, () => resolver.resolve6(name), [], []),
      ]);
      return [...v4, ...v6];
    },
  };
}

/** The app's MailDns: DNS_SERVERS, each question bounded by DNS_TIMEOUT_MS. */
export function mailDnsFromConfig(config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>): MailDns {
  return createMailDns({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS });
}
