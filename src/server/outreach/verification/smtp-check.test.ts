import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type LocalDnsServer } from '../../testing/dns-server';
import { startSmtpServer, type LocalSmtpServer } from '../../testing/mail-servers';
import { AddressPolicy } from '../../net/ssrf-guard';
import { createMailDns } from '../dns/resolver';
import { smtpCheck, type SmtpCheckOptions } from './smtp-check';

let mx: LocalSmtpServer;
let dns: LocalDnsServer;
let options: SmtpCheckOptions;

beforeAll(async () => {
  // A domain's mail server: no AUTH, as on port 25; its MX name resolves to loopback.
  mx = await startSmtpServer([], { mx: true });
  dns = await startDnsServer({
    'mx.acme.test': [{ type: 'A', address: '127.0.0.1' }],
    'inside.test': [{ type: 'A', address: '10.0.0.8' }],
  });
  options = {
    port: mx.port,
    helo: 'linkpilot.test',
    timeoutMs: 5_000,
    policy: new AddressPolicy(['127.0.0.1']),
    dns: createMailDns({ servers: [dns.address], timeoutMs: 1_000 }),
  };
});
afterAll(async () => {
  await mx.close();
  await dns.close();
});

describe('the own SMTP check', () => {
  it('finds a mailbox the server takes while it refuses a made-up one: deliverable, and sends nothing', async () => {
    mx.acceptOnly(['ann@acme.test']);
    mx.recipientsAsked.length = 0;
    expect(await smtpCheck('ann@acme.test', ['mx.acme.test'], options)).toEqual({
      verdict: 'deliverable',
      detail: 'The mail server accepts the address',
    });
    expect(mx.recipientsAsked[0]).toBe('ann@acme.test');
    // The second RCPT is a random local part at the same domain: the catch-all test.
    expect(mx.recipientsAsked[1]).toMatch(/^lp-[0-9a-f]{16}@acme\.test$/);
    expect(mx.messages).toHaveLength(0);
  });

  it('a refused mailbox is undeliverable', async () => {
    mx.acceptOnly(['ann@acme.test']);
    expect((await smtpCheck('nobody@acme.test', ['mx.acme.test'], options)).verdict).toBe('undeliverable');
  });

  it('a server that takes any address is a catch-all: risky', async () => {
    mx.acceptOnly(null);
    expect(await smtpCheck('whoever@acme.test', ['mx.acme.test'], options)).toEqual({
      verdict: 'risky',
      detail: 'The domain accepts every address (catch-all)',
    });
  });

  it('a temporary refusal (greylisting) is unknown', async () => {
    mx.acceptOnly(null);
    mx.rejectRecipient('later@acme.test', 451);
    expect((await smtpCheck('later@acme.test', ['mx.acme.test'], options)).verdict).toBe('unknown');
  });

  it('never connects to a mail server on a private network', async () => {
    mx.recipientsAsked.length = 0;
    const guarded = { ...options, policy: new AddressPolicy([]) };
    expect(await smtpCheck('ann@acme.test', ['mx.acme.test'], guarded)).toEqual({
      verdict: 'unknown',
      detail: 'The mail server is on a private network: it was not asked',
    });
    // The implicit MX (the domain itself) is judged the same way.
    expect((await smtpCheck('ann@inside.test', [], options)).detail).toMatch(/private network/);
    expect(mx.recipientsAsked).toHaveLength(0);
  });

  it('a server that does not answer is unknown', async () => {
    const closed = { ...options, port: 9 };
    expect((await smtpCheck('ann@acme.test', ['mx.acme.test'], closed)).verdict).toBe('unknown');
  });
});
