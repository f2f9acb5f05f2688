import { trackDownloadRequestSchema } from '@store/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound, parseInput } from '../../lib/http-error';
import { InvalidTokenError, type AccessTokenVerifier } from './access-token';
import type { AccountsService, VerifiedCaller } from './accounts.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  verifier: AccessTokenVerifier;
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/**
 * The signed-in account area (docs/behaviour/account.md#account-api): every route takes a bearer access token for
 * the store API and answers only about the token's verified email.
 *
 * - `POST /api/account/lookup`, `POST /lookup`: checkout prefill (customer_info, or error + profile names)
 * - `GET /api/account`: orders, licences, files and totals; 404 'No orders found'
 * - `POST /api/track-download`: {product_id, version, order_id} of one of the caller's orders
 */
export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Authorization');
  });

  const caller = (request: FastifyRequest, reply: FastifyReply) => verifiedCaller(request, reply, options.verifier);

  await app.register(async (lookup) => {
    // The web app sends an empty JSON body, or none at all: both are fine here.
    lookup.removeContentTypeParser('application/json');
    lookup.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      if ((body as string).trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      }
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => options.accounts.lookup(await caller(request, reply));
    lookup.post('/api/account/lookup', handler);
    lookup.post('/lookup', handler);
  });

  app.get('/api/account', async (request, reply) => {
    const data = await options.accounts.account(await caller(request, reply));
    if (!data) throw notFound('No orders found');
    return data;
  });

  app.post('/api/track-download', async (request, reply) => {
    const who = await caller(request, reply);
    const input = parseInput(trackDownloadRequestSchema, request.body, 'download report');
    const recorded = await options.accounts.trackDownload(who, input);
    if (!recorded) throw notFound('Your account has no such order, product or version.');
    return recorded;
  });
}

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
