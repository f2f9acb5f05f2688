import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where sold files are kept (docs/decisions/0013-file-storage.md). A file is known by its
 * `storage_key` (`<product path>/<version>/<filename>`), the same in every implementation.
 */
export interface FileStorage {
  /** Reported to shoppers as a file's `download_source`. */
  readonly driver: 'local' | 's3';
  /** How a checked download is handed over: streamed by the store, or a redirect to a short-lived URL. */
  deliver(file: { storageKey: string; filename: string }): Promise<FileDelivery>;
  exists(storageKey: string): Promise<boolean>;
  put(storageKey: string, bytes: Uint8Array): Promise<void>;
  /** Deletes the file; a file already gone is not an error. */
  remove(storageKey: string): Promise<void>;
  /**
   * Takes a finished upload in under `storageKey`, replacing what was there, without reading it
   * into memory: `source` is a file on this machine for local storage (moved), an object of the
   * same bucket for S3 (copied by the bucket, then deleted).
   */
  adopt(storageKey: string, source: string): Promise<void>;
}

export type FileDelivery =
  { kind: 'missing' } | { kind: 'stream'; size: number; open(range?: { start: number; end: number }): Readable } | { kind: 'redirect'; url: string };

/** `attachment; filename="…"`: the name a browser saves the file under, with nothing a header could trip on. */
export function attachmentDisposition(filename: string) {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;
}

/** The default: files in `DATA_DIR/files`, streamed by the store (Range, If-Range, hash header). */
export function createLocalFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  /** The key's path below the root, or undefined when a key tries to leave it. */
  const locate = (storageKey: string) => {
    const location = path.resolve(root, ...storageKey.split('/'));
    return location.startsWith(root + path.sep) ? location : undefined;
  };
  return {
    driver: 'local',
    async deliver({ storageKey }) {
      const location = locate(storageKey);
      const info = location ? await stat(location).catch(() => undefined) : undefined;
      if (!location || !info?.isFile()) return { kind: 'missing' };
      return { kind: 'stream', size: info.size, open: (range) => createReadStream(location, range) };
    },
    async exists(storageKey) {
      const location = locate(storageKey);
      return Boolean(location && (await stat(location).catch(() => undefined))?.isFile());
    },
    async put(storageKey, bytes) {
      const location = locate(storageKey);
      if (!location) throw new Error(`storage key outside the files folder: ${storageKey}`);
      await mkdir(path.dirname(location), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temporary = `${location}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, location);
    },
    async remove(storageKey) {
      const location = locate(storageKey);
      if (location) await rm(location, { force: true });
    },

    async adopt(storageKey, source) {
      const location = locate(storageKey);
      if (!location) throw new Error(`storage key outside the files folder: ${storageKey}`);
      await mkdir(path.dirname(location), { recursive: true });
      await rename(source, location).catch(async (error: NodeJS.ErrnoException) => {
        // DATA_DIR/uploads and the files folder on different disks: copy beside the target, then rename.
        if (error.code !== 'EXDEV') throw error;
        const temporary = `${location}.${process.pid}.tmp`;
        await copyFile(source, temporary);
        await rename(temporary, location);
        await rm(source, { force: true });
      });
    },
  };
}

/** Reads a local file's bytes, or undefined when it is not there. */
export async function readLocalFile(dir: string, storageKey: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path.join(path.resolve(dir), ...storageKey.split('/')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
