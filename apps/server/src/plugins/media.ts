import { createReadStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** `/media/covers/<path>.<width>.webp`: a seed cover's rendition (modules/catalog/seed/cover-files.ts). */
const COVER_RENDITION = /^\/media\/covers\/([a-z0-9-]+)\.\d+\.webp$/;

/** Serves `DATA_DIR/media` (cover art and product media) under /media/. */
export const mediaPlugin = fp(async (app: FastifyInstance, { mediaDir }: { mediaDir: string }) => {
  mkdirSync(mediaDir, { recursive: true });
  // In a scope of its own, so only /media/ requests pay for the hook (an async hook on every
  // request cost the catalogue API a measurable share of its throughput).
  await app.register(async (media) => {
    media.addHook('onRequest', async (request, reply) => svgWhileRendering(request, reply, mediaDir));
    await media.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=86400'),
    });
  });
});

/**
 * A seed cover's WebPs are rendered after the store starts serving: until a rendition exists,
 * its URL answers with the cover's SVG, not cached, so the page shows the same cover meanwhile
 * and the browser asks again for the WebP later.
 */
async function svgWhileRendering(request: FastifyRequest, reply: FastifyReply, mediaDir: string) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const productPath = COVER_RENDITION.exec(request.url)?.[1];
  if (!productPath) return;
  const file = (name: string) => stat(path.join(mediaDir, 'covers', name)).catch(() => undefined);
  if (await file(request.url.slice('/media/covers/'.length))) return;
  const svgName = `${productPath}.svg`;
  if (!(await file(svgName))) return;
  return reply
    .header('cache-control', 'no-store')
    .type('image/svg+xml')
    .send(createReadStream(path.join(mediaDir, 'covers', svgName)));
}
