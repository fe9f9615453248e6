import { addAdminEmails } from './auth/roles';
import { ConfigError, loadConfig } from './config';
import { openAppDatabase } from './database';
import { openDatabase } from './db/client';
import { recountCampaign } from './campaigns/counters';
import { runMigrations } from './db/migrate';
import {
  discoverUsage,
  parseDiscoverArgs,
  prospectsCsv,
  runDiscoverCommand,
} from './discovery/discover-command';
import { z } from 'zod';
import path from 'node:path';
import { createBackup } from './backup/create-backup';
import { RestoreError, restoreBackup } from './backup/restore-backup';
import { backupFileName } from './backup/scheduled-backup';
import { requeueJobs } from './jobs/requeue';

const usage = `Usage: npm run cli -- <command>   (or node dist/server/cli.js <command>)
  admin add <email>        let this address author blog posts (admin_users)
  campaign recount <id>    recompute a campaign's counters from its recorded events
  backup [file]            write a backup while the app runs (default DATA_DIR/backups/linkpilot-backup-<time>.tar.gz)
  restore <file>           restore a backup into an empty DATA_DIR (or empty DATABASE_URL database)
${discoverUsage}`;

async function adminAdd(value: string): Promise<void> {
  const email = z.email().safeParse(value.trim().toLowerCase());
  if (!email.success) throw new ConfigError(`Not an email address: ${value}`);
  const handle = await openAppDatabase(loadConfig(), { attach: true });
  try {
    await addAdminEmails(handle.db, [email.data]);
    console.log(`${email.data} is now an admin.`);
  } finally {
    await handle.close();
  }
}

async function discover(argv: string[]): Promise<void> {
  let options: ReturnType<typeof parseDiscoverArgs>;
  try {
    options = parseDiscoverArgs(argv);
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${usage}`);
  }
  const config = loadConfig();
  const handle = options.inMemory ? await openDatabase({}) : await openAppDatabase(config, { attach: true });
  try {
    if (options.inMemory) await runMigrations(handle);
    const result = await runDiscoverCommand(options, config, handle);
    process.stdout.write(
      options.format === 'csv'
        ? `${prospectsCsv(result.prospects)}\n`
        : `${JSON.stringify(result.prospects, null, 2)}\n`,
    );
    process.stderr.write(
      `[discover] ${result.prospects.length} prospects from ${result.candidates} candidates, ${result.pagesCrawled} pages (stopped: ${result.stoppedBy})\n`,
    );
  } finally {
    await handle.close();
  }
}

/** Prints a campaign's counters after recomputing them from its recorded events. */
async function recount(campaignId: string): Promise<void> {
  if (!z.uuid().safeParse(campaignId).success) throw new ConfigError(`Not a campaign id: ${campaignId}`);
  const handle = await openAppDatabase(loadConfig(), { attach: true });
  try {
    const counters = await recountCampaign(handle.db, campaignId);
    if (!counters) throw new ConfigError(`No campaign ${campaignId}`);
    console.log(JSON.stringify(counters, null, 2));
  } finally {
    await handle.close();
  }
}

/** Writes a backup of the app's database and DATA_DIR files (docs/decisions/036-backup-and-restore.md). */
async function backup(file: string | undefined): Promise<void> {
  const config = loadConfig();
  const target = path.resolve(file ?? path.join(config.DATA_DIR, 'backups', backupFileName(new Date())));
  const handle = await openAppDatabase(config, { attach: true });
  try {
    const manifest = await createBackup({ pool: handle.pool, dataDir: config.DATA_DIR, file: target });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const files = Object.values(manifest.files).reduce((sum, count) => sum + count, 0);
    console.log(
      `Backup written to ${target}: ${manifest.tables.length} tables, ${rows} rows, ${files} files` +
        (manifest.appSecret ? ', and the app secret (keep the file as safe as DATA_DIR).' : '.'),
    );
  } finally {
    await handle.close();
  }
}

/** Restores a backup into an empty DATA_DIR or DATABASE_URL database; never over existing data. */
async function restore(file: string): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    postgresDir: path.join(config.DATA_DIR, 'postgres'),
  });
  try {
    const manifest = await restoreBackup({
      handle,
      dataDir: config.DATA_DIR,
      file: path.resolve(file),
      requeue: requeueJobs,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${rows} rows of ${manifest.tables.length} tables from the backup of ${manifest.createdAt}.`,
    );
  } catch (error) {
    throw error instanceof RestoreError ? new ConfigError(error.message) : error;
  } finally {
    await handle.close();
  }
}

/**
 * Command line for operators. With the embedded database it connects to the PostgreSQL server the
 * running app started on the same DATA_DIR, or, when no app runs, starts that server for the
 * command and stops it afterwards.
 */
async function main(argv: string[]): Promise<void> {
  const [group, action, value] = argv;
  if (group === 'admin' && action === 'add' && value) return adminAdd(value);
  if (group === 'discover') return discover(argv.slice(1));
  if (group === 'campaign' && action === 'recount' && value) return recount(value);
  if (group === 'backup' && !value) return backup(action);
  if (group === 'restore' && action && !value) return restore(action);
  console.error(usage);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
