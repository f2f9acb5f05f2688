import type { Readable } from 'node:stream';
import {
  productMediaTargetSchema,
  releaseFileTargetSchema,
  uploadMetadataSchema,
  type CompleteUploadResponse,
  type ReleaseFile,
  type UploadMetadata,
} from '@store/contracts/admin';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import type { ReleaseFiles } from '#server/modules/catalog/admin/release-files.ts';
import type { FileStorage } from '#server/modules/files/file-storage.ts';
import { removeFiles, storeProductMedia } from './media-files';
import { SNIFF_BYTES } from './media-kind';
import { UPLOAD_LIFETIME_MS, type UploadArea } from './upload-area';
import { createUploadsRepository, type UploadRow } from './uploads.repository';

export interface UploadsServiceOptions {
  db: Database;
  area: UploadArea;
  /** Where sold files are kept; a finished release file is moved there. */
  storage: FileStorage;
  /** The catalogue's release files, on the database or a transaction (wired in app.ts). */
  releaseFiles: (db: Database) => ReleaseFiles;
  /** `DATA_DIR/media`, served under /media/. */
  mediaDir: string;
  maxBytes: number;
  /** After a release file was saved: the storefront's cached answers (sizes, files) may be stale. */
  onCatalogChanged?: () => void;
  now?: () => Date;
}

/** The upload was never started, finished and was turned into a file, or expired and was swept. */
const UNKNOWN_UPLOAD = 'This upload is not known: it was completed, cancelled, or not resumed within 24 hours. Choose the file and upload it again.';

/**
 * Resumable uploads for the back office: each is checked when it is created (what it is for,
 * its size), belongs to the administrator who started it, and once its last byte has arrived
 * is turned into what it was for: a release's downloadable file or a product page's media item.
 */
