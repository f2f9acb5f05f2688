import { accountLicenceMachinesSchema, accountMachineParamsSchema, deactivateResponseSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/http-error.ts';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import { signedInCaller, signedInOnly } from '#server/modules/accounts/signed-in.ts';
import { LicensingRefusal, type LicensingService } from './licensing.service';

export interface AccountLicencesRoutesOptions {
  licensing: LicensingService;
  verifier: AccessTokenVerifier;
}

/**
 * The account's licence panel (docs/behaviour/licensing.md#the-account), signed in only, about the
 * token's verified email:
 *
 * - `GET /api/account/licences`: each licence with its computers and deactivations left
 * - `DELETE /api/account/licences/{licenseKey}/machines/{machineId}`: frees a computer (another shopper's key is a 404)
 */
export async function accountLicencesRoutes(fastify: FastifyInstance, options: AccountLicencesRoutesOptions) {
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Authorization');
  });
  await fastify.register(signedInOnly, { verifier: options.verifier });
  fastify.setErrorHandler((error) => {
    throw error instanceof LicensingRefusal ? new HttpError(error.code === 'TOO_MANY_DEACTIVATIONS' ? 409 : 404, error.message) : error;
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { licensing } = options;

  app.get('/api/account/licences', { schema: { response: { 200: accountLicenceMachinesSchema } } }, async (request) => {
    const customerId = await licensing.customerIdByEmail(signedInCaller(request).email);
    return customerId === undefined ? { licenses: [] } : licensing.licencesOf(customerId);
  });

  app.delete(
    '/api/account/licences/:licenseKey/machines/:machineId',
    { config: { input: 'computer' }, schema: { params: accountMachineParamsSchema, response: { 200: deactivateResponseSchema } } },
    async (request) => {
      const customerId = await licensing.customerIdByEmail(signedInCaller(request).email);
      if (customerId === undefined) throw new HttpError(404, 'Your account has no such licence.');
      return licensing.deactivateFromAccount(customerId, request.params.licenseKey, request.params.machineId);
    },
  );
}
