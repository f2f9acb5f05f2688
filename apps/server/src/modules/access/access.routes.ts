import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessStatusSchema, adminSelfSchema, administratorListSchema, administratorParamsSchema, grantAdminRequestSchema } from '@store/contracts/admin';
import { z } from 'zod';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import { signedInCaller, signedInOnly } from '#server/modules/accounts/signed-in.ts';
import type { AccessService } from './access.service';
import { administrator } from './admin-only';

/**
 * Inside the admin scope: `GET /me` (who the back office talks to), and the administrators:
 * `GET /administrators`, `POST /administrators` {email}, `DELETE /administrators/{email}`.
 */
export async function accessRoutes(fastify: FastifyInstance, { access }: { access: AccessService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me', { schema: { response: { 200: adminSelfSchema } } }, async (request) => {
    const { email, source } = administrator(request);
    return { email, source };
  });

  app.get('/administrators', { schema: { response: { 200: administratorListSchema } } }, () => access.administrators());

  app.post(
    '/administrators',
    { config: { input: 'administrator' }, schema: { body: grantAdminRequestSchema, response: { 201: z.null() } } },
    async (request, reply) => {
      await access.grant(administrator(request), request.body.email);
      return reply.code(201).send(null);
    },
  );

  app.delete(
    '/administrators/:email',
    { config: { input: 'administrator' }, schema: { params: administratorParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await access.revoke(administrator(request), request.params.email.toLowerCase());
      return reply.code(204).send(null);
    },
  );
}

/** `GET /api/access` (signed in, outside the admin scope): `{ administrator }`, so the header knows whether to offer 'Admin'. */
export async function accessStatusRoutes(fastify: FastifyInstance, { access, verifier }: { access: AccessService; verifier: AccessTokenVerifier }) {
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Authorization');
  });
  await fastify.register(signedInOnly, { verifier });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/access', { schema: { response: { 200: accessStatusSchema } } }, async (request) => ({
    administrator: (await access.adminSource(signedInCaller(request))) !== null,
  }));
}
