import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { writeWholeFile } from '../http/whole-file';
import { s3Client } from '../net/s3-client';

/**
 * Where the files attached to inbound replies are kept (docs/decisions/024-inbox.md): private, read
 * only through the inbox's download route, never under the public /uploads. Keys are random
 * (newAttachmentKey), so nothing about the file or its sender is in its name.
 */
export interface AttachmentStorage {
  /**
   * Stores `data` under `key`.
   * @throws Error when the key is not one newAttachmentKey makes, the key exists already, or the
   * disk or bucket refuses the write.
   */
  save(key: string, data: Buffer): Promise<void>;
  /** A stream of the stored file and its size in bytes, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; bytes: number } | null>;
  /** Deletes the file; a key with no file is no error. @throws Error when the disk or bucket fails. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

/** A new random storage key: 128 bits as 32 hex digits. */
export function newAttachmentKey(): string {
  return randomBytes(16).toString('hex');
}

function checkKey(key: string): void {
  // Keys end up in file paths and object keys: only our own form may get there.
  if (!KEY.test(key)) throw new Error('Invalid attachment key');
}

/** Stores attachments as files in `dir` (created on first save, readable by the app's user only). */
export function localDiskAttachmentStorage(dir: string): AttachmentStorage {
  return {
    async save(key, data) {
      checkKey(key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // 'wx': a key collision (never expected with 128 random bits) fails instead of overwriting;
      // a full disk answers 507 and leaves no half-written file.
      await writeWholeFile(path.join(dir, key), data, 0o600);
    },
    async open(key) {
      if (!KEY.test(key)) return null;
      const file = path.join(dir, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), bytes: info.size };
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await rm(path.join(dir, key), { force: true });
    },
  };
}

/**
 * Stores attachments in the S3-compatible bucket of the uploaded images (S3_* settings), under
 * `attachments/` at the bucket's root rather than under S3_PREFIX, so they never share a prefix
 * with the public images.
 */
export function s3AttachmentStorage(config: Config): AttachmentStorage {
  const bucket = config.S3_BUCKET!;
  const client = s3Client(config);
  const objectKey = (key: string) => `attachments/${key}`;
  return {
    async save(key, data) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: 'application/octet-stream',
          IfNoneMatch: '*',
        }),
      );
    },
    async open(key) {
      if (!KEY.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { stream: object.Body as Readable, bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

const made = new WeakMap<Config, AttachmentStorage>();

/**
 * The attachment storage the settings choose: the S3 bucket when S3_BUCKET is set (processes that
 * share no disk: the worker saves, the web process serves), else `DATA_DIR/attachments`. One per
 * Config object, so the sync and the routes of one process share a client.
 */
export function attachmentStorageFor(config: Config): AttachmentStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.S3_BUCKET
      ? s3AttachmentStorage(config)
      : localDiskAttachmentStorage(path.join(config.DATA_DIR, 'attachments'));
    made.set(config, storage);
  }
  return storage;
}
