import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANALYTICS_BODY_LIMIT_BYTES, analyticsEventSchema } from '@store/contracts/analytics';
import { badRequest } from '#server/lib/http-error.ts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import { ForeignPageError, type AnalyticsService } from './analytics.service';

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
  /** Events one client address may send per minute, counted by all processes together. */
  eventsPerMinute: number;
}

/**
 * `POST /api/analytics/event`: public, so it defends itself (a small body, a strict schema, a
 * rate limit per address). Recorded or not, it answers 202 without a body: a page's script
 * learns nothing from it, and a shopper who asked not to be tracked looks like any other.
 */
export async function analyticsRoutes(fastify: FastifyInstance, { analytics, eventsPerMinute }: AnalyticsRoutesOptions) {
  // navigator.sendBeacon with a string sends text/plain: its body is read as the same JSON.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The request body is not valid JSON.'), undefined);
    }
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/analytics/event',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
      config: { input: 'analytics event', rateLimit: sharedRateLimit('analytics', eventsPerMinute) },
      schema: { body: analyticsEventSchema },
    },
    async (request, reply) => {
      try {
        await analytics.record(request.body, {
          address: request.ip,
          userAgent: request.headers['user-agent'],
          dnt: request.headers.dnt as string | undefined,
          gpc: request.headers['sec-gpc'] as string | undefined,
          now: new Date(),
        });
      } catch (error) {
        if (error instanceof ForeignPageError) throw badRequest(error.message);
        throw error;
      }
      return reply.code(202).header('cache-control', 'no-store').send();
    },
  );
}
