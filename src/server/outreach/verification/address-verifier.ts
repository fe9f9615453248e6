import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { EmailVerification, VerifierProvider } from '../../../shared/schemas/email-verification';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailVerifications, emailVerificationSettings } from '../../db/schema/email-verification';
import { prospects } from '../../db/schema/prospects';
import { forEachConcurrent } from '../../discovery/for-each-concurrent';
import { AddressPolicy } from '../../net/ssrf-guard';
import { decryptSecret, deriveKey } from '../../secrets';
import { addressCheckerFromConfig, lookUpDomainAcceptance, type AddressChecker } from '../dns/address-check';
import { mailDnsFromConfig, type MailDns } from '../dns/resolver';
import { addressDomain } from '../dns/sender-domain';
import { smtpCheck, type SmtpCheckOptions } from './smtp-check';
import { verifierApi, type VerifierUrls, type VerifyAddress } from './verifier-apis';

/** A verdict stays fresh this long (ms): 30 days; within it the address is not asked again. */
export const VERIFICATION_FRESH_MS = 30 * 24 * 3_600_000;
/** Addresses verified at once (a provider's rate limits are per second; mail servers dislike crowds). */
const CONCURRENCY = 4;
/** Addresses per cache read or prospect update. */
const CHUNK = 500;

/** The workspace's verification means, key decrypted; null when none is set up. */
export interface VerificationMeans {
  provider: VerifierProvider | null;
  apiKey: string | null;
  smtpCheck: boolean;
}

/** The key the providers' API keys are encrypted with (HKDF from the app secret, secrets.ts). */
export function verifierKeyOf(appSecret: string): Buffer {
  return deriveKey(appSecret, 'verifier-api-keys');
}

export interface AddressVerifierDeps {
  db: Database;
  /** Encrypts the providers' API keys (verifierKeyOf). */
  secretKey: Buffer;
  urls: VerifierUrls;
  smtp: Omit<SmtpCheckOptions, 'dns' | 'policy'>;
  policy: AddressPolicy;
  dns: MailDns;
  checker: AddressChecker;
}

/** Verifies addresses; see createAddressVerifier. */
export interface AddressVerifier {
  /** The workspace's provider and SMTP check; null when neither is set up. */
  means(workspaceId: string): Promise<VerificationMeans | null>;
  /**
   * Each address of `emails` (keyed lower-cased and trimmed) with its verdict: a fresh cached one,
   * else DNS (a domain that accepts no mail is undeliverable), else the provider (then the SMTP
   * check when the provider could not say), else the SMTP check. Stores each new verdict in the
   * cache and on every prospect of the workspace with the address.
   * @throws VerifierError (verifier-apis.ts) when the provider refuses (key, credits, limit).
   */
  verify(
    workspaceId: string,
    means: VerificationMeans,
    emails: readonly string[],
    now: Date,
  ): Promise<Map<string, EmailVerification>>;
}

