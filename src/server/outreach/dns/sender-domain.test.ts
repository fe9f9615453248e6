import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type LocalDnsServer, type ZoneRecord, type Zones } from '../../testing/dns-server';
import { createMailDns, type MailDns } from './resolver';
import { checkSenderDomain, sendingProvider, type SendingProvider } from './sender-domain';

const now = new Date('2026-03-02T10:00:00Z');
const txt = (text: string): ZoneRecord => ({ type: 'TXT', text });
/** A DKIM key long enough that its answer does not fit in 512 bytes of UDP: read over TCP. */
const longKey = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(14)}`;

/** Zones of the sender domains under test, one per rule. */
const zones: Zones = {
  'good.test': [txt('v=spf1 include:_spf.google.com ~all'), txt('google-site-verification=abc')],
  'google._domainkey.good.test': [txt('v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC')],
  '_dmarc.good.test': [txt('v=DMARC1; p=reject; rua=mailto:d@good.test')],

  'bare.test': [{ type: 'MX', exchange: 'mx.bare.test', priority: 10 }],

  'twospf.test': [txt('v=spf1 -all'), txt('v=spf1 include:x.test ~all')],
  '_dmarc.twospf.test': [txt('v=DMARC1; p=none'), txt('v=DMARC1; p=reject')],

  'open.test': [txt('v=spf1 +all')],
  '_dmarc.open.test': [txt('v=DMARC1; p=none; rua=mailto:d@open.test')],

  'neutral.test': [txt('v=spf1 ip4:192.0.2.1 ?all')],
  'noall.test': [txt('v=spf1 ip4:192.0.2.1')],
  '_dmarc.noall.test': [txt('v=DMARC1; p=quarantine')],

  'plus.test': [txt('v=spf1 +include:_spf.google.com ?all')],
  'mine.test': [txt('v=spf1 include:spf.protection.outlook.com -all')],
  's2024._domainkey.mine.test': [txt(longKey)],
  'revoked._domainkey.mine.test': [txt('v=DKIM1; p=')],

  'flaky.test': 'servfail',
  '_dmarc.flaky.test': 'silent',
  '*._domainkey.flaky.test': 'servfail',
};

let server: LocalDnsServer;
let dns: MailDns;

beforeAll(async () => {
  server = await startDnsServer(zones);
  dns = createMailDns({ servers: [server.address], timeoutMs: 400 });
});
afterAll(() => server.close());

const check = (email: string, provider: SendingProvider = 'other', selectors: string[] = []) =>
  checkSenderDomain(dns, { email, provider, selectors }, now);

describe('sender domain check over DNS', () => {
  it('passes a domain with SPF, a DKIM key at a common selector and an enforcing DMARC policy', async () => {
    const result = await check('me@Good.test', 'google');
    expect(result).toEqual({
      domain: 'good.test',
      spf: { status: 'pass', records: ['v=spf1 include:_spf.google.com ~all'], advice: null },
      dkim: {
        status: 'pass',
        records: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'],
        selectors: ['google'],
        advice: null,
      },
      dmarc: { status: 'pass', records: ['v=DMARC1; p=reject; rua=mailto:d@good.test'], advice: null },
      checkedAt: now.toISOString(),
    });
  });

  it('fails each missing record with advice, naming the include a Google or Microsoft mailbox needs', async () => {
    const google = await check('me@bare.test', 'google');
    expect(google.spf.status).toBe('fail');
    expect(google.spf.advice).toContain('include:_spf.google.com');
    expect(google.spf.advice).toContain('since 2024');
    expect(google.dkim).toMatchObject({ status: 'fail', selectors: [] });
    expect(google.dkim.advice).toContain('tell LinkPilot its selector');
    expect(google.dmarc.status).toBe('fail');
    expect(google.dmarc.advice).toContain('_dmarc.bare.test');
    const microsoft = await check('me@bare.test', 'microsoft');
    expect(microsoft.spf.advice).toContain('include:spf.protection.outlook.com');
  });

  it('asks DKIM only at the selectors the user named, otherwise at the common ones', async () => {
    server.queries.length = 0;
    await check('me@bare.test', 'other', ['s2024']);
    const dkimNames = () => server.queries.filter((q) => q.name.includes('._domainkey.')).map((q) => q.name);
    expect(dkimNames()).toEqual(['s2024._domainkey.bare.test']);
    server.queries.length = 0;
    await check('me@bare.test');
    expect(new Set(dkimNames())).toEqual(
      new Set(
        ['google', 'selector1', 'selector2', 'default', 'k1', 's1', 'dkim', 'mail'].map(
          (s) => `${s}._domainkey.bare.test`,
        ),
      ),
    );
  });

  it('fails two SPF records, +all, and two DMARC records; warns on p=none', async () => {
    const two = await check('me@twospf.test');
    expect(two.spf).toMatchObject({ status: 'fail', records: ['v=spf1 -all', 'v=spf1 include:x.test ~all'] });
    expect(two.spf.advice).toContain('Merge them into one');
    expect(two.dmarc).toMatchObject({ status: 'fail' });
    const open = await check('me@open.test');
    expect(open.spf.status).toBe('fail');
    expect(open.spf.advice).toContain('lets anyone send mail as open.test');
    expect(open.dmarc).toMatchObject({
      status: 'warn',
      records: ['v=DMARC1; p=none; rua=mailto:d@open.test'],
    });
    expect(open.dmarc.advice).toContain('monitoring only');
  });

  it('warns on ?all, on a record without all, and on a Google mailbox whose SPF lacks Google’s include', async () => {
    expect((await check('me@neutral.test')).spf).toMatchObject({ status: 'warn' });
    const noAll = await check('me@noall.test');
    expect(noAll.spf.status).toBe('warn');
    expect(noAll.dmarc.status).toBe('pass');
    const google = await check('me@mine.test', 'google');
    expect(google.spf.status).toBe('warn');
    expect(google.spf.advice).toContain('include:_spf.google.com');
    expect((await check('me@mine.test', 'microsoft')).spf.status).toBe('pass');
    // '+include:' is 'include:' (the default qualifier): only the ?all is left to fix.
    const plus = (await check('me@plus.test', 'google')).spf;
    expect(plus.status).toBe('warn');
    expect(plus.advice).toContain('?all');
    expect(plus.advice).not.toContain('add "include:');
  });

  it('reads a DKIM key too long for UDP over TCP, and fails a revoked (empty) key', async () => {
    server.queries.length = 0;
    const result = await check('me@mine.test', 'other', ['s2024']);
    expect(result.dkim).toMatchObject({ status: 'pass', selectors: ['s2024'], records: [longKey] });
    expect(server.queries).toContainEqual({
      name: 's2024._domainkey.mine.test',
      type: 'TXT',
      transport: 'tcp',
    });
    const revoked = await check('me@mine.test', 'other', ['revoked']);
    expect(revoked.dkim.status).toBe('fail');
    expect(revoked.dkim.advice).toContain('revoked');
  });

  it('says "could not check" on SERVFAIL and timeouts, never fail', async () => {
    const result = await check('me@flaky.test');
    for (const part of [result.spf, result.dkim, result.dmarc]) {
      expect(part.status).toBe('unknown');
      expect(part.advice).toContain('Could not check');
    }
  });
});

describe('sendingProvider', () => {
  it('tells Google and Microsoft mailboxes by connection kind or SMTP host', () => {
    expect(sendingProvider({ provider: 'gmail', smtpHost: null })).toBe('google');
    expect(sendingProvider({ provider: 'smtp', smtpHost: 'smtp.gmail.com' })).toBe('google');
    expect(sendingProvider({ provider: 'microsoft', smtpHost: null })).toBe('microsoft');
    expect(sendingProvider({ provider: 'smtp', smtpHost: 'smtp.office365.com' })).toBe('microsoft');
    expect(sendingProvider({ provider: 'smtp', smtpHost: 'mail.example.net' })).toBe('other');
  });
});
