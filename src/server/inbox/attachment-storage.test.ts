import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../testing/app';
import { startS3Server, type LocalS3Server } from '../testing/s3-server';
import {
  attachmentStorageFor,
  localDiskAttachmentStorage,
  newAttachmentKey,
  type AttachmentStorage,
} from './attachment-storage';

/** The private store of reply attachments, on local disk and on a real S3-compatible server (s3rver). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-attachments-'));
let s3: LocalS3Server;

beforeAll(async () => {
  s3 = await startS3Server('linkpilot');
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function roundTrip(storage: AttachmentStorage, { checkOverwrite }: { checkOverwrite: boolean }) {
  const key = newAttachmentKey();
  expect(key).toMatch(/^[a-f0-9]{32}$/);
  const data = Buffer.from('%PDF-1.4 attached offer');
  await storage.save(key, data);
  if (checkOverwrite) await expect(storage.save(key, data)).rejects.toThrow(); // never overwritten
  const opened = await storage.open(key);
  expect(opened?.bytes).toBe(data.length);
  expect(await read(opened!.stream)).toEqual(data);
  await storage.remove(key);
  expect(await storage.open(key)).toBeNull();
  await storage.remove(key); // removing twice is no error
  return key;
}

describe('attachment storage', () => {
  it('keeps files in DATA_DIR/attachments by default, readable by the app’s user only', async () => {
    const storage = attachmentStorageFor(testConfig({ DATA_DIR: dataDir }));
    const key = newAttachmentKey();
    await storage.save(key, Buffer.from('x'));
    const file = path.join(dataDir, 'attachments', key);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    await storage.remove(key);
    await roundTrip(storage, { checkOverwrite: true });
  });

  it('takes no key but its own form, so no path leaves the folder', async () => {
    const storage = localDiskAttachmentStorage(path.join(dataDir, 'attachments'));
    await expect(storage.save('../escape', Buffer.from('x'))).rejects.toThrow('Invalid attachment key');
    expect(await storage.open('../../etc/passwd')).toBeNull();
    await storage.remove('../x');
    expect(readdirSync(dataDir)).toEqual(['attachments']);
  });

  it('keeps files in the S3 bucket under attachments/ when S3_BUCKET is set', async () => {
    const storage = attachmentStorageFor(testConfig({ DATA_DIR: dataDir, ...s3.settings }));
    const key = newAttachmentKey();
    await storage.save(key, Buffer.from('in the bucket'));
    expect(existsSync(path.join(s3.directory, 'linkpilot', 'attachments'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'attachments', key))).toBe(false);
    await storage.remove(key);
    // s3rver ignores If-None-Match, which real S3 and most compatible services honour.
    await roundTrip(storage, { checkOverwrite: false });
  });
});
