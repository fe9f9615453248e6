import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

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
