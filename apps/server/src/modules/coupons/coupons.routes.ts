import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { couponCreateSchema, couponDetailSchema, couponListSchema, couponParamsSchema, couponUpdateSchema } from '@store/contracts/admin';
import { administrator } from '#server/modules/access/admin-only.ts';
import type { CouponAdminService } from './coupons-admin.service';

/**
 * The back office's coupons (inside the admin scope): `GET /coupons`, `GET /coupons/{couponId}`,
 * `POST /coupons`, `PUT /coupons/{couponId}` and `POST /coupons/{couponId}/expire`. No delete:
 * redemptions and orders refer to a coupon; expiring one ends it.
 */
export async function couponAdminRoutes(fastify: FastifyInstance, { coupons }: { coupons: CouponAdminService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = couponParamsSchema;

  app.get('/coupons', { schema: { response: { 200: couponListSchema } } }, () => coupons.list());

  app.get('/coupons/:couponId', { config: { input: 'coupon id' }, schema: { params, response: { 200: couponDetailSchema } } }, (request) =>
    coupons.get(request.params.couponId),
  );

  app.post('/coupons', { config: { input: 'coupon' }, schema: { body: couponCreateSchema, response: { 201: couponDetailSchema } } }, async (request, reply) =>
    reply.code(201).send(await coupons.create(administrator(request), request.body)),
  );

  app.put(
    '/coupons/:couponId',
    { config: { input: 'coupon' }, schema: { params, body: couponUpdateSchema, response: { 200: couponDetailSchema } } },
    (request) => coupons.update(administrator(request), request.params.couponId, request.body),
  );

  app.post('/coupons/:couponId/expire', { config: { input: 'coupon id' }, schema: { params, response: { 200: couponDetailSchema } } }, (request) =>
    coupons.expire(administrator(request), request.params.couponId),
  );
}
