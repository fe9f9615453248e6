import path from 'node:path';
import type { Config } from '../config';
import { localDiskImageStorage, type ImageStorage } from './image-storage';
import { s3ImageStorage } from './s3-image-storage';

/**
 * The install's image storage as its settings name it: the S3-compatible bucket when S3_BUCKET is
 * set, else `<DATA_DIR>/uploads` on local disk (README "Settings"). The web process and the jobs
 * that read uploads (a report's logo) open the same one.
 */
export function configuredImageStorage(config: Config): ImageStorage {
  return config.S3_BUCKET
    ? s3ImageStorage(config)
    : localDiskImageStorage(path.join(config.DATA_DIR, 'uploads'));
}
