import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminSelf } from '@store/contracts/admin';
import { HttpError } from '#server/lib/http-error.ts';
import { signedInCaller, signedInOnly } from '#server/modules/accounts/signed-in.ts';
import type { VerifiedCaller } from '#server/modules/accounts/accounts.service.ts';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import type { AccessService } from './access.service';

const ADMIN_SOURCE = 'adminSource';

export const NOT_AN_ADMINISTRATOR =
  'This part of the store is for its administrators. If you run the store, sign in with an address named in ADMIN_EMAILS, or ask an administrator to give your account the role.';

/**
 * Makes the scope it is registered in administrators only: the caller is signed in (the same
 * bearer check as the account area: 401, 403 or 503) and an administrator (403 otherwise),
 * checked before a body is read. Every route of the scope, and of the plugins registered inside
 * it, is covered, so a back-office route cannot be public by forgetting a call.
 */
export const adminOnly = fp<{ verifier: AccessTokenVerifier; access: AccessService }>(
  async (app: FastifyInstance, { verifier, access }) => {
    await app.register(signedInOnly, { verifier });
    app.decorateRequest(ADMIN_SOURCE, null);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'Authorization');
      const source = await access.adminSource(signedInCaller(request));
      if (!source) throw new HttpError(403, NOT_AN_ADMINISTRATOR);
      request.setDecorator(ADMIN_SOURCE, source);
    });
  },
  { name: 'admin-only', dependencies: [] },
);

/** The administrator making the request (in a scope guarded by `adminOnly`). */
export function administrator(request: FastifyRequest): VerifiedCaller & { source: AdminSelf['source'] } {
  return { ...signedInCaller(request), source: request.getDecorator<AdminSelf['source']>(ADMIN_SOURCE) };
}
