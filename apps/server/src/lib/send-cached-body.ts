import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './cached-body';

/** Answers with a pre-built body: 304 when the client's copy is current, else the best encoding it accepts. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, cacheControl: string) {
  reply.header('etag', cached.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(cached.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(cached.gzip);
  return reply.send(cached.json);
}

function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  return header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
