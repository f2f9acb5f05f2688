import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './cached-body';

/** Answers with a pre-built body: 304 when the client's copy is current, else the best encoding it accepts. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, cacheControl: string) {
  reply.header('etag', cached.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  return sendBestEncoding(request, reply, { plain: cached.json, gzip: cached.gzip, brotli: cached.brotli });
}

/** Sends the form of a pre-compressed body that the client accepts: Brotli, else gzip, else as it is. */
export function sendBestEncoding(request: FastifyRequest, reply: FastifyReply, body: { plain: Buffer; gzip: Buffer; brotli: Buffer }) {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.plain);
}

function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  return header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
