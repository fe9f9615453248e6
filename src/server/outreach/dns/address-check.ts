import { and, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EmailCheck } from '../../../shared/schemas/mail-health';
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import { mailDomainChecks } from '../../db/schema/mailboxes';
import { forEachConcurrent } from '../../discovery/for-each-concurrent';
import { DISPOSABLE_DOMAINS } from './disposable-domains';
import { DnsUnavailableError, mailDnsFromConfig, type MailDns } from './resolver';
import { ROLE_LOCAL_PARTS } from './role-addresses';
import { addressDomain } from './sender-domain';

/** A domain's answer stays fresh this long (ms): 7 days. */
export const DOMAIN_CHECK_FRESH_MS = 7 * 24 * 3_600_000;
/** Domains looked up at once. */
const DNS_CONCURRENCY = 8;
/** Domains per cache read or write: well under PostgreSQL's 65,535 parameters. */
const CACHE_CHUNK = 1000;

/** Why an address cannot be mailed, in the user's words, by flag. */
export const addressRefusals = {
  syntax: 'The email address is not valid.',
  'no-domain': 'Its domain does not exist.',
  'no-mail': 'Its domain does not accept mail (no MX or address record).',
  'null-mx': 'Its domain says it accepts no mail (null MX).',
} as const;
type Refusal = keyof typeof addressRefusals;

/** Whether a domain accepts mail; 'unknown' when DNS did not answer (never cached). */
export type DomainAcceptance =
  | { accepts: true; mxHosts: string[] }
  | { accepts: false; flag: Exclude<Refusal, 'syntax'> }
  | { accepts: 'unknown' };

/** The same rule as the prospect forms' (shared/schemas/campaigns.ts prospectInputSchema). */
const addressSyntax = z.email();

/**
 * Whether `domain` accepts mail, over DNS: its MX records (RFC 5321 §5.1); a null MX — every MX
 * the root '.' (RFC 7505) — refuses; no MX falls back to the implicit MX, an A or AAAA record; a
 * domain that does not exist (NXDOMAIN) refuses.
 */
export async function lookUpDomainAcceptance(dns: MailDns, domain: string): Promise<DomainAcceptance> {
  try {
    const mx = await dns.mx(domain);
    if (mx === null) return { accepts: false, flag: 'no-domain' };
    if (mx.length > 0) {
      const hosts = mx.filter((r) => r.exchange !== '').sort((a, b) => a.priority - b.priority);
      if (hosts.length === 0) return { accepts: false, flag: 'null-mx' };
      return { accepts: true, mxHosts: hosts.map((r) => r.exchange.toLowerCase()) };
    }
    const addresses = await dns.addresses(domain);
    return addresses.length > 0 ? { accepts: true, mxHosts: [] } : { accepts: false, flag: 'no-mail' };
  } catch (error) {
    if (error instanceof DnsUnavailableError) return { accepts: 'unknown' };
    throw error;
  }
}

/**
 * Whether `domain` is one of `suffixes` or under one ('test' covers 'x.test'); '*' covers every
 * domain (MAIL_DOMAINS_ASSUME_OK, for test installs whose addresses have no DNS).
 */
export function domainAssumedOk(domain: string, suffixes: readonly string[]): boolean {
  return suffixes.some((s) => s === '*' || domain === s || domain.endsWith(`.${s}`));
}

export interface AddressCheckerDeps {
  db: Database;
  dns: MailDns;
  /** Domains (and their subdomains) taken to accept mail without asking DNS; see domainAssumedOk. */
  assumeOk: readonly string[];
}

/** Checks prospect addresses before enrollment; see createAddressChecker. */
export interface AddressChecker {
  /** Each distinct address of `emails` (as given) with its check. */
  check(emails: readonly string[], now: Date): Promise<Map<string, EmailCheck>>;
}

/**
 * Checks addresses as docs/decisions/015-sender-domain-and-address-checks.md says: syntax, then
 * whether the domain accepts mail (lookUpDomainAcceptance; refusals make the address not
 * deliverable), then the warnings 'disposable' and 'role'. Each domain is asked once per call, at
 * most 8 at a time, and its answer kept in mail_domain_checks for DOMAIN_CHECK_FRESH_MS; an
 * unanswered domain is neither cached nor refused (the address stays deliverable).
 * No SMTP probing of mailboxes, ever.
 */
