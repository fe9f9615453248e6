import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeWholeFile } from '../http/whole-file';

/**
 * Where uploaded images live. The local-disk driver is the default (one process, or several sharing a
 * volume); an S3-compatible driver would implement the same two calls.
 */
export interface ImageStorage {
  /** Stores `data` under `name` (a random, already-validated file name) and returns its public URL path. */
  save(name: string, data: Buffer): Promise<string>;
  /** A stream of the stored file and its size, or null when there is none. */
  open(name: string): Promise<{ stream: Readable; bytes: number } | null>;
}

/** Stores images as files in `dir` (created on first save), served at /uploads/<name>. */
export function localDiskImageStorage(dir: string): ImageStorage {
  return {
    async save(name, data) {
      await mkdir(dir, { recursive: true });
      // 'wx': a name collision (never expected with 128 random bits) fails instead of overwriting;
      // a full disk answers 507 and leaves no half-written image.
      await writeWholeFile(path.join(dir, name), data);
      return `/uploads/${name}`;
    },
    async open(name) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), bytes: info.size };
    },
  };
}
