import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectsCommand, ListMultipartUploadsCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { StorageConfig } from '#server/config/env.ts';

/** How long an unfinished upload is kept: a maker can resume it the next day, then it is swept. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The size of a PATCH's slices written to S3 as multipart parts (S3's minimum is 5 MiB). */
const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Where uploads are received before they become what they were for: with local storage, files
 * in `DATA_DIR/uploads`; with a bucket, multipart uploads in that bucket (the bytes never sit
 * in the store's memory or on its disk as a whole).
 */
export interface UploadArea {
  readonly datastore: DataStore;
  /** Where the bytes are, as `FileStorage.adopt` takes them. */
  location(id: string): string;
  /** The first `length` bytes of an unfinished upload; undefined when the store cannot read one back (S3 parts). */
  readPrefix(id: string, length: number): Readable | undefined;
  /** A finished upload's bytes, from the start. */
  read(id: string): Promise<Readable>;
  /** Deletes whatever is left of an upload (bytes, tus's records of it); nothing when there is none. */
  discard(id: string): Promise<void>;
}

export function createUploadArea(storage: StorageConfig, dataDir: string): UploadArea {
  return storage.driver === 'local' ? localUploadArea(path.join(dataDir, 'uploads')) : s3UploadArea(storage);
}

function localUploadArea(directory: string): UploadArea {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS });
  const file = (id: string) => path.join(directory, id);
  return {
    datastore,
    location: file,
    readPrefix: (id, length) => (length === 0 ? undefined : createReadStream(file(id), { start: 0, end: length - 1 })),
    read: async (id) => createReadStream(file(id)),
    async discard(id) {
      // FileStore's configstore keeps the upload's details beside it, as `<id>.json`.
      await Promise.all([rm(file(id), { force: true }), rm(`${file(id)}.json`, { force: true })]);
    },
  };
}

function s3UploadArea(storage: Extract<StorageConfig, { driver: 's3' }>): UploadArea {
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
    expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS,
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
