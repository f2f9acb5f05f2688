import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/http-error.ts';
import { attachmentDisposition } from '#server/modules/files/file-storage.ts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import { sketchFileForId, sketchFileName } from './song-seed/index';

/**
 * The file name is checked by the handler, not the schema: a wrong id is a sketch that does not
 * exist (404), not a malformed request.
 */
const sketchFileParamsSchema = z.object({ file: z.string() });
const SKETCH_FILE = /^([A-Za-z0-9_-]{1,200})\.mid$/;

/** The same id always makes the same bytes, so a sketch may be kept anywhere for as long as wanted. */
const SKETCH_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `GET /api/lyra/sketches/{id}.mid`: the Song Seed's MIDI file, made again from its id (docs/behaviour/lyra.md#song-seed). */
export async function lyraSketchRoutes(fastify: FastifyInstance, { filesPerMinute }: { filesPerMinute: number }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Each file is made again from its id, so its own budget, shared by every process, bounds that work.
  const config = { input: 'sketch file', rateLimit: sharedRateLimit('lyra-sketch-files', filesPerMinute) };
  app.get('/api/lyra/sketches/:file', { config, schema: { params: sketchFileParamsSchema } }, async (request, reply) => {
    const id = SKETCH_FILE.exec(request.params.file)?.[1];
    const sketch = id ? sketchFileForId(id) : null;
    if (!sketch) throw notFound('There is no sketch with this id. Ask Lyra for a new sketch, or copy the whole link of the one you made.');
    return reply
      .header('content-type', 'audio/midi')
      .header('content-disposition', attachmentDisposition(sketchFileName(sketch.title)))
      .header('cache-control', SKETCH_CACHE_CONTROL)
      .send(Buffer.from(sketch.bytes));
  });
}
