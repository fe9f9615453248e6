import { recheckDueMailboxDomains } from '../outreach/dns/mailbox-domain-check';
import { mailDnsFromConfig } from '../outreach/dns/resolver';
import { domainCheckQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Daily (04:23 UTC) and after a mailbox is connected, checks the SPF, DKIM and DMARC of every
 * mailbox's domain not checked for a day and stores the result on the mailbox (docs/decisions/015-sender-domain-and-address-checks.md). Returns how many
 * mailboxes were checked.
 */
export const domainCheckJob: JobDefinition<Record<string, never>> = {
  ...domainCheckQueue,
  cron: () => '23 4 * * *',
  async handle(_payload, { db, config }) {
    return { checked: await recheckDueMailboxDomains(db, mailDnsFromConfig(config), new Date()) };
  },
};
