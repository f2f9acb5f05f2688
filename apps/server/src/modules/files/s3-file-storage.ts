import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '#server/config/env.ts';
import { attachmentDisposition, type FileStorage } from './file-storage';

/** How long a presigned download URL works: enough to start the download, too short to share. */
export const PRESIGNED_URL_SECONDS = 300;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…). The store still checks
 * its own signed link; the bytes then come from the bucket through a presigned GET that names
 * the file (ResponseContentDisposition), so Range requests and resuming are the bucket's.
 */
export function createS3FileStorage(config: Extract<StorageConfig, { driver: 's3' }>): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible services reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    driver: 's3',
    async deliver({ storageKey, filename }) {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: storageKey,
        ResponseContentDisposition: attachmentDisposition(filename),
        ResponseContentType: 'application/octet-stream',
      });
      return { kind: 'redirect', url: await getSignedUrl(client, command, { expiresIn: PRESIGNED_URL_SECONDS }) };
    },
    async exists(storageKey) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: storageKey }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return false;
        throw error;
      }
    },
    async put(storageKey, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: storageKey, Body: bytes, ContentType: 'application/octet-stream' }));
    },
    async remove(storageKey) {
      // S3 answers a delete of a missing key with success, which is what we want.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: storageKey }));
    },

    async adopt(storageKey, source) {
      // One server-side copy (up to 5 GB, above the 2 GiB default upload limit): no byte passes through the store.
      await client.send(
        new CopyObjectCommand({
          Bucket: config.bucket,
          Key: storageKey,
          CopySource: `${config.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
          ContentType: 'application/octet-stream',
          MetadataDirective: 'REPLACE',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: source }));
    },
  };
}
