import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound, parseInput } from '../../lib/http-error';
import type { DownloadsRepository } from './downloads.repository';
import { checkDownloadGrant } from './signed-download-url';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const downloadParams = z.object({ fileId: id });
const downloadQuery = z.object({
  entitlement: id,
  expires: z.coerce.number().int().positive().max(2 ** 40),
  signature: z.string().min(1).max(100),
});

export interface DownloadsRoutesOptions {
  downloads: DownloadsRepository;
  signingSecret: string;
  /** `DATA_DIR/files`: storage keys are paths below it. */
  filesDir: string;
}

export async function downloadsRoutes(app: FastifyInstance, options: DownloadsRoutesOptions) {
  const root = path.resolve(options.filesDir);

  app.get('/api/downloads/:fileId', async (request, reply) => {
    const { fileId } = parseInput(downloadParams, request.params, 'download link');
    const query = parseInput(downloadQuery, request.query, 'download link');
    const grant = { fileId, entitlementId: query.entitlement, expires: query.expires };
    const check = checkDownloadGrant(options.signingSecret, grant, query.signature);
    if (check === 'invalid') throw new HttpError(403, 'This download link is not valid. Copy the whole link from your email, or sign in to download.');
    if (check === 'expired') throw new HttpError(410, 'This download link has expired. Sign in with the email address you bought with to download again.');

    const file = await options.downloads.findEntitledFile(fileId, query.entitlement);
    if (!file) throw notFound('This download is no longer available. Sign in to see your current downloads, or contact support.');
    const location = path.resolve(root, file.storageKey);
    if (!location.startsWith(root + path.sep)) throw notFound('This download is no longer available.');
    const info = await stat(location).catch(() => undefined);
    if (!info?.isFile()) {
      request.log.error({ fileId, storageKey: file.storageKey }, 'a sold file is missing from storage');
      throw new HttpError(503, 'This file is temporarily unavailable. Please try again later or contact support.');
    }
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(info.size))
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-sha256', file.sha256)
      .send(createReadStream(location));
  });
}
