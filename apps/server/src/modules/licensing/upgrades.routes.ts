import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { upgradeCouponRequestSchema, upgradeCouponResponseSchema } from '@store/contracts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import type { UpgradesService } from './upgrades.service';

export interface UpgradesRoutesOptions {
  upgrades: UpgradesService;
  /** Requests per address in each window: every answer tells whether a key exists, so guessing is bounded. */
  requestsPerWindow: number;
  windowMs: number;
}

/**
 * `POST /api/licensing/upgrade-coupons`: an old licence key for a one-time coupon on the product
 * (201 when made now, 200 when the key had it already). No session: the key is the credential.
 */
export async function upgradesRoutes(fastify: FastifyInstance, { upgrades, requestsPerWindow, windowMs }: UpgradesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/licensing/upgrade-coupons',
    {
      config: { input: 'upgrade request', rateLimit: sharedRateLimit('upgrade-coupons', requestsPerWindow, windowMs) },
      schema: { body: upgradeCouponRequestSchema, response: { 200: upgradeCouponResponseSchema, 201: upgradeCouponResponseSchema } },
    },
    async (request, reply) => {
      const { created, ...coupon } = await upgrades.requestCoupon(request.body);
      return reply.code(created ? 201 : 200).send(coupon);
    },
  );
}
