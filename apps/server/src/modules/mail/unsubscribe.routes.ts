import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ReleaseMail } from './release-mail';
import { brokenLinkPage, confirmUnsubscribePage, UNSUBSCRIBE_PAGE_CSP, unsubscribedPage } from './unsubscribe-page';

export interface UnsubscribeRoutesOptions {
  db: Database;
  releaseMail: ReleaseMail;
  storeName: string;
  publicUrl: string;
}

// Missing or malformed tokens reach the handler, which answers with the broken-link page (not a JSON error).
const tokenQuerySchema = z.object({ token: z.string().max(2000).optional() });
const unsubscribeFormSchema = z.object({ token: z.string().max(2000).optional(), 'List-Unsubscribe': z.string().max(100).optional() }).loose();

/**
 * The unsubscribe link of release emails (docs/behaviour/back-office.md#releases), public:
 * - `GET /api/mail/unsubscribe?token=`: a page with a button (mail scanners open links; only a person presses it)
 * - `POST /api/mail/unsubscribe`: the button's form (`token` in the body), or an RFC 8058 one-click
 *   request from the mail client (`?token=` in the URL, body `List-Unsubscribe=One-Click`). Idempotent.
 * A token this store did not sign gets a 400 page saying how to unsubscribe from the account instead.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance, options: UnsubscribeRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const site = { storeName: options.storeName, storeUrl: options.publicUrl };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Some mail clients send the one-click body as multipart; the token is in the URL then, so the body is not needed.
  app.addContentTypeParser('multipart/form-data', { bodyLimit: 4096 }, (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, {}));
    payload.on('error', (error) => done(error, undefined));
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
      .send(body);

  app.get('/api/mail/unsubscribe', { config: { input: 'unsubscribe link' }, schema: { querystring: tokenQuerySchema } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const email = options.releaseMail.readToken(token);
    if (!email) return html(reply, 400, brokenLinkPage(site));
    return html(reply, 200, confirmUnsubscribePage({ ...site, email, token }));
  });

  app.post(
    '/api/mail/unsubscribe',
    { config: { input: 'unsubscribe request' }, schema: { querystring: tokenQuerySchema, body: unsubscribeFormSchema.optional() } },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token ?? '';
      const email = options.releaseMail.readToken(token);
      if (!email) return html(reply, 400, brokenLinkPage(site));
      await options.releaseMail.setReleaseEmails(options.db, email, false);
      return html(reply, 200, unsubscribedPage({ ...site, email }));
    },
  );
}