export function createAddressChecker({ db, dns, assumeOk }: AddressCheckerDeps): AddressChecker {
  async function acceptance(domains: string[], now: Date): Promise<Map<string, DomainAcceptance>> {
    const result = new Map<string, DomainAcceptance>();
    const asked = domains.filter((d) => {
      if (!domainAssumedOk(d, assumeOk)) return true;
      result.set(d, { accepts: true, mxHosts: [] });
      return false;
    });
    if (asked.length === 0) return result;
    for (let i = 0; i < asked.length; i += CACHE_CHUNK) {
      const cached = await db
        .select()
        .from(mailDomainChecks)
        .where(
          and(
            inArray(mailDomainChecks.domain, asked.slice(i, i + CACHE_CHUNK)),
            gt(mailDomainChecks.checkedAt, new Date(now.getTime() - DOMAIN_CHECK_FRESH_MS)),
          ),
        );
      for (const row of cached)
        result.set(
          row.domain,
          row.acceptsMail
            ? { accepts: true, mxHosts: row.mxHosts }
            : { accepts: false, flag: refusalFlag(row.reason) },
        );
    }
    const fresh: (typeof mailDomainChecks.$inferInsert)[] = [];
    await forEachConcurrent(
      asked.filter((d) => !result.has(d)),
      DNS_CONCURRENCY,
      async (domain) => {
        const answer = await lookUpDomainAcceptance(dns, domain);
        result.set(domain, answer);
        if (answer.accepts === 'unknown') return;
        fresh.push({
          domain,
          acceptsMail: answer.accepts,
          reason: answer.accepts ? null : addressRefusals[answer.flag],
          mxHosts: answer.accepts ? answer.mxHosts : [],
          checkedAt: now,
        });
      },
    );
    for (let i = 0; i < fresh.length; i += CACHE_CHUNK)
      await db
        .insert(mailDomainChecks)
        .values(fresh.slice(i, i + CACHE_CHUNK))
        .onConflictDoUpdate({
          target: mailDomainChecks.domain,
          set: {
            acceptsMail: sql`excluded.accepts_mail`,
            reason: sql`excluded.reason`,
            mxHosts: sql`excluded.mx_hosts`,
            checkedAt: sql`excluded.checked_at`,
          },
        });
    return result;
  }

  return {
    async check(emails, now) {
      const addresses = [...new Set(emails)];
      const valid = new Set(addresses.filter((e) => addressSyntax.safeParse(e.trim()).success));
      const domains = await acceptance([...new Set([...valid].map(addressDomain))], now);
      const checkedAt = now.toISOString();
      const checks = new Map<string, EmailCheck>();
      for (const email of addresses) {
        if (!valid.has(email)) {
          checks.set(email, {
            deliverable: false,
            flags: ['syntax'],
            reason: addressRefusals.syntax,
            checkedAt,
          });
          continue;
        }
        const domain = addressDomain(email);
        const local = email.trim().slice(0, email.trim().lastIndexOf('@')).toLowerCase();
        const flags: EmailCheck['flags'] = [];
        const answer = domains.get(domain)!;
        if (answer.accepts === false) flags.push(answer.flag);
        if (DISPOSABLE_DOMAINS.has(domain)) flags.push('disposable');
        if (ROLE_LOCAL_PARTS.has(local.split('+')[0]!)) flags.push('role');
        const refused = answer.accepts === false;
        checks.set(email, {
          deliverable: !refused,
          flags,
          reason: refused ? addressRefusals[answer.flag] : null,
          checkedAt,
        });
      }
      return checks;
    },
  };
}

/** The flag a cached refusal was stored with (its reason is one of addressRefusals). */
function refusalFlag(reason: string | null): Exclude<Refusal, 'syntax'> {
  const entry = Object.entries(addressRefusals).find(([flag, text]) => text === reason && flag !== 'syntax');
  return (entry?.[0] as Exclude<Refusal, 'syntax'> | undefined) ?? 'no-mail';
}

/** The app's AddressChecker: DNS per the settings (mailDnsFromConfig), MAIL_DOMAINS_ASSUME_OK. */
export function addressCheckerFromConfig(
  db: Database,
  config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'MAIL_DOMAINS_ASSUME_OK'>,
): AddressChecker {
  return createAddressChecker({
    db,
    dns: mailDnsFromConfig(config),
    assumeOk: config.MAIL_DOMAINS_ASSUME_OK,
  });
}
