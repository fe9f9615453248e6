import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { readPostmasterLock } from './embedded-postgres';
import { embeddedAppEnv } from '../testing/app-process';

/**
 * The app's own process on the embedded server: a crash (SIGKILL) leaves the server running
 * without its owner, and the next start must clear it and keep the data; the CLI meanwhile works
 * against the running app; a normal stop takes the server down with the app.
 */

const serverDir = path.join(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-embedded-'));
const postgresDir = path.join(dataDir, 'postgres');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  // A server a failed assertion left running.
  const lock = readPostmasterLock(postgresDir);
  if (lock && alive(lock.pid)) process.kill(lock.pid, 'SIGQUIT');
  rmSync(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, script), ...args], {
    env: embeddedAppEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Starts the app (main.ts) and resolves once it has printed its startup line. */
async function startApp(): Promise<ChildProcess> {
  const app = run('main.ts', []);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    };
    app.stdout!.on('data', onData);
    app.stderr!.on('data', onData);
    app.once('exit', (code) => reject(new Error(`the app exited (${code}): ${output}`)));
  });
  expect(output).toContain('database: embedded PostgreSQL 18 at');
  return app;
}

/** Runs a CLI command to its end. @returns its exit code and output */
async function cli(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = run('cli.ts', args);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function admins(): Promise<string[]> {
  const handle = await openDatabase({ postgresDir, attach: true });
  try {
    const { rows } = await handle.pool.query<{ email: string }>(
      'select email from admin_users order by email',
    );
    return rows.map((row) => row.email);
  } finally {
    await handle.close();
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded PostgreSQL server', () => {
  it('serves the CLI next to the app, survives a SIGKILL of the app and stops with it', async () => {
    const first = await startApp();
    const firstServer = readPostmasterLock(postgresDir)!;

    const added = await cli('admin', 'add', 'ops@example.com');
    expect(added).toMatchObject({ code: 0 });
    expect(added.output).toContain('ops@example.com is now an admin.');
    // The CLI used the app's server rather than starting its own.
    expect(readPostmasterLock(postgresDir)?.pid).toBe(firstServer.pid);

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(alive(firstServer.pid)).toBe(true);

    const second = await startApp();
    const secondServer = readPostmasterLock(postgresDir)!;
    expect(secondServer.pid).not.toBe(firstServer.pid);
    expect(alive(firstServer.pid)).toBe(false);
    expect(await admins()).toEqual(['ops@example.com']);

    // The app and its server both killed: the lock file names a dead process.
    second.kill('SIGKILL');
    process.kill(secondServer.pid, 'SIGKILL');
    await new Promise((resolve) => second.once('exit', resolve));

    const third = await startApp();
    const thirdServer = readPostmasterLock(postgresDir)!;
    expect(await admins()).toEqual(['ops@example.com']);

    third.kill('SIGTERM');
    expect(await new Promise((resolve) => third.once('exit', resolve))).toBe(0);
    expect(alive(thirdServer.pid)).toBe(false);
    expect(readPostmasterLock(postgresDir)).toBeNull();
  }, 240_000);

  it('lets the CLI start the server for one command when no app runs, and stop it after', async () => {
    const result = await cli('admin', 'add', 'night@example.com');

    expect(result).toMatchObject({ code: 0 });
    expect(readPostmasterLock(postgresDir)).toBeNull();
    const handle = await openDatabase({ postgresDir });
    try {
      const { rows } = await handle.pool.query('select email from admin_users order by email');
      expect(rows).toEqual([{ email: 'night@example.com' }, { email: 'ops@example.com' }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe('a relative data folder', () => {
  it('puts the cluster where the path points from the working directory (the default DATA_DIR is ./data)', async () => {
    // Open to the server's user (as root it runs as postgres), as a real DATA_DIR's parents are.
    const base = mkdtempSync(path.join(tmpdir(), 'lp-relative-'));
    chmodSync(base, 0o755);
    const absolute = path.join(base, 'postgres');
    try {
      const handle = await openDatabase({ postgresDir: path.relative(process.cwd(), absolute) });
      try {
        expect((await handle.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        expect(existsSync(path.join(absolute, 'PG_VERSION'))).toBe(true);
      } finally {
        await handle.close();
      }
      expect(readPostmasterLock(absolute)).toBeNull();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 120_000);
});
