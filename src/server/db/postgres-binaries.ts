/**
 * The PostgreSQL programs as the server's user can run them. Run as root, the embedded server runs
 * as the user `postgres` (PostgreSQL refuses root), which cannot run programs inside a clone in a
 * folder only root may enter (root's home is 0700). The package's `bin`, `lib` and `share` folders
 * are then copied once per version into a root-owned cache (`/var/lib/linkpilot/postgres-<version>`),
 * which no other user may write to: whatever `postgres` runs from it, only root could have put
 * there. docs/decisions/020-embedded-postgresql.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/** Where root keeps its copies: a system folder (FHS: variable state), never cleaned like /tmp. */
export const BINARY_CACHE = '/var/lib/linkpilot';

/** The folders of the package's `native` folder the server needs: programs, their libraries, its data files. */
const PARTS = ['bin', 'lib', 'share'];
/** Written last into a complete copy: the digest of the tree it copied. */
const MARKER = 'linkpilot-copy';

/** Paths of the two programs the app runs. */
export interface Binaries {
  initdb: string;
  postgres: string;
}

/** The permission bits of an entry in the cache: folders and programs 0755, other files 0644, links none. */
function cacheMode(stat: Stats): number {
  if (stat.isSymbolicLink()) return 0;
  return stat.isDirectory() || stat.mode & 0o111 ? 0o755 : 0o644;
}

/**
 * A digest of the tree under `root` (its PARTS): every entry's path, kind, size, cache mode and link
 * target, in a fixed order. Cheap (metadata only), it tells a complete, unchanged copy from a
 * partial or outdated one. `check` sees each entry with its stat.
 */
function treeDigest(root: string, check?: (file: string, stat: Stats) => void): string {
  const hash = createHash('sha256');
  // Depth first, names sorted; one readdir per folder (a recursive readdir is several times slower).
  const visit = (file: string) => {
    const stat = lstatSync(file);
    check?.(file, stat);
    const kind = stat.isSymbolicLink() ? `l:${readlinkSync(file)}` : stat.isDirectory() ? 'd' : 'f';
    const size = stat.isFile() ? stat.size : 0;
    hash.update(`${path.relative(root, file)}\0${kind}\0${size}\0${cacheMode(stat).toString(8)}\n`);
    if (stat.isDirectory()) for (const name of readdirSync(file).sort()) visit(path.join(file, name));
  };
  for (const part of PARTS) visit(path.join(root, part));
  return hash.digest('hex');
}

/** True when `folder` is root's and no one else may change its entries (a sticky folder such as /tmp protects root's entries). */
function rootOnly(stat: Stats, allowSticky: boolean): boolean {
  const othersWrite = (stat.mode & 0o022) !== 0;
  return stat.uid === 0 && (!othersWrite || (allowSticky && (stat.mode & 0o1000) !== 0));
}

/**
 * Creates `cacheRoot` (0755, as any folder it had to create above it) when missing, and checks
 * that only root can change it or any folder above it, and that every one lets others pass.
 * @returns its real path @throws ConfigError naming the folder at fault and what to do
 */
function ensureCacheRoot(cacheRoot: string): string {
  let created: string | undefined;
  try {
    created = mkdirSync(cacheRoot, { recursive: true });
  } catch (error) {
    // A read-only system folder (some containers).
    throw new ConfigError(
      `The PostgreSQL programs are run from a copy in ${cacheRoot}, which cannot be created (${(error as NodeJS.ErrnoException).code}): create it (root's, mode 0755), or set DATABASE_URL to another PostgreSQL server`,
    );
  }
  const real = realpathSync(cacheRoot);
  // Made under root's umask (maybe 077): the server's user must pass through them.
  if (created) {
    const top = realpathSync(created);
    for (let folder = real; folder.startsWith(top); folder = path.dirname(folder)) {
      chmodSync(folder, 0o755);
    }
  }
  for (let folder = real; ; folder = path.dirname(folder)) {
    const stat = lstatSync(folder);
    const fault = !rootOnly(stat, folder !== real)
      ? "can be changed by users other than root: make it root's and not writable by others (chmod go-w)"
      : (stat.mode & 0o001) === 0
        ? 'is closed to other users: let them pass (chmod o+x)'
        : null;
    if (fault) {
      throw new ConfigError(
        `The PostgreSQL programs are run from a copy in ${real}, but ${folder} ${fault}, or set DATABASE_URL to another PostgreSQL server`,
      );
    }
    if (folder === path.dirname(folder)) return real;
  }
}

/** True when `target` holds a complete copy of the tree of digest `digest`, every entry root's with its cache mode. */
function isIntactCopy(target: string, digest: string): boolean {
  try {
    if (readFileSync(path.join(target, MARKER), 'utf8') !== digest) return false;
    const top = lstatSync(target);
    let intact = top.isDirectory() && top.uid === 0 && (top.mode & 0o7777) === 0o755;
    const copied = treeDigest(target, (_file, stat) => {
      if (stat.uid !== 0 || (!stat.isSymbolicLink() && (stat.mode & 0o7777) !== cacheMode(stat)))
        intact = false;
    });
    return intact && copied === digest;
  } catch {
    return false;
  }
}

/** Copies the PARTS of `native` into `target`, built aside and renamed into place, so a reader never sees half a copy. */
function copyInto(native: string, target: string, digest: string): void {
  const partial = `${target}.partial-${randomBytes(6).toString('hex')}`;
  try {
    mkdirSync(partial, { mode: 0o755 });
    for (const part of PARTS) {
      cpSync(path.join(native, part), path.join(partial, part), { recursive: true, verbatimSymlinks: true });
    }
    // The package's own modes may be npm's or the umask's: the cache's are fixed.
    treeDigest(partial, (file, stat) => {
      if (!stat.isSymbolicLink()) chmodSync(file, cacheMode(stat));
    });
    chmodSync(partial, 0o755);
    writeFileSync(path.join(partial, MARKER), digest, { mode: 0o644 });
    try {
      renameSync(partial, target);
      return;
    } catch {
      // A copy is in the way (renaming onto a folder that is not empty fails).
    }
    // Another process may have put its copy there meanwhile.
    if (isIntactCopy(target, digest)) return;
    // An outdated or damaged copy: moved aside, then removed (a server still running from it keeps the files it opened).
    const stale = `${target}.stale-${randomBytes(6).toString('hex')}`;
    renameSync(target, stale);
    renameSync(partial, target);
    rmSync(stale, { recursive: true, force: true });
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * The programs of the package folder `native` (its `bin`, `lib`, `share`) in a root-owned copy
 * under `cacheRoot` (`postgres-<package version>`), made on first use (about 60 MB, under a second)
 * and made again when it no longer matches the package (a digest of paths, sizes and modes,
 * checked at each start in a few milliseconds) or when any entry is not root's with its mode.
 * Call as root only. @throws ConfigError when a folder of the cache could be changed by another user
 */
export function rootOwnedBinaries(native: string, cacheRoot: string = BINARY_CACHE): Binaries {
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = path.join(ensureCacheRoot(cacheRoot), `postgres-${version}`);
  const digest = treeDigest(native);
  if (!isIntactCopy(target, digest)) copyInto(native, target, digest);
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
}
