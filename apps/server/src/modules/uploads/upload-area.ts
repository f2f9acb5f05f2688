import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { StorageConfig } from '#server/config/env.ts';

/** How long an unfinished upload is kept: a maker can resume it the next day, then it is swept. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
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

/** The S3 SDK and tus's S3 store are loaded only when a bucket is configured (their import slows every start). */
export async function createUploadArea(storage: StorageConfig, dataDir: string): Promise<UploadArea> {
  if (storage.driver === 'local') return localUploadArea(path.join(dataDir, 'uploads'));
  const { s3UploadArea } = await import('./s3-upload-area');
  return s3UploadArea(storage, UPLOAD_LIFETIME_MS);
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
