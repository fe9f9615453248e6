import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { backupRuns } from '../../db/schema/backups';
import { messages } from '../../../shared/messages';
import { localDiskAttachmentStorage } from '../../inbox/attachment-storage';
import { backupJob } from '../../jobs/backup';
import { localDiskImageStorage } from '../../storage/image-storage';
import { testConfig } from '../app';
import { createTestDatabase } from '../database';

/**
 * A full disk (docs/decisions/042-fault-suite.md): a 64 KiB tmpfs, nearly filled, stands for the
 * disk of the uploads, the attachments and the backups. Each write fails with a clear error and
 * leaves nothing half-written. Mounting needs root (as CI and the dev machines run); elsewhere the
 * suite is skipped, saying so.
 */
const root = mkdtempSync(path.join(tmpdir(), 'lp-full-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', root], { stdio: 'ignore' });
  mounted = true;
} catch {
  console.warn('[faults] cannot mount a tmpfs here (not root?): the full-disk tests are skipped');
}

/** The files left in `dir` (the filler excepted). */
const leftIn = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('filler'));

/** Fills what is left of the disk (a compressed backup of a small database fits in a few KiB). */
function fillUp(file: string): void {
  try {
    for (let i = 0; ; i++) writeFileSync(`${file}-${i}`, Buffer.alloc(1024, 1), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

describe.skipIf(!mounted)('a full disk', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Leave about 8 KiB free: less than any file below.
    writeFileSync(path.join(root, 'filler'), Buffer.alloc(56 * 1024, 1));
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
    execFileSync('umount', [root]);
    rmSync(root, { recursive: true, force: true });
  });

  it('an uploaded image: 507 STORAGE_FULL in words, and no half-written file', async () => {
    const storage = localDiskImageStorage(root);
    await expect(storage.save('a'.repeat(32) + '.webp', Buffer.alloc(32 * 1024, 7))).rejects.toMatchObject({
      code: 'STORAGE_FULL',
      statusCode: 507,
      message: messages.generic.storageFull,
    });
    expect(leftIn(root)).toEqual([]);
  });

  it("a reply's attachment: the same error, and no half-written file", async () => {
    const dir = path.join(root, 'attachments');
    const storage = localDiskAttachmentStorage(dir);
    await expect(storage.save('b'.repeat(32), Buffer.alloc(32 * 1024, 7))).rejects.toMatchObject({
      code: 'STORAGE_FULL',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a scheduled backup: fails, leaves no archive nor partial file, and its result says why', async () => {
    const dir = path.join(root, 'backups');
    mkdirSync(dir);
    fillUp(path.join(root, 'filler-rest'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-full-disk-data-'));
    try {
      const config = testConfig({ DATA_DIR: dataDir, BACKUP_DIR: dir });
      await expect(
        backupJob.handle({}, { db: handle.db, pool: handle.pool, config, appSecret: config.APP_SECRET! }),
      ).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(readdirSync(dir)).toEqual([]);
      const runs = await handle.db.select().from(backupRuns);
      expect(runs).toEqual([expect.objectContaining({ status: 'failed', file: null, bytes: null })]);
      expect(runs[0]!.error).toMatch(/^The backup folder's disk is full: no backup was written/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
