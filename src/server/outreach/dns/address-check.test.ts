import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDomainChecks } from '../../db/schema/mailboxes';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/database';
import { startDnsServer, type LocalDnsServer, type Zones } from '../../testing/dns-server';
import {
  addressRefusals,
  createAddressChecker,
  DOMAIN_CHECK_FRESH_MS,
  type AddressChecker,
} from './address-check';
import { createMailDns } from './resolver';

const now = new Date('2026-03-02T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

/** Prospect domains, one per rule: MX, null MX (RFC 7505), A only (implicit MX), AAAA only, no mail, failing DNS. */
const zones: Zones = {
  'mx.test': [
    { type: 'MX', exchange: 'mx2.mx.test', priority: 20 },
    { type: 'MX', exchange: 'mx1.mx.test', priority: 10 },
  ],
  'nullmx.test': [
    { type: 'MX', exchange: '', priority: 0 },
    { type: 'A', address: '192.0.2.7' },
  ],
  'aonly.test': [{ type: 'A', address: '192.0.2.8' }],
  'v6only.test': [{ type: 'AAAA', address: '2001:db8::8' }],
  'txtonly.test': [{ type: 'TXT', text: 'v=spf1 -all' }],
  'broken.test': 'servfail',
  'mailinator.com': [{ type: 'MX', exchange: 'mail.mailinator.com', priority: 10 }],
};

let server: LocalDnsServer;
let handle: DatabaseHandle;
let checker: AddressChecker;

beforeAll(async () => {
  server = await startDnsServer(zones);
  handle = await createTestDatabase();
  checker = createAddressChecker({
    db: handle.db,
    dns: createMailDns({ servers: [server.address], timeoutMs: 400 }),
    assumeOk: ['assumed.test'],
  });
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const one = async (email: string, at = now) => (await checker.check([email], at)).get(email)!;

describe('prospect address check', () => {
  it('accepts a domain with MX records and caches its hosts, best first', async () => {
    expect(await one('ann@mx.test')).toEqual({
      deliverable: true,
      flags: [],
      reason: null,
      checkedAt: now.toISOString(),
    });
    const rows = await handle.db.select().from(mailDomainChecks);
    expect(rows.find((r) => r.domain === 'mx.test')).toMatchObject({
      acceptsMail: true,
      mxHosts: ['mx1.mx.test', 'mx2.mx.test'],
    });
  });

  it('refuses a null MX even with an address record, a domain without MX or address, and NXDOMAIN', async () => {
    expect(await one('a@nullmx.test')).toMatchObject({
      deliverable: false,
      flags: ['null-mx'],
      reason: addressRefusals['null-mx'],
    });
    expect(await one('a@txtonly.test')).toMatchObject({ deliverable: false, flags: ['no-mail'] });
    expect(await one('a@nowhere.test')).toMatchObject({
      deliverable: false,
      flags: ['no-domain'],
      reason: addressRefusals['no-domain'],
    });
  });

  it('accepts a domain with only an A or AAAA record (the implicit MX of RFC 5321 §5.1)', async () => {
    expect((await one('a@aonly.test')).deliverable).toBe(true);
    expect((await one('a@v6only.test')).deliverable).toBe(true);
  });

  it('refuses bad syntax without asking DNS', async () => {
    server.queries.length = 0;
    expect(await one('not an address@mx.test')).toMatchObject({
      deliverable: false,
      flags: ['syntax'],
      reason: addressRefusals.syntax,
    });
    expect(server.queries).toEqual([]);
  });

  it('flags disposable and role addresses but keeps them deliverable', async () => {
    expect(await one('info@mailinator.com')).toMatchObject({
      deliverable: true,
      flags: ['disposable', 'role'],
    });
    expect(await one('Support@mx.test')).toMatchObject({ deliverable: true, flags: ['role'] });
    expect(await one('anna.smith@mx.test')).toMatchObject({ flags: [] });
  });

  it('asks DNS once per domain, and nothing for a domain checked within 7 days', async () => {
    server.queries.length = 0;
    const emails = ['a@aonly.test', 'b@aonly.test', 'c@nullmx.test', 'd@nullmx.test'];
    const checks = await checker.check(emails, later(1000));
    expect([...checks.values()].map((c) => c.deliverable)).toEqual([true, true, false, false]);
    expect(server.queries).toEqual([]);
    // Past the 7 days the domains are asked again, once each.
    await checker.check(emails, later(DOMAIN_CHECK_FRESH_MS + 1000));
    expect(
      server.queries
        .filter((q) => q.type === 'MX')
        .map((q) => q.name)
        .sort(),
    ).toEqual(['aonly.test', 'nullmx.test']);
  });

  it('neither refuses nor caches a domain DNS could not answer for: it is asked again next time', async () => {
    server.queries.length = 0;
    expect(await one('a@broken.test')).toMatchObject({ deliverable: true, flags: [], reason: null });
    expect(await one('b@broken.test')).toMatchObject({ deliverable: true });
    expect(
      server.queries.filter((q) => q.name === 'broken.test' && q.type === 'MX').length,
    ).toBeGreaterThanOrEqual(2);
    const rows = await handle.db.select().from(mailDomainChecks);
    expect(rows.map((r) => r.domain)).not.toContain('broken.test');
  });

  it('takes the MAIL_DOMAINS_ASSUME_OK domains and their subdomains to accept mail without DNS', async () => {
    server.queries.length = 0;
    expect((await one('a@assumed.test')).deliverable).toBe(true);
    expect((await one('a@shop.assumed.test')).deliverable).toBe(true);
    expect(server.queries).toEqual([]);
  });
});
