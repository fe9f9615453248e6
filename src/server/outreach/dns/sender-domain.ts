import type { DnsRecordCheck, DomainCheck } from '../../../shared/schemas/mail-health';
import { DnsUnavailableError, type MailDns } from './resolver';

/** Whose servers send the mailbox's mail: their SPF include and where their DKIM key comes from. */
export type SendingProvider = 'google' | 'microsoft' | 'other';

/** Selectors tried when the user named none: those the big providers and common mail servers use. */
export const COMMON_DKIM_SELECTORS = [
  'google',
  'selector1',
  'selector2',
  'default',
  'k1',
  's1',
  'dkim',
  'mail',
] as const;

const PROVIDER_SPF_INCLUDE: Record<Exclude<SendingProvider, 'other'>, string> = {
  google: '_spf.google.com',
  microsoft: 'spf.protection.outlook.com',
};

const WHY =
  'Gmail and Yahoo have refused bulk mail without SPF, DKIM and DMARC since 2024, Microsoft since May 2025.';
const COULD_NOT_CHECK = 'Could not check: DNS did not answer. LinkPilot tries again later.';

/**
 * The provider behind a mailbox: Gmail/Google Workspace and Microsoft 365/Outlook by their
 * connection kind or SMTP host; anything else is 'other'.
 */
export function sendingProvider(mailbox: { provider: string; smtpHost: string | null }): SendingProvider {
  const host = (mailbox.smtpHost ?? '').toLowerCase();
  if (mailbox.provider === 'gmail' || /(^|\.)(gmail|googlemail|google)\.com$/.test(host)) return 'google';
  if (mailbox.provider === 'microsoft' || /(^|\.)(office365|outlook|office)\.com$/.test(host))
    return 'microsoft';
  return 'other';
}

/** The domain part of an address ('' when there is none), lower case. */
export function addressDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

const unknown = (): DnsRecordCheck => ({ status: 'unknown', records: [], advice: COULD_NOT_CHECK });

/** Runs one check, turning 'DNS did not answer' into the 'unknown' state. */
async function orUnknown<T extends DnsRecordCheck>(check: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof DnsUnavailableError) return fallback();
    throw error;
  }
}

/** RFC 7208 terms of an SPF record, lower case ('v=spf1', 'include:x', '-all', 'redirect=y'…). */
const spfTerms = (record: string) => record.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The SPF verdict on a domain's TXT records (RFC 7208): none or more than one SPF record (a
 * permanent error, §4.5) fails, '+all' fails (anyone may send as the domain), '?all' or no 'all'
 * warns, '~all'/'-all' (or a redirect=) passes; a Google or Microsoft mailbox whose record lacks
 * the provider's include warns.
 */
export function judgeSpf(domain: string, txt: readonly string[], provider: SendingProvider): DnsRecordCheck {
  const records = txt.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  const include = provider === 'other' ? null : PROVIDER_SPF_INCLUDE[provider];
  const example = `v=spf1 ${include ? `include:${include}` : 'include:<your provider>'} ~all`;
  if (records.length === 0)
    return {
      status: 'fail',
      records,
      advice: `${domain} has no SPF record. Publish one TXT record at ${domain}, for example "${example}". ${WHY}`,
    };
  if (records.length > 1)
    return {
      status: 'fail',
      records,
      advice: `${domain} has ${records.length} SPF records; receivers then ignore SPF entirely. Merge them into one record.`,
    };
  // A '+' qualifier is the default one (RFC 7208 §4.6.2): '+include:x' is 'include:x'.
  const terms = spfTerms(records[0]!).map((t) => t.replace(/^\+(?!all$)/, ''));
  const all = terms.find((t) => /^[+\-~?]?all$/.test(t));
  if (all === 'all' || all === '+all')
    return {
      status: 'fail',
      records,
      advice: `The SPF record ends with "${all}", which lets anyone send mail as ${domain}. End it with "~all" or "-all".`,
    };
  const warnings: string[] = [];
  if (include && !terms.includes(`include:${include}`))
    warnings.push(
      `This mailbox sends through ${provider === 'google' ? 'Google' : 'Microsoft'}: add "include:${include}" to the SPF record, or receivers may not accept its mail as yours.`,
    );
  if (all === '?all' || (!all && !terms.some((t) => t.startsWith('redirect='))))
    warnings.push(
      `The SPF record ${all ? 'ends with "?all", which' : 'has no "all" at its end, so it'} tells receivers nothing about other senders. End it with "~all" or "-all".`,
    );
  if (warnings.length > 0) return { status: 'warn', records, advice: warnings.join(' ') };
  return { status: 'pass', records, advice: null };
}

/** Tags of a DKIM or DMARC record ('v=DKIM1; k=rsa; p=…'): names lower case, values without whitespace (a key may be folded, RFC 6376 §3.2). */
export function recordTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/**
 * The DKIM verdict (RFC 6376 §3.6.1) over the TXT records found per selector: a record with
 * v=DKIM1 and a non-empty p= key passes; an empty p= is a revoked key.
 */
