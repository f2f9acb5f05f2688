import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectsCommand, ListMultipartUploadsCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { StorageConfig } from '#server/config/env.ts';
import type { UploadArea } from './upload-area';

/** The size of a PATCH's slices written to S3 as multipart parts (S3's minimum is 5 MiB). */
const S3_PART_BYTES = 8 * 1024 * 1024;

/** `lifetimeMs`: how long an unfinished upload is kept (upload-area.ts). */
export function s3UploadArea(storage: Extract<StorageConfig, { driver: 's3' }>, lifetimeMs: number): UploadArea {
  const clientConfig: S3ClientConfig = {
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials: storage.credentials,
    // As the file storage: several S3-compatible services reject the newer checksum defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  // No expiry tags: Cloudflare R2 and others do not support object tagging; the store sweeps expired uploads itself.
  const datastore = new S3Store({
    partSize: S3_PART_BYTES,
    useTags: false,
    expirationPeriodInMilliseconds: lifetimeMs,
    s3ClientConfig: { ...clientConfig, bucket: storage.bucket },
  });
  const client = new S3Client(clientConfig);
  return {
    datastore,
    location: (id) => id,
    readPrefix: () => undefined,
    read: async (id) => (await datastore.read(id)) as Readable,
    async discard(id) {
      const pending = await client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: id }));
      for (const upload of pending.Uploads ?? []) {
        if (upload.Key === id) await client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: id, UploadId: upload.UploadId }));
      }
      await client.send(
        new DeleteObjectsCommand({ Bucket: storage.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } }),
      );
    },
  };
}
