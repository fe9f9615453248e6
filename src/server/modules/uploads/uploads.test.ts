import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { blogLimits, blogMessages } from '../../../shared/schemas/blog';
import { signUpAdmin } from '../../testing/admin';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
let dataDir: string;
let admin: { cookie: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'linkpilot-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await signUpAdmin(t.app, t.handle.db);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const boundary = '----linkpilot-test-boundary';
/** A file part of a multipart/form-data body (`filename` null: a text field). */
interface Part {
  name: string;
  filename: string | null;
  contentType: string;
  data: Buffer;
}
const filePart = (filename: string, contentType: string, data: Buffer): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/** A multipart/form-data body of `parts`, as a browser's FormData would send it. */
function multipart(parts: Part[], end = `\r\n--${boundary}--\r\n`) {
  const payload = Buffer.concat([
    ...parts.flatMap((part, i) => [
      Buffer.from(
        `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
          `${part.filename === null ? '' : `; filename="${part.filename}"`}\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
    ]),
    Buffer.from(end),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (body: ReturnType<typeof multipart>, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.imageUploads,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });

const upload = (filename: string, contentType: string, data: Buffer, cookie = admin.cookie) =>
  send(multipart([filePart(filename, contentType, data)]), cookie);

/** The images stored so far. */
const stored = () => readdirSync(path.join(dataDir, 'uploads'), { withFileTypes: true }).length;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#6366f1' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();

describe('image uploads', () => {
  it('re-encodes an image to WebP without its metadata, scaled down, and serves it with a long cache', async () => {
    const response = await upload('photo.jpg', 'image/jpeg', await png(2400, 1200));
    expect(response.statusCode).toBe(201);
    const { url, width, height } = response.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect([width, height]).toEqual([blogLimits.imageMaxDimension, blogLimits.imageMaxDimension / 2]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-exif-marker')).toBe(false);
  });

  it('refuses a renamed non-image by its content', async () => {
    const response = await upload(
      'innocent.png',
      'image/png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(blogMessages.imageUnreadable);
  });

  it('refuses SVG, which can carry scripts', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    expect((await upload('x.svg', 'image/svg+xml', svg)).statusCode).toBe(400);
  });

  it('refuses a file above the size limit with 413', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(blogLimits.imageMaxBytes)]);
    const response = await upload('big.jpg', 'image/jpeg', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(blogMessages.imageTooLarge(5));
  });

  it('refuses an image above the pixel limit before decoding it', async () => {
    // A tiny PNG whose header claims 10,000 × 10,000 pixels, as a decompression bomb's would.
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const response = await upload('bomb.png', 'image/png', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(blogMessages.imageTooManyPixels);
  });

  it('takes exactly one part, the file: a second file or a field is refused with 400 and nothing is stored', async () => {
    const image = await png(20, 20);
    expect((await upload('one.jpg', 'image/jpeg', image)).statusCode).toBe(201);
    const before = stored();
    const field: Part = { name: 'alt', filename: null, contentType: 'text/plain', data: Buffer.from('x') };
    for (const parts of [
      [filePart('a.jpg', 'image/jpeg', image), filePart('b.jpg', 'image/jpeg', image)],
      [filePart('a.jpg', 'image/jpeg', image), { ...filePart('b.jpg', 'image/jpeg', image), name: 'other' }],
      [filePart('a.jpg', 'image/jpeg', image), field],
    ]) {
      const response = await send(multipart(parts));
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: blogMessages.oneImageOnly } },
      });
    }
    const fieldFirst = await send(multipart([field, filePart('a.jpg', 'image/jpeg', image)]));
    expect(fieldFirst.statusCode).toBe(400);
    expect(fieldFirst.json().error.message).toBe(blogMessages.imageOnly);
    const cutShort = await send(multipart([filePart('a.jpg', 'image/jpeg', image)], ''));
    expect(cutShort.statusCode).toBe(400);
    expect(stored()).toBe(before);
  });

  it('lets only admins upload', async () => {
    const member = await signUpUser(t.app);
    const image = await png(20, 20);
    expect((await upload('a.jpg', 'image/jpeg', image, member.cookie)).statusCode).toBe(403);
    expect((await upload('a.jpg', 'image/jpeg', image, '')).statusCode).toBe(401);
  });

  it('answers 404 for unknown or malformed upload names', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.webp` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fapp-secret' })).statusCode).toBe(404);
  });
});