export function judgeDkim(
  found: ReadonlyMap<string, readonly string[]>,
  provider: SendingProvider,
): DomainCheck['dkim'] {
  const keys: { selector: string; record: string }[] = [];
  let revoked = false;
  for (const [selector, txt] of found) {
    for (const record of txt) {
      const tags = recordTags(record);
      if (tags.get('v')?.toUpperCase() !== 'DKIM1' || !tags.has('p')) continue;
      if (tags.get('p')) keys.push({ selector, record });
      else revoked = true;
    }
  }
  if (keys.length > 0)
    return {
      status: 'pass',
      records: keys.map((k) => k.record),
      selectors: [...new Set(keys.map((k) => k.selector))],
      advice: null,
    };
  const where =
    provider === 'google'
      ? ' (Google Admin console → Gmail → Authenticate email; its selector is usually "google")'
      : provider === 'microsoft'
        ? ' (Microsoft Defender → Email authentication → DKIM; selectors "selector1" and "selector2")'
        : '';
  return {
    status: 'fail',
    records: [],
    selectors: [],
    advice: `${revoked ? 'The DKIM key found is empty (revoked). ' : 'No DKIM key found. '}Publish the DKIM key your provider gives you${where}; tell LinkPilot its selector. ${WHY}`,
  };
}

/**
 * The DMARC verdict on the TXT records at _dmarc.<domain> (RFC 7489 §6.3): none, more than one or
 * no valid p= fails; p=none warns (monitoring only); p=quarantine or p=reject passes.
 */
export function judgeDmarc(domain: string, txt: readonly string[]): DnsRecordCheck {
  const records = txt.filter((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim()));
  const example = `"v=DMARC1; p=none; rua=mailto:dmarc@${domain}"`;
  if (records.length === 0)
    return {
      status: 'fail',
      records,
      advice: `${domain} has no DMARC record. Publish a TXT record at _dmarc.${domain}, for example ${example}, then move to p=quarantine. ${WHY}`,
    };
  if (records.length > 1)
    return {
      status: 'fail',
      records,
      advice: `_dmarc.${domain} has ${records.length} DMARC records; receivers then apply none. Keep one.`,
    };
  const policy = recordTags(records[0]!).get('p')?.toLowerCase();
  if (policy === 'quarantine' || policy === 'reject') return { status: 'pass', records, advice: null };
  if (policy === 'none')
    return {
      status: 'warn',
      records,
      advice:
        'The DMARC policy is p=none: monitoring only, receivers are not told what to do with forged mail. Once your reports look right, move to p=quarantine.',
    };
  return {
    status: 'fail',
    records,
    advice: `The DMARC record has no valid policy (p=none, quarantine or reject). Use for example ${example}.`,
  };
}

export interface SenderDomainInput {
  /** The mailbox's address; its domain is checked. */
  email: string;
  provider: SendingProvider;
  /** DKIM selectors the user named; empty: COMMON_DKIM_SELECTORS. */
  selectors: readonly string[];
}

/**
 * Looks up SPF (TXT at the domain), DKIM (TXT at <selector>._domainkey.<domain>) and DMARC (TXT at
 * _dmarc.<domain>) of a mailbox's domain over `dns` and judges each (judgeSpf, judgeDkim,
 * judgeDmarc). A record DNS did not answer for is 'unknown' (could not check), never 'fail'.
 */
export async function checkSenderDomain(
  dns: MailDns,
  { email, provider, selectors }: SenderDomainInput,
  now: Date,
): Promise<DomainCheck> {
  const domain = addressDomain(email);
  const tried = selectors.length > 0 ? selectors : COMMON_DKIM_SELECTORS;
  const [spf, dkim, dmarc] = await Promise.all([
    orUnknown(async () => judgeSpf(domain, await dns.txt(domain), provider), unknown),
    orUnknown(
      async () => {
        const answers = await Promise.allSettled(tried.map((s) => dns.txt(`${s}._domainkey.${domain}`)));
        const found = new Map<string, string[]>();
        answers.forEach((a, i) => a.status === 'fulfilled' && found.set(tried[i]!, a.value));
        const verdict = judgeDkim(found, provider);
        const failure = answers.find((a) => a.status === 'rejected');
        // A key behind a selector DNS did not answer for may exist: without one found, that is 'could not check'.
        if (verdict.status !== 'pass' && failure) throw failure.reason;
        return verdict;
      },
      () => ({ ...unknown(), selectors: [] }),
    ),
    orUnknown(async () => judgeDmarc(domain, await dns.txt(`_dmarc.${domain}`)), unknown),
  ]);
  return { domain, spf, dkim, dmarc, checkedAt: now.toISOString() };
}
