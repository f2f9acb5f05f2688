import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lyraAnswerSchema, lyraQueryRequestSchema } from '@store/contracts/lyra';
import { notFound } from '#server/lib/http-error.ts';
import { UnknownInfluencerError, type LyraService } from './lyra.service';

export interface LyraRoutesOptions {
  lyra: LyraService;
  /** Questions one client may ask per minute, on top of the store's global limit. */
  queriesPerMinute: number;
}

/** Lyra's question call (docs/behaviour/lyra.md#answers). */
export async function lyraRoutes(fastify: FastifyInstance, { lyra, queriesPerMinute }: LyraRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/lyra/query',
    {
      config: { input: 'question', rateLimit: { max: queriesPerMinute, timeWindow: 60_000 } },
      schema: { body: lyraQueryRequestSchema, response: { 200: lyraAnswerSchema } },
    },
    async (request, reply) => {
      try {
        const answer = await lyra.query(request.body);
        reply.header('cache-control', 'no-store');
        return answer;
      } catch (error) {
        if (error instanceof UnknownInfluencerError) throw notFound(error.message);
        throw error;
      }
    },
  );
}