export function createUploadsService(options: UploadsServiceOptions) {
  const { db, area } = options;
  const repository = createUploadsRepository(db);
  const now = options.now ?? (() => new Date());

  /** The caller's upload: 404 when there is none, 403 when another administrator started it, 410 when it expired. */
  async function ownUpload(owner: string, id: string): Promise<UploadRow> {
    const row = await repository.find(id);
    if (!row) throw new HttpError(404, UNKNOWN_UPLOAD);
    if (row.owner !== owner) throw new HttpError(403, `Another administrator (${row.owner}) started this upload; only they can continue or complete it.`);
    if (row.expiresAt <= now()) throw new HttpError(410, 'This upload was not finished within 24 hours and has expired. Choose the file and upload it again.');
    return row;
  }

  async function checkTarget(metadata: UploadMetadata) {
    const catalog = options.releaseFiles(db);
    if (metadata.purpose === 'release-file') {
      if (!(await catalog.findRelease(metadata.productId, metadata.versionId))) {
        throw new HttpError(404, `Product ${metadata.productId} has no version ${metadata.versionId}. Reload the page: the version may have been deleted.`, {
          versionId: 'This version does not exist',
        });
      }
    } else if (!(await catalog.productExists(metadata.productId))) {
      throw new HttpError(404, `There is no product ${metadata.productId}. Reload the page: it may have been deleted.`, {
        productId: 'This product does not exist',
      });
    }
  }

  async function completeReleaseFile(actor: string, row: UploadRow): Promise<{ file: ReleaseFile }> {
    const target = releaseFileTargetSchema.parse(row.target);
    const release = await options.releaseFiles(db).findRelease(target.productId, target.versionId);
    if (!release) throw new HttpError(404, `The version this file was uploaded for no longer exists. Upload it again for another version.`);
    const storageKey = `${release.productPath}/${release.version}/${row.filename}`;
    const file = await db.transaction(async (tx) => {
      if (!(await createUploadsRepository(tx).findForUpdate(row.id))) throw new HttpError(404, UNKNOWN_UPLOAD);
      const { before, after } = await options.releaseFiles(tx).replaceFile({
        versionId: target.versionId,
        os: target.os,
        format: target.format,
        filename: row.filename,
        storageKey,
        sizeBytes: row.sizeBytes,
        sha256: row.sha256!,
      });
      await auditOn(tx).record({ actor, action: 'release-file.upload', subjectType: 'release-file', subjectId: after.id, before, after });
      await createUploadsRepository(tx).delete(row.id);
      // Last: when the move fails, the rows above roll back and the upload can be completed again.
      await options.storage.adopt(storageKey, area.location(row.id));
      return after;
    });
    await area.discard(row.id);
    options.onCatalogChanged?.();
    return { file: { id: file.id, os: target.os, format: target.format, filename: file.filename, sizeBytes: file.sizeBytes, sha256: file.sha256 } };
  }

  async function completeProductMedia(actor: string, row: UploadRow) {
    const { productId } = productMediaTargetSchema.parse(row.target);
    if (!(await options.releaseFiles(db).productExists(productId))) throw new HttpError(404, `The product this file was uploaded for no longer exists.`);
    let stored: Awaited<ReturnType<typeof storeProductMedia>>;
    try {
      stored = await storeProductMedia({
        mediaDir: options.mediaDir,
        productId,
        filename: row.filename,
        sizeBytes: row.sizeBytes,
        head: await readHead(await area.read(row.id)),
        open: () => area.read(row.id),
      });
    } catch (error) {
      // A file that is not media never will be: nothing of it is kept.
      if (error instanceof HttpError && error.statusCode === 400) await discard(row.id);
      throw error;
    }
    try {
      await db.transaction(async (tx) => {
        if (!(await createUploadsRepository(tx).findForUpdate(row.id))) throw new HttpError(404, UNKNOWN_UPLOAD);
        await auditOn(tx).record({ actor, action: 'product-media.upload', subjectType: 'product', subjectId: productId, after: stored.mediaItem });
        await createUploadsRepository(tx).delete(row.id);
      });
    } catch (error) {
      await removeFiles(stored.files);
      throw error;
    }
    await area.discard(row.id);
    return { mediaItem: stored.mediaItem };
  }

  async function discard(id: string) {
    await area.discard(id);
    await repository.delete(id);
  }

  return {
    limits: () => ({ maxBytes: options.maxBytes }),

    /** Checks a new upload's metadata and target and records it; called before the tus store creates it. */
    async begin(owner: string, upload: { id: string; size: number | undefined; metadata: Record<string, string | null> | undefined }) {
      const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'metadata', issue.message]));
        const problems = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
        throw new HttpError(400, `Invalid upload: ${problems.join('; ')}`, fields);
      }
      if (upload.size === undefined) throw new HttpError(400, 'Send the file’s size (Upload-Length) when the upload is created.');
      if (upload.size === 0) throw new HttpError(400, 'This file is empty. Choose the file you meant to upload.', { file: 'The file is empty' });
      await checkTarget(parsed.data);
      const { purpose, filename, contentType, ...target } = parsed.data;
      await repository.create({
        id: upload.id,
        purpose,
        owner,
        filename,
        contentType,
        sizeBytes: upload.size,
        // The tus store's own key for the bytes until they become what they were for.
        storageKey: upload.id,
        target,
        expiresAt: new Date(now().getTime() + UPLOAD_LIFETIME_MS),
      });
    },

    /** Before a tus HEAD, PATCH or DELETE: the caller may continue this upload. */
    async checkOwner(owner: string, id: string): Promise<void> {
      await ownUpload(owner, id);
    },

    received: (id: string, offset: number) => repository.recordReceived(id, offset),
    finished: (id: string, sha256: string) => repository.markComplete(id, sha256),
    removed: async (id: string) => void (await repository.delete(id)),

    /** Turns the caller's finished upload into what it was for, with its audit record. */
    async complete(actor: string, id: string): Promise<CompleteUploadResponse> {
      const row = await ownUpload(actor, id);
      if (row.status !== 'complete' || !row.sha256) {
        throw new HttpError(409, `This upload has not finished: ${row.receivedBytes} of ${row.sizeBytes} bytes have arrived. Resume it, then complete it.`);
      }
      return row.purpose === 'release-file' ? completeReleaseFile(actor, row) : completeProductMedia(actor, row);
    },

    /** Deletes uploads not finished (or not completed) within their 24 hours, and their bytes. */
    async sweep(): Promise<number> {
      const expired = await repository.listExpired(now());
      for (const row of expired) await discard(row.id);
      return expired.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** The first bytes of a stream (what a file is is read from them), then the stream is closed. */
async function readHead(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= SNIFF_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}