/** An address as the cache keys it. */
export function verificationKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Address verification as docs/decisions/047-address-verification.md describes it. */
export function createAddressVerifier(deps: AddressVerifierDeps): AddressVerifier {
  const { db } = deps;

  async function cached(workspaceId: string, emails: string[], now: Date) {
    const found = new Map<string, EmailVerification>();
    for (let i = 0; i < emails.length; i += CHUNK) {
      const rows = await db
        .select()
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.workspaceId, workspaceId),
            inArray(emailVerifications.email, emails.slice(i, i + CHUNK)),
            gt(emailVerifications.checkedAt, new Date(now.getTime() - VERIFICATION_FRESH_MS)),
          ),
        );
      for (const r of rows)
        found.set(r.email, {
          verdict: r.verdict,
          source: r.source,
          detail: r.detail,
          checkedAt: r.checkedAt.toISOString(),
        });
    }
    return found;
  }

  /** Stores verdicts in the cache and on the workspace's prospects with those addresses. */
  async function store(workspaceId: string, verdicts: Map<string, EmailVerification>, fresh: Set<string>) {
    const entries = [...verdicts];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const toCache = chunk.filter(([email]) => fresh.has(email));
      if (toCache.length > 0)
        await db
          .insert(emailVerifications)
          .values(
            toCache.map(([email, v]) => ({
              workspaceId,
              email,
              verdict: v.verdict,
              source: v.source,
              detail: v.detail,
              checkedAt: new Date(v.checkedAt),
            })),
          )
          .onConflictDoUpdate({
            target: [emailVerifications.workspaceId, emailVerifications.email],
            set: {
              verdict: sql`excluded.verdict`,
              source: sql`excluded.source`,
              detail: sql`excluded.detail`,
              checkedAt: sql`excluded.checked_at`,
            },
          });
      await db.execute(sql`update ${prospects} p set email_verification = v.value
        from jsonb_each(${JSON.stringify(Object.fromEntries(chunk))}::jsonb) v
        where p.workspace_id = ${workspaceId} and lower(trim(p.contact_email)) = v.key`);
    }
  }

  return {
    async means(workspaceId) {
      const [row] = await db
        .select()
        .from(emailVerificationSettings)
        .where(eq(emailVerificationSettings.workspaceId, workspaceId));
      if (!row || (!row.provider && !row.smtpCheck)) return null;
      return {
        provider: row.provider,
        apiKey: row.apiKeyEncrypted ? decryptSecret(deps.secretKey, row.apiKeyEncrypted) : null,
        smtpCheck: row.smtpCheck,
      };
    },

    async verify(workspaceId, means, emails, now) {
      const addresses = [...new Set(emails.map(verificationKey).filter(Boolean))];
      const verdicts = await cached(workspaceId, addresses, now);
      const fresh = new Set<string>();
      const checkedAt = now.toISOString();
      const remaining = addresses.filter((e) => !verdicts.has(e));
      const dnsChecks = await deps.checker.check(remaining, now);
      const api: VerifyAddress | null =
        means.provider && means.apiKey ? verifierApi(means.provider, means.apiKey, deps.urls) : null;
      const mxOf = new Map<string, Promise<string[]>>();
      const mxHosts = (domain: string) => {
        let hosts = mxOf.get(domain);
        if (!hosts) {
          hosts = lookUpDomainAcceptance(deps.dns, domain).then((a) => (a.accepts === true ? a.mxHosts : []));
          mxOf.set(domain, hosts);
        }
        return hosts;
      };
      await forEachConcurrent(remaining, CONCURRENCY, async (email) => {
        const dns = dnsChecks.get(email)!;
        let verdict: Omit<EmailVerification, 'checkedAt'> | null = dns.deliverable
          ? null
          : {
              verdict: 'undeliverable',
              source: 'dns',
              detail: dns.reason ?? 'The address cannot receive mail',
            };
        if (!verdict && api) verdict = { ...(await api(email)), source: means.provider! };
        if ((!verdict || verdict.verdict === 'unknown') && means.smtpCheck) {
          const smtp = await smtpCheck(email, await mxHosts(addressDomain(email)), {
            ...deps.smtp,
            dns: deps.dns,
            policy: deps.policy,
          });
          if (!verdict || smtp.verdict !== 'unknown') verdict = { ...smtp, source: 'smtp' };
        }
        const verification: EmailVerification = verdict
          ? { ...verdict, checkedAt }
          : { verdict: 'unknown', source: 'dns', detail: 'Its domain accepts mail', checkedAt };
        verdicts.set(email, verification);
        fresh.add(email);
      });
      await store(workspaceId, verdicts, fresh);
      return verdicts;
    },
  };
}

/** The app's AddressVerifier: DNS and the mail-host guard as the settings say; the providers' hosts from them too. */
export function addressVerifierFromConfig(db: Database, config: Config, appSecret: string): AddressVerifier {
  return createAddressVerifier({
    db,
    secretKey: verifierKeyOf(appSecret),
    urls: {
      hunter: config.HUNTER_API_URL,
      zerobounce: config.ZEROBOUNCE_API_URL,
      neverbounce: config.NEVERBOUNCE_API_URL,
    },
    smtp: {
      port: config.SMTP_CHECK_PORT,
      helo: config.SMTP_CHECK_HELO ?? new URL(config.APP_URL).hostname,
      timeoutMs: config.SMTP_CHECK_TIMEOUT_MS,
    },
    policy: new AddressPolicy(config.MAIL_ALLOW_PRIVATE),
    dns: mailDnsFromConfig(config),
    checker: addressCheckerFromConfig(db, config),
  });
}
