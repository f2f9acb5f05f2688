import { downloadParamsSchema, downloadQuerySchema } from '@store/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import { attachmentDisposition, type FileStorage } from '../files/file-storage';
import { parseByteRange } from './byte-range';
import { DOWNLOAD_PAGE_CSP, downloadErrorPage } from './download-error-page';
import type { DownloadsRepository } from './downloads.repository';
import { checkDownloadGrant } from './signed-download-url';

export interface DownloadsRoutesOptions {
  downloads: DownloadsRepository;
  signingSecret: string;
  /** Local files streamed by the store, or a bucket the answer redirects to. */
  storage: FileStorage;
  storeName: string;
  publicUrl: string;
  /** Whom a shopper whose purchase was refunded can write to. */
  supportEmail: string;
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
  refunded: {
    title: 'This purchase was refunded',
    message: 'This product was refunded, so its downloads and licence keys no longer work.',
  },
} as const;

type Refusal = keyof typeof REFUSED;

export async function downloadsRoutes(fastify: FastifyInstance, options: DownloadsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The answer is the file's bytes (or a redirect to them): there is no JSON body to declare.
  const schema = { params: downloadParamsSchema, querystring: downloadQuerySchema };
  app.get('/api/downloads/:fileId', { config: { input: 'download link' }, schema }, async (request, reply) => {
    const { fileId } = request.params;
    const query = request.query;
    const grant = { fileId, entitlementId: query.entitlement, expires: query.expires };
    const check = checkDownloadGrant(options.signingSecret, grant, query.signature);
    if (check !== 'valid') return refuse(request, reply, check);

    const file = await options.downloads.findEntitledFile(fileId, query.entitlement);
    if (!file) throw notFound('This download is no longer available. Sign in to see your current downloads, or contact support.');
    // A refund takes the purchase back: a link signed before it, still within its time, opens nothing.
    if (file.refunded) return refuse(request, reply, 'refunded');
    const delivery = await options.storage.deliver(file);
    if (delivery.kind === 'missing') {
      request.log.error({ fileId, storageKey: file.storageKey }, 'a sold file is missing from storage');
      throw new HttpError(503, 'This file is temporarily unavailable. Please try again later or contact support.');
    }
    const etag = `"${file.sha256}"`;
    reply
      .header('cache-control', 'private, no-store')
      // The hash of the whole file, also on a partial answer or a redirect: check it once the download is complete.
      .header('x-content-sha256', file.sha256);
    // A bucket serves the bytes itself (Range included) from a presigned URL that works for minutes.
    if (delivery.kind === 'redirect') return reply.redirect(delivery.url, 302);

    const size = delivery.size;
    reply.header('content-disposition', attachmentDisposition(file.filename)).header('accept-ranges', 'bytes').header('etag', etag);
    // A resumed download continues only if the file is still the one it started (If-Range).
    const ifRange = request.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? parseByteRange(request.headers.range, size) : { kind: 'whole' as const };
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, `The requested range is outside the file (${size} bytes).`);
    }
    reply.header('content-type', 'application/octet-stream');
    if (range.kind === 'partial') {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(delivery.open({ start: range.start, end: range.end }));
    }
    return reply.header('content-length', String(size)).send(delivery.open());
  });

  /** 403 for an altered, expired or refunded link: a page for a person, JSON for a program. */
  function refuse(request: FastifyRequest, reply: FastifyReply, check: Refusal) {
    const { title } = REFUSED[check];
    const message =
      check === 'refunded' ? `${REFUSED.refunded.message} If you think this is a mistake, write to ${options.supportEmail}.` : REFUSED[check].message;
    if (!(request.headers.accept ?? '').includes('text/html')) throw new HttpError(403, message);
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .header('content-security-policy', DOWNLOAD_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(downloadErrorPage({ storeName: options.storeName, storeUrl: options.publicUrl, title, message, signInHint: check !== 'refunded' }));
  }
}
