import type { StorageConfig } from '#server/config/env.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage';

/** The configured storage; the S3 client is loaded only when a bucket is configured. */
export async function createFileStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.driver === 'local') return createLocalFileStorage(config.dir);
  const { createS3FileStorage } = await import('./s3-file-storage');
  return createS3FileStorage(config);
}
