import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/** One file to put in an archive: where it is on disk and its name inside the archive. */
export interface ArchiveFile {
  source: string;
  name: string;
}

/** Every regular file under `folder`, named `prefix/<relative path>`; none when the folder is missing. */
export async function filesUnder(folder: string, prefix: string): Promise<ArchiveFile[]> {
  let names: string[];
  try {
    names = await readdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: ArchiveFile[] = [];
  for (const name of names.sort()) {
    const source = path.join(folder, name);
    if ((await stat(source)).isFile())
      files.push({ source, name: `${prefix}/${name.split(path.sep).join('/')}` });
  }
  return files;
}

/**
 * Writes a gzip-compressed tar archive (POSIX ustar/pax, readable by `tar -xzf`) of the given
 * files, streaming each from disk. Files are read once; their size is taken when they are added.
 */
export async function writeArchive(file: string, files: ArchiveFile[]): Promise<void> {
  const pack = tar.pack();
  let writeError: unknown;
  const written = pipeline(pack, createGzip(), createWriteStream(file, { mode: 0o600 }));
  // The output can fail (a full disk) while an entry is being added: observed at once, or Node
  // would end the process on an unhandled rejection (docs/decisions/042-fault-suite.md).
  written.catch((error: unknown) => (writeError = error));
  try {
    for (const entry of files) {
      const { size, mtime } = await stat(entry.source);
      const sink = pack.entry({ name: entry.name, size, mtime, mode: 0o600 });
      await pipeline(createReadStream(entry.source), sink);
    }
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    // The output's error (ENOSPC) says why; the entry's own is only its consequence.
    throw writeError ?? error;
  }
  pack.finalize();
  await written;
}

/**
 * Unpacks an archive written by writeArchive into `folder`. Only regular files are written, and a
 * name that would leave the folder (absolute, or with `..`) is refused.
 * @throws on such a name, or when the file is not a gzip-compressed tar archive
 */
export async function readArchive(file: string, folder: string): Promise<void> {
  const extract = tar.extract();
  const root = path.resolve(folder);
  extract.on('entry', (header, stream, next) => {
    const target = path.resolve(root, header.name);
    if (header.type !== 'file' || !target.startsWith(root + path.sep)) {
      stream.resume();
      if (header.type === 'file')
        return next(new Error(`The archive names a file outside its folder: ${header.name}`));
      return next();
    }
    mkdirSync(path.dirname(target), { recursive: true });
    pipeline(stream, createWriteStream(target, { mode: 0o600 })).then(() => next(), next);
  });
  await pipeline(createReadStream(file), createGunzip(), extract);
}
