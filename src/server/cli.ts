import { addAdminEmails } from './auth/roles';
import { ConfigError, loadConfig } from './config';
import { openAppDatabase } from './database';
import { recountCampaign } from './outreach/recount';
import { z } from 'zod';

const usage = `Usage: npm run cli -- <command>
  admin add <email>          let this address author blog posts (admin_users)
  campaign recount <id>      recompute a campaign's counters from its recorded events`;

/**
 * Command line for operators. With the embedded database, stop the app first: PGlite's data
 * folder belongs to one process at a time.
 */
async function main(argv: string[]): Promise<void> {
  const [group, action, value] = argv;
  if (group === 'campaign' && action === 'recount' && value) return recount(value);
  if (group !== 'admin' || action !== 'add' || !value) {
    console.error(usage);
    process.exit(2);
  }
  const email = z.email().safeParse(value.trim().toLowerCase());
  if (!email.success) throw new ConfigError(`Not an email address: ${value}`);
  const handle = await openAppDatabase(loadConfig());
  try {
    await addAdminEmails(handle.db, [email.data]);
    console.log(`${email.data} is now an admin.`);
  } finally {
    await handle.close();
  }
}

/** Prints a campaign's counters after recomputing them from its recorded events. */
async function recount(campaignId: string): Promise<void> {
  if (!z.uuid().safeParse(campaignId).success) throw new ConfigError(`Not a campaign id: ${campaignId}`);
  const handle = await openAppDatabase(loadConfig());
  try {
    const counters = await recountCampaign(handle.db, campaignId);
    if (!counters) throw new ConfigError(`No campaign ${campaignId}`);
    console.log(JSON.stringify(counters, null, 2));
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
