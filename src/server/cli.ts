import { addAdminEmails } from './auth/roles';
import { ConfigError, loadConfig } from './config';
import { openAppDatabase } from './database';
import { z } from 'zod';

const usage = `Usage: npm run cli -- <command>
  admin add <email>   let this address author blog posts (admin_users)`;

/**
 * Command line for operators. With the embedded database, stop the app first: PGlite's data
 * folder belongs to one process at a time.
 */
async function main(argv: string[]): Promise<void> {
  const [group, action, value] = argv;
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

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
