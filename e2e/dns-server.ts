/**
 * The end-to-end tests' DNS: src/server/testing/dns-server.ts on 127.0.0.1:{E2E_DNS_PORT}, which the
 * app under test uses as DNS_SERVERS. It publishes the sender domain of the mailbox-health spec
 * (health.test): an SPF record that passes, no DKIM key, and a DMARC policy that only monitors —
 * one pass, one fail and one warning for the domain check. Runs until Playwright stops it.
 */
import { startDnsServer } from '../src/server/testing/dns-server';

const port = Number(process.env.E2E_DNS_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_DNS_PORT must be a port number');

await startDnsServer(
  {
    'health.test': [
      { type: 'MX', exchange: 'mx.health.test', priority: 10 },
      { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' },
    ],
    '_dmarc.health.test': [{ type: 'TXT', text: 'v=DMARC1; p=none; rua=mailto:dmarc@health.test' }],
  },
  port,
);
console.log(`DNS on 127.0.0.1:${port}`);
