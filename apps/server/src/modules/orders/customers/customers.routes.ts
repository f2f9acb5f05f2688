import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerDetailSchema,
  customerErasedSchema,
  customerEraseSchema,
  customerExportSchema,
  customerListQuerySchema,
  customerListSchema,
  customerParamsSchema,
} from '@store/contracts/admin';
import { csvAttachment } from '#server/lib/csv.ts';
import { administrator } from '#server/modules/access/admin-only.ts';
import type { CustomersAdminService } from './customers-admin.service';

/**
 * The back office's customers (inside the admin scope): `GET /customers`, `GET /customers/{id}`,
 * `GET /customers/{id}/export.json` (a download of everything the store holds about the person)
 * and `POST /customers/{id}/erase` (their right to be forgotten).
 */
export async function customerAdminRoutes(fastify: FastifyInstance, { customers }: { customers: CustomersAdminService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = customerParamsSchema;

  app.get(
    '/customers',
    { config: { input: 'customer search' }, schema: { querystring: customerListQuerySchema, response: { 200: customerListSchema } } },
    (request) => customers.list(request.query),
  );

  app.get('/customers/:customerId', { config: { input: 'customer id' }, schema: { params, response: { 200: customerDetailSchema } } }, (request) =>
    customers.get(request.params.customerId),
  );

  app.get(
    '/customers/:customerId/export.json',
    { config: { input: 'customer id' }, schema: { params, response: { 200: customerExportSchema } } },
    async (request, reply) => {
      const exported = await customers.export(administrator(request), request.params.customerId);
      // The file is named by the id only: the address stays out of download folders and proxies' logs.
      return reply.header('content-disposition', csvAttachment(`customer-${request.params.customerId}.json`)).send(exported);
    },
  );

  app.post(
    '/customers/:customerId/erase',
    { config: { input: 'erasure' }, schema: { params, body: customerEraseSchema, response: { 200: customerErasedSchema } } },
    (request) => customers.erase(administrator(request), request.params.customerId, request.body),
  );
}
