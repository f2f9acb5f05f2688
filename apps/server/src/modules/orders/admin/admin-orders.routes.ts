import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmationResentSchema,
  orderDetailSchema,
  orderFiltersSchema,
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
  refundCreatedSchema,
  refundCreateSchema,
} from '@store/contracts/admin';
import { csvAttachment } from '#server/lib/csv.ts';
import { administrator } from '#server/modules/access/admin-only.ts';
import { sendError } from '#server/plugins/errors.ts';
import { RefundNotSentError, type AdminOrdersService } from './admin-orders.service';

/**
 * The back office's orders (inside the admin scope): `GET /orders`, `GET /orders/export.csv`,
 * `GET /orders/{orderId}`, `POST /orders/{orderId}/confirmation-email` and `POST /orders/{orderId}/refunds`.
 */
export async function adminOrdersRoutes(fastify: FastifyInstance, { orders }: { orders: AdminOrdersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = orderParamsSchema;

  app.get('/orders', { config: { input: 'order search' }, schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, (request) =>
    orders.list(request.query),
  );

  app.get('/orders/export.csv', { config: { input: 'order search' }, schema: { querystring: orderFiltersSchema } }, (request, reply) => {
    const { from, to } = request.query;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvAttachment(`orders-${from ?? 'first'}-${to ?? 'last'}.csv`))
      .header('cache-control', 'no-store')
      .send(orders.exportCsv(request.query));
  });

  app.get('/orders/:orderId', { config: { input: 'order id' }, schema: { params, response: { 200: orderDetailSchema } } }, (request) =>
    orders.detail(request.params.orderId),
  );

  app.post(
    '/orders/:orderId/confirmation-email',
    { config: { input: 'order id' }, schema: { params, response: { 200: confirmationResentSchema } } },
    (request) => orders.resendConfirmation(administrator(request), request.params.orderId),
  );

  app.post(
    '/orders/:orderId/refunds',
    { config: { input: 'refund' }, schema: { params, body: refundCreateSchema, response: { 202: refundCreatedSchema } } },
    async (request, reply) => {
      try {
        return reply.code(202).send(await orders.requestRefund(administrator(request), request.params.orderId, request.body));
      } catch (error) {
        // The provider's refusal is the answer the administrator needs, not an internal fault to hide.
        if (error instanceof RefundNotSentError) {
          request.log.warn({ orderId: request.params.orderId, reason: error.message }, 'the payment provider refused a refund');
          return sendError(reply, 502, error.message);
        }
        throw error;
      }
    },
  );
}
