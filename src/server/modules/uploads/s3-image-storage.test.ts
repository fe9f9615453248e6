import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { signUpAdmin } from '../../testing/admin';
import { createTestApp, type TestApp } from '../../testing/app';
import { startS3Server, type LocalS3Server } from '../../testing/s3-server';

/** Uploads with S3_BUCKET set, against s3rver: a real S3-compatible HTTP server on loopback. */
let s3: LocalS3Server;
let t: TestApp;
let admin: { cookie: string };
const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-s3-data-'));

beforeAll(async () => {
  s3 = await startS3Server('linkpilot-images');
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.settings });
  admin = await signUpAdmin(t.app, t.handle.db);
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function multipart(data: Buffer) {
  const boundary = '----linkpilot-s3-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('image uploads on S3-compatible storage', () => {
  it('stores the re-encoded image in the bucket, not on disk, and serves it from /uploads', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const body = multipart(image);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.imageUploads,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    const name = url.split('/').pop();

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const stored = await client.send(
      new GetObjectCommand({ Bucket: 'linkpilot-images', Key: `uploads/${name}` }),
    );
    const storedBytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect((await sharp(storedBytes).metadata()).format).toBe('webp');
    expect(existsSync(path.join(dataDir, 'uploads', name))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(storedBytes)).toBe(true);
  });

  it('answers 404 for an image the bucket does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.webp` });
    expect(response.statusCode).toBe(404);
  });
});
