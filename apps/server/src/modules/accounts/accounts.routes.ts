import {
  accountDataSchema,
  accountPreferencesSchema,
  customerLookupResponseSchema,
  trackDownloadRequestSchema,
  trackDownloadResponseSchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import type { AccessTokenVerifier } from './access-token';
import type { AccountsService } from './accounts.service';
import { signedInCaller, signedInOnly } from './signed-in';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  verifier: AccessTokenVerifier;
}

/**
 * The signed-in account area (docs/behaviour/account.md#account-api): every route takes a bearer access token for
 * the store API and answers only about the token's verified email.
 *
 * - `POST /api/account/lookup`, `POST /lookup`: checkout prefill (customer_info, or error + profile names)
 * - `GET /api/account`: orders, licences, files and totals; 404 'No orders found'
 * - `POST /api/track-download`: {product_id, version, order_id} of one of the caller's orders
 * - `GET`, `PUT /api/account/preferences`: {releaseEmails}, the caller's mail choices
 */
export async function accountsRoutes(fastify: FastifyInstance, options: AccountsRoutesOptions) {
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Authorization');
  });
  // Every route of this plugin, and of the plugins inside it, is signed-in only.
  await fastify.register(signedInOnly, { verifier: options.verifier });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
    const route = { schema: { response: { 200: customerLookupResponseSchema } } };
    const handler = async (request: FastifyRequest) => options.accounts.lookup(signedInCaller(request));
    lookup.post('/api/account/lookup', route, handler);
    lookup.post('/lookup', route, handler);
  });

  app.get('/api/account', { schema: { response: { 200: accountDataSchema } } }, async (request) => {
    const data = await options.accounts.account(signedInCaller(request));
    if (!data) throw notFound('No orders found');
    return data;
  });

  app.post(
    '/api/track-download',
    { config: { input: 'download report' }, schema: { body: trackDownloadRequestSchema, response: { 200: trackDownloadResponseSchema } } },
    async (request) => {
      const recorded = await options.accounts.trackDownload(signedInCaller(request), request.body);
      if (!recorded) throw notFound('Your account has no such order, product or version.');
      return recorded;
    },
  );

  app.get('/api/account/preferences', { schema: { response: { 200: accountPreferencesSchema } } }, (request) =>
    options.accounts.preferences(signedInCaller(request)),
  );

  app.put(
    '/api/account/preferences',
    { config: { input: 'mail preferences' }, schema: { body: accountPreferencesSchema, response: { 200: accountPreferencesSchema } } },
    (request) => options.accounts.setPreferences(signedInCaller(request), request.body),
  );
}
