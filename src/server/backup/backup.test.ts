import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { runMigrations, shippedMigrations } from '../db/migrate';
import { createQueue } from '../jobs/queue';
import { requeueJobs } from '../jobs/requeue';
import { createManualCampaign } from '../testing/campaigns';
import { createSignedInApp, type TestApp } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { writeArchive } from './archive';
import { createBackup } from './create-backup';
import { backupFileName, runScheduledBackup } from './scheduled-backup';
import { RestoreError, restoreBackup } from './restore-backup';
import { quoteIdent, tablesInLoadOrder } from './tables';

/** Every app table's rows as one digest per table, to compare two databases row for row. */
async function digest(handle: DatabaseHandle): Promise<Record<string, string>> {
  const client = await handle.pool.connect();
  try {
    const result: Record<string, string> = {};
    for (const { name } of await tablesInLoadOrder(client)) {
      const rows = await client.query<{ digest: string | null; count: string }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*) from public.${quoteIdent(name)} t`,
      );
      result[name] = `${rows.rows[0]!.count}:${rows.rows[0]!.digest ?? ''}`;
    }
    return result;
  } finally {
    client.release();
  }
}

describe('backup and restore', () => {
  let source: TestApp;
  let folder: string;
  const runId = randomUUID();

  beforeAll(async () => {
    const signedIn = await createSignedInApp();
    source = signedIn.t;
    await createManualCampaign(source.app, signedIn.cookie);
    // A job waiting in the queue at the snapshot must be waiting again after the restore.
    const boss = createQueue(source.handle, { sendOnly: true });
    await boss.start();
    await boss.createQueue('find-prospects');
    await boss.send('find-prospects', { runId });
    await boss.stop({ graceful: false, close: true });
    folder = mkdtempSync(path.join(tmpdir(), 'linkpilot-backup-test-'));
    mkdirSync(path.join(folder, 'source', 'uploads', '2026'), { recursive: true });
    mkdirSync(path.join(folder, 'source', 'attachments'), { recursive: true });
    writeFileSync(
      path.join(folder, 'source', 'uploads', '2026', 'logo.png'),
      Buffer.from([137, 80, 78, 71, 0, 255]),
    );
    writeFileSync(path.join(folder, 'source', 'attachments', 'invoice.pdf'), '%PDF-1.7 test');
    writeFileSync(path.join(folder, 'source', 'app-secret'), 'the-generated-secret');
  });

  afterAll(async () => {
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('round-trips every table, the files, the app secret and the waiting jobs into an empty database', async () => {
    const file = path.join(folder, 'backups', 'one.tar.gz');
    const manifest = await createBackup({
      pool: source.handle.pool,
      dataDir: path.join(folder, 'source'),
      file,
    });
    expect(manifest.migrations.count).toBe(shippedMigrations().length);
    expect(manifest.tables.find((t) => t.name === 'prospects')?.rows).toBe(3);
    expect(manifest.files).toEqual({ uploads: 1, attachments: 1 });
    expect(manifest.jobs).toBe(1);

    const target = await createTestDatabase({ migrate: false });
    const restored = path.join(folder, 'restored');
    try {
      await restoreBackup({ handle: target, dataDir: restored, file, requeue: requeueJobs });
      const [before, after] = [await digest(source.handle), await digest(target)];
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      expect(after).toEqual(before);
      expect(before['prospects']).toMatch(/^3:/);
      expect(readFileSync(path.join(restored, 'uploads', '2026', 'logo.png'))).toEqual(
        Buffer.from([137, 80, 78, 71, 0, 255]),
      );
      expect(readFileSync(path.join(restored, 'attachments', 'invoice.pdf'), 'utf8')).toBe('%PDF-1.7 test');
      expect(readFileSync(path.join(restored, 'app-secret'), 'utf8')).toBe('the-generated-secret');
      const jobs = await target.pool.query<{ data: { runId: string } }>(
        `select data from pgboss.job where name = 'find-prospects' and state = 'created'`,
      );
      expect(jobs.rows.map((j) => j.data.runId)).toEqual([runId]);

      // A second restore into the same, now filled, database is refused and changes nothing.
      const again = restoreBackup({
        handle: target,
        dataDir: path.join(folder, 'other'),
        file,
        requeue: requeueJobs,
      });
      await expect(again).rejects.toThrow(RestoreError);
      await expect(again).rejects.toThrow(/not empty/);
      expect(await digest(target)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('upgrades a backup taken at an older schema while restoring it', async () => {
    const older = await createTestDatabase({ migrate: false });
    const target = await createTestDatabase({ migrate: false });
    try {
      const level = shippedMigrations().length - 1;
      await runMigrations(older, undefined, { upTo: level });
      await older.pool.query(`insert into admin_users (email) values ('old@example.com')`);
      const file = path.join(folder, 'older.tar.gz');
      const manifest = await createBackup({ pool: older.pool, dataDir: path.join(folder, 'none'), file });
      expect(manifest.migrations.count).toBe(level);
      expect(manifest.appSecret).toBe(false);

      await restoreBackup({
        handle: target,
        dataDir: path.join(folder, 'upgraded'),
        file,
        requeue: requeueJobs,
      });
      const applied = await target.pool.query<{ count: string }>(
        'select count(*) from drizzle.__drizzle_migrations',
      );
      expect(Number(applied.rows[0]!.count)).toBe(shippedMigrations().length);
      const admins = await target.pool.query<{ email: string }>('select email from admin_users');
      expect(admins.rows).toEqual([{ email: 'old@example.com' }]);
    } finally {
      await older.close();
      await target.close();
    }
  });

  it('keeps the newest BACKUP_KEEP scheduled backups and leaves other files alone', async () => {
    const dir = path.join(folder, 'scheduled');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 29, hour, 0, 0));
    for (const hour of [1, 2, 3]) {
      await runScheduledBackup({
        pool: source.handle.pool,
        dataDir: path.join(folder, 'source'),
        dir,
        keep: 2,
        now: at(hour),
      });
    }
    expect(readdirSync(dir).sort()).toEqual([backupFileName(at(2)), backupFileName(at(3)), 'notes.txt']);
    expect(backupFileName(at(2))).toBe('linkpilot-backup-20261129T020000Z.tar.gz');
  });

  it('refuses a file that is not a backup, and a backup from a newer version', async () => {
    const target = await createTestDatabase({ migrate: false });
    try {
      const notBackup = path.join(folder, 'notes.txt');
      writeFileSync(notBackup, 'hello');
      await expect(
        restoreBackup({
          handle: target,
          dataDir: path.join(folder, 'x'),
          file: notBackup,
          requeue: requeueJobs,
        }),
      ).rejects.toThrow(/not a LinkPilot backup/);

      const staged = path.join(folder, 'newer-manifest.json');
      const shipped = shippedMigrations().length;
      writeFileSync(
        staged,
        JSON.stringify({
          format: 'linkpilot-backup',
          formatVersion: 1,
          createdAt: new Date().toISOString(),
          migrations: { count: shipped + 1, last: '9999_future' },
          tables: [],
          sequences: [],
          jobs: 0,
          files: {},
          appSecret: false,
        }),
      );
      const newer = path.join(folder, 'newer.tar.gz');
      await writeArchive(newer, [{ source: staged, name: 'manifest.json' }]);
      await expect(
        restoreBackup({ handle: target, dataDir: path.join(folder, 'y'), file: newer, requeue: requeueJobs }),
      ).rejects.toThrow(/newer LinkPilot \(schema 9999_future/);
      const tables = await target.pool.query(`select 1 from pg_tables where schemaname = 'public'`);
      expect(tables.rowCount).toBe(0);
    } finally {
      await target.close();
    }
  });
});
