import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '#server/lib/http-error.ts';
import { InvalidTokenError, type AccessTokenVerifier } from './access-token';
import type { VerifiedCaller } from './accounts.service';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;
const CALLER = 'caller';

/**
 * The caller of a request carrying an Authorization header: a valid bearer access token for the
 * store API with a confirmed email, or an error (401 invalid or expired, 403 unconfirmed email,
 * 503 when the token cannot be checked).
 */
async function verifiedCaller(request: FastifyRequest, reply: FastifyReply, verifier: AccessTokenVerifier): Promise<VerifiedCaller> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) {
    reply.header('www-authenticate', 'Bearer');
    throw new HttpError(401, 'Sign in first: this needs an access token (Authorization: Bearer …).');
  }
  let who;
  try {
    who = await verifier.verify(match[1]!);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      request.log.debug({ reason: error.reason }, 'access token refused');
      reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${error.message}"`);
      throw new HttpError(401, error.message);
    }
    request.log.error({ err: error }, 'access token could not be checked');
    throw new HttpError(503, 'The sign-in service cannot be reached right now. Please try again in a moment.');
  }
  if (!who.emailVerified || !who.email) {
    throw new HttpError(403, 'Please confirm your email address first: open the link we emailed you when you signed up, then sign in again.');
  }
  return who as VerifiedCaller;
}

/**
 * Makes the scope it is registered in signed-in only: every request to a route of that scope
 * (and of the scopes inside it) must carry a valid bearer access token for the store API with
 * a confirmed email, checked before its body is read. A route added there cannot be public by
 * forgetting a call; a public route belongs in another scope.
 */
export const signedInOnly = fp<{ verifier: AccessTokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest(CALLER, null);
    app.addHook('onRequest', async (request, reply) => {
      request.setDecorator(CALLER, await verifiedCaller(request, reply, verifier));
    });
  },
  { name: 'signed-in-only' },
);

/**
 * Makes signing in optional in the scope it is registered in: a request without an Authorization
 * header is anonymous; one with a header is checked exactly as in a signed-in-only scope (a bad
 * token is refused, never treated as anonymous, so a shopper learns their session ended).
 */
export const signedInIfPresent = fp<{ verifier: AccessTokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest(CALLER, null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization === undefined) return;
      request.setDecorator(CALLER, await verifiedCaller(request, reply, verifier));
    });
  },
  { name: 'signed-in-if-present' },
);

/** The caller the scope's hook verified; throws (a 500) in a route outside a signed-in scope. */
export function signedInCaller(request: FastifyRequest): VerifiedCaller {
  return request.getDecorator<VerifiedCaller>(CALLER);
}

/** The caller verified by a `signedInIfPresent` scope, or null for an anonymous request. */
export function optionalCaller(request: FastifyRequest): VerifiedCaller | null {
  return request.getDecorator<VerifiedCaller | null>(CALLER);
}
