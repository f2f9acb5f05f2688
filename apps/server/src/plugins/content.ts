import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureLandingMidi } from '../modules/content/content-files';

/**
 * Serves `DATA_DIR/content` (the landing page's sample MIDI) under /content/, generating the
 * landing MIDI first when it is missing.
 */
export const contentPlugin = fp(async (app: FastifyInstance, { contentDir }: { contentDir: string }) => {
  await ensureLandingMidi(contentDir);
  await app.register(fastifyStatic, {
    root: contentDir,
    prefix: '/content/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Not hashed: a replaced file shows within the hour.
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=3600'),
  });
});
