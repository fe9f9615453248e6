import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { s3Client } from '../net/s3-client';
import type { ImageStorage } from './image-storage';

/**
 * Stores uploaded images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so several
 * web processes share them without a common disk. Images are still served by the app at
 * /uploads/<name>, so their URLs do not depend on where they are kept.
 */
export function s3ImageStorage(config: Config): ImageStorage {
  const bucket = config.S3_BUCKET!;
  const client = s3Client(config);
  const key = (name: string) => `${config.S3_PREFIX}${name}`;
  return {
    async save(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(name),
          Body: data,
          ContentType: 'image/webp',
          // A name collision (never expected with 128 random bits) must not overwrite an image.
          IfNoneMatch: '*',
        }),
      );
      return `/uploads/${name}`;
    },
    async open(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        return { stream: object.Body as Readable, bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
  };
}
