import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound, parseInput } from '../../lib/http-error';
import { parseByteRange } from './byte-range';
import { DOWNLOAD_PAGE_CSP, downloadErrorPage } from './download-error-page';
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
  storeName: string;
  publicUrl: string;
}

const REFUSED = {
  invalid: {
    title: 'This download link is not valid',
    message: 'This download link is not valid: it may have been copied only in part. Copy the whole link from your email, or sign in to download.',
  },
  expired: {
    title: 'This download link has expired',
    message: 'This download link has expired. Links in emails work for 30 days and links in your account for 24 hours.',
  },
} as const;

export async function downloadsRoutes(app: FastifyInstance, options: DownloadsRoutesOptions) {
  const root = path.resolve(options.filesDir);

  app.get('/api/downloads/:fileId', async (request, reply) => {
    const { fileId } = parseInput(downloadParams, request.params, 'download link');
    const query = parseInput(downloadQuery, request.query, 'download link');
    const grant = { fileId, entitlementId: query.entitlement, expires: query.expires };
    const check = checkDownloadGrant(options.signingSecret, grant, query.signature);
    if (check !== 'valid') return refuse(request, reply, check);

    const file = await options.downloads.findEntitledFile(fileId, query.entitlement);
    if (!file) throw notFound('This download is no longer available. Sign in to see your current downloads, or contact support.');
    const location = path.resolve(root, file.storageKey);
    if (!location.startsWith(root + path.sep)) throw notFound('This download is no longer available.');
    const info = await stat(location).catch(() => undefined);
    if (!info?.isFile()) {
      request.log.error({ fileId, storageKey: file.storageKey }, 'a sold file is missing from storage');
      throw new HttpError(503, 'This file is temporarily unavailable. Please try again later or contact support.');
    }
    const etag = `"${file.sha256}"`;
    reply
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      // The hash of the whole file, also on a partial answer: check it once the download is complete.
      .header('x-content-sha256', file.sha256);
    // A resumed download continues only if the file is still the one it started (If-Range).
    const ifRange = request.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? parseByteRange(request.headers.range, info.size) : { kind: 'whole' as const };
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      throw new HttpError(416, `The requested range is outside the file (${info.size} bytes).`);
    }
    reply.header('content-type', 'application/octet-stream');
    if (range.kind === 'partial') {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(createReadStream(location, { start: range.start, end: range.end }));
    }
    return reply.header('content-length', String(info.size)).send(createReadStream(location));
  });

  /** 403 for an altered or expired link: a page for a person, JSON for a program. */
  function refuse(request: FastifyRequest, reply: FastifyReply, check: 'invalid' | 'expired') {
    const { title, message } = REFUSED[check];
    if (!(request.headers.accept ?? '').includes('text/html')) throw new HttpError(403, message);
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .header('content-security-policy', DOWNLOAD_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(downloadErrorPage({ storeName: options.storeName, storeUrl: options.publicUrl, title, message }));
  }
}
