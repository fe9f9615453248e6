import { rm, writeFile } from 'node:fs/promises';
import { AppError } from './errors';

/** Error codes of a full disk (ENOSPC) or an exhausted quota (EDQUOT). */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Writes `data` to a new file (`wx`: never over an existing one), all or nothing: a write that
 * fails part-way (a full disk) removes what it wrote, so no half-written file is left for a later
 * read to serve (docs/decisions/042-fault-suite.md).
 * @throws AppError STORAGE_FULL (507) when the disk or quota is full; the file system's error otherwise.
 */
export async function writeWholeFile(file: string, data: Buffer, mode?: number): Promise<void> {
  try {
    await writeFile(file, data, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
  } catch (error) {
    // EEXIST: the file is someone else's; leave it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
    if (isDiskFull(error)) throw AppError.storageFull();
    throw error;
  }
}
