import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3Server {
  endpoint: string;
  /** The folder s3rver keeps its buckets in: `<directory>/<bucket>/<key>`. */
  directory: string;
  /** The S3_* settings that point the app at `bucket` on this server, as config overrides. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on loopback with one empty `bucket`, in a temporary folder `close` removes. */
export async function startS3Server(bucket: string): Promise<LocalS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lp-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  return {
    endpoint,
    directory,
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
