import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
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

/**
 * A client of the S3-compatible service the S3_* settings name (endpoint, region, path style,
 * credentials or the AWS default chain); shared by the image and inbox attachment storages.
 */
export function s3Client(config: Config): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
