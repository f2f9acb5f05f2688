import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  complimentaryLicenceCreatedSchema,
  complimentaryLicenceCreateSchema,
  complimentaryProductsSchema,
  licenceDetailSchema,
  licenceExtendTrialSchema,
  licenceListQuerySchema,
  licenceListSchema,
  licenceMachineParamsSchema,
  licenceParamsSchema,
  licenceRevokeSchema,
} from '@store/contracts/admin';
import { administrator } from '#server/modules/access/admin-only.ts';
import type { LicenceDeskService } from './licence-desk.service';

/**
 * The licence desk (inside the admin scope): `GET /licences`, `GET /licences/{licenceId}`, its
 * actions (free a computer, revoke, restore, extend a trial) and complimentary licences.
 */
export async function licenceDeskRoutes(fastify: FastifyInstance, { desk }: { desk: LicenceDeskService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = licenceParamsSchema;
  const detail = { 200: licenceDetailSchema };

  app.get(
    '/licences',
    { config: { input: 'licence search' }, schema: { querystring: licenceListQuerySchema, response: { 200: licenceListSchema } } },
    (request) => desk.list(request.query),
  );

  app.get('/licences/complimentary/products', { schema: { response: { 200: complimentaryProductsSchema } } }, () => desk.complimentaryProducts());

  app.post(
    '/licences/complimentary',
    { config: { input: 'complimentary licence' }, schema: { body: complimentaryLicenceCreateSchema, response: { 201: complimentaryLicenceCreatedSchema } } },
    async (request, reply) => reply.code(201).send(await desk.issueComplimentary(administrator(request), request.body)),
  );

  app.get('/licences/:licenceId', { config: { input: 'licence id' }, schema: { params, response: detail } }, (request) => desk.get(request.params.licenceId));

  app.post(
    '/licences/:licenceId/machines/:machineId/free',
    { config: { input: 'computer' }, schema: { params: licenceMachineParamsSchema, response: detail } },
    (request) => desk.freeMachine(administrator(request), request.params.licenceId, request.params.machineId),
  );

  app.post('/licences/:licenceId/revoke', { config: { input: 'revocation' }, schema: { params, body: licenceRevokeSchema, response: detail } }, (request) =>
    desk.revoke(administrator(request), request.params.licenceId, request.body.reason),
  );

  app.post('/licences/:licenceId/restore', { config: { input: 'licence id' }, schema: { params, response: detail } }, (request) =>
    desk.restore(administrator(request), request.params.licenceId),
  );

  app.post(
    '/licences/:licenceId/extend-trial',
    { config: { input: 'trial extension' }, schema: { params, body: licenceExtendTrialSchema, response: detail } },
    (request) => desk.extendTrial(administrator(request), request.params.licenceId, request.body),
  );
}
