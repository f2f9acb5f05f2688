import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { z } from 'zod';
import {
  emailForm,
  fieldErrors,
  interactionParams,
  loginForm,
  parseUrlEncoded,
  resetForm,
  signupForm,
  tokenQuery,
  verifyEmailForm,
  type FormValues,
} from './identity-forms';
import { alignForwardedHeaders } from './forwarded-headers';
import type { IdentityService } from './identity.service';
import {
  checkInboxPage,
  errorPage,
  forgotPasswordPage,
  IDENTITY_ASSETS,
  loginPage,
  messagePage,
  resetPasswordPage,
  signupPage,
  verifyEmailNewPasswordPage,
  verifyEmailPage,
  type PageContext,
} from './pages';
import { IDP_MOUNT_PATH, IDP_SCOPES, loadOidcProvider } from './provider';

export interface IdpRoutesOptions {
  /** Built on first use (see embedded-identity.ts). */
  provider: () => Promise<Provider>;
  identity: IdentityService;
  page: PageContext;
  /** SESSION_SECRET: binds each form to its interaction. */
  formSecret: string;
  clientId: string;
  audience: string;
  /** Email-sending forms one client address may post per 15 minutes (default `IDP_RATE_LIMITS.email.max`). */
  emailFormsPer15Minutes?: number;
}

/** Per client address, on top of the global limit and the service's per-email limits. */
export const IDP_RATE_LIMITS = {
  login: { max: 20, timeWindow: 5 * 60_000 },
  email: { max: 10, timeWindow: 15 * 60_000 },
} as const;

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The embedded provider under `/idp`: oidc-provider's own endpoints (discovery, authorize,
 * token, jwks, userinfo, end session…) handed the raw request, and the store's interaction
 * pages (sign in, sign up, password reset, email confirmation) as ordinary routes.
 */
export async function idpRoutes(app: FastifyInstance, options: IdpRoutesOptions) {
  // Before any /idp route: the provider must see the client address Fastify trusted.
  app.addHook('onRequest', async (request) => alignForwardedHeaders(request));
  app.get('/idp/assets/:name', async (request, reply) => {
    const asset = IDENTITY_ASSETS[(request.params as { name: string }).name];
    if (!asset) return sendPage(reply, 404, errorPage(options.page, { title: 'Not found', message: 'There is nothing here.' }));
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(asset.type).send(asset.body);
  });
  await app.register(providerEndpoints, options);
  await app.register(interactionPages, options);
}

/**
 * Everything under /idp that is not ours goes to oidc-provider untouched: Fastify parses no
 * body here (the provider reads the stream itself, with its own size limit), and the reply is
 * hijacked after the store's security headers are copied onto it.
 */
async function providerEndpoints(app: FastifyInstance, { provider }: IdpRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  let callback: ReturnType<Provider['callback']> | undefined;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = hijack(reply);
    const req = request.raw as IncomingMessage & { originalUrl?: string };
    const url = req.url ?? '/';
    // Like a mounted express app: the provider sees its own paths, and `originalUrl` tells it the mount point.
    req.originalUrl = url;
    req.url = url.slice(IDP_MOUNT_PATH.length) || '/';
    if (!req.url.startsWith('/')) req.url = `/${req.url}`;
    callback ??= (await provider()).callback();
    await callback(req, raw);
  };
  app.all('/idp', handler);
  app.all('/idp/*', handler);
}

/** Takes the raw response over from Fastify, keeping the headers its hooks already set (CSP, HSTS, …). */
function hijack(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !raw.headersSent) raw.setHeader(name, value as string | number | string[]);
  }
  return raw;
}

/** "1 minute", "5 minutes": rounded up, so the shopper never comes back too early. */
export function waitText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

async function interactionPages(app: FastifyInstance, options: IdpRoutesOptions) {
  const emailLimit = { ...IDP_RATE_LIMITS.email, max: options.emailFormsPer15Minutes ?? IDP_RATE_LIMITS.email.max };
  const { identity, page } = options;
  const storeOrigin = new URL(page.storeUrl).origin;

  // These pages take HTML forms and nothing else.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, parseUrlEncoded(body as string)),
  );

  const csrfFor = (uid: string) => createHmac('sha256', options.formSecret).update(`idp-form:${uid}`).digest('base64url');

  /** The interaction this browser is in, or an error page when the link is stale or not its own. */
  async function interaction(request: FastifyRequest, reply: FastifyReply) {
    const params = interactionParams.safeParse(request.params);
    if (!params.success) {
      await sendPage(reply, 400, expiredPage());
      return undefined;
    }
    const [provider, { errors: oidcErrors }] = await Promise.all([options.provider(), loadOidcProvider()]);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== params.data.uid) throw new oidcErrors.SessionNotFound('interaction mismatch');
      return details;
    } catch (error) {
      if (!(error instanceof oidcErrors.OIDCProviderError)) throw error;
      await sendPage(reply, 400, expiredPage());
      return undefined;
    }
  }

  const expiredPage = () =>
    errorPage(page, {
      title: 'This page has expired',
      message: 'Sign-in pages work for one hour, in the browser that opened them. Go back to the store and choose Sign in again.',
    });

  /** Refuses a form post from another site, or without this interaction's form token. */
  function acceptsPost(request: FastifyRequest, uid: string | undefined, form: FormValues): boolean {
    const origin = request.headers.origin;
    if (origin && origin !== storeOrigin && origin !== 'null') return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return false;
    if (uid === undefined) return true;
    const expected = Buffer.from(csrfFor(uid));
    const given = Buffer.from(typeof form.csrf === 'string' ? form.csrf : '');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  const forbidden = (reply: FastifyReply) =>
    sendPage(
      reply,
      403,
      errorPage(page, { title: 'Form not accepted', message: 'This form was not sent from this sign-in page. Go back to the store and choose Sign in again.' }),
    );

  /** 429 as a page: per email address (the service's limits) or per client address (the route limits). */
  const tooMany = (reply: FastifyReply, retryAfterSeconds: number, limited: 'email' | 'address' = 'email') =>
    sendPage(
      reply.header('retry-after', String(retryAfterSeconds)),
      429,
      errorPage(page, {
        title: 'Too many attempts',
        message:
          limited === 'email'
            ? `Too many attempts for this email address. Please wait ${waitText(retryAfterSeconds)} and try again.`
            : `You have tried this too often from your network. Please wait ${waitText(retryAfterSeconds)} and try again.`,
        detail: 'Forgot your password? Once the wait is over, choose "Forgot your password?" on the sign-in page.',
      }),
    );

  // A person filling in one of these forms gets a page, not the JSON the rate limit answers
  // elsewhere; its Retry-After header is kept. Every other error goes to the store's handler.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    if (error.statusCode !== 429) throw error;
    const retryAfter = Number(reply.getHeader('retry-after'));
    return tooMany(reply, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60, 'address');
  });

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const [provider, { errors: oidcErrors }] = await Promise.all([options.provider(), loadOidcProvider()]);
    const raw = hijack(reply);
    try {
      await provider.interactionFinished(request.raw, raw, result, { mergeWithLastSubmission: true });
    } catch (error) {
      // The reply is ours now: Fastify's error handler can no longer answer for us.
      const expired = error instanceof oidcErrors.OIDCProviderError;
      if (!expired) request.log.error({ err: error }, 'could not finish a sign-in interaction');
      if (!raw.headersSent) {
        raw.writeHead(expired ? 400 : 500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        raw.end(
          expired ? expiredPage() : errorPage(page, { title: 'Something went wrong', message: 'Please go back to the store and try again in a moment.' }),
        );
      }
    }
  }

  function parseForm<T extends z.ZodType>(schema: T, body: unknown) {
    return schema.safeParse(body && typeof body === 'object' ? body : {});
  }

  const formOf = (body: unknown): FormValues => (body && typeof body === 'object' ? (body as FormValues) : {});
  const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 254) : '');

  // The start of every interaction: sign in (or sign up with screen_hint=signup); consent is implied.
  app.get('/idp/interaction/:uid', async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    if (details.prompt.name === 'consent') {
      if (details.params.client_id !== options.clientId || !details.session?.accountId) {
        return finish(request, reply, { error: 'access_denied', error_description: 'consent is only implied for the store itself' });
      }
      const provider = await options.provider();
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ clientId: options.clientId, accountId: details.session.accountId }))
        : new provider.Grant({ clientId: options.clientId, accountId: details.session.accountId });
      grant.addOIDCScope(IDP_SCOPES.join(' '));
      grant.addResourceScope(options.audience, IDP_SCOPES.join(' '));
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    }
    const input = { uid: details.uid, csrf: csrfFor(details.uid) };
    const html = details.params.screen_hint === 'signup' ? signupPage(page, input) : loginPage(page, input);
    return sendPage(reply, 200, html);
  });

  app.get('/idp/interaction/:uid/login', async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    return sendPage(reply, 200, loginPage(page, { uid: details.uid, csrf: csrfFor(details.uid) }));
  });

  app.get('/idp/interaction/:uid/signup', async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    return sendPage(reply, 200, signupPage(page, { uid: details.uid, csrf: csrfFor(details.uid) }));
  });

  app.get('/idp/interaction/:uid/forgot', async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    return sendPage(reply, 200, forgotPasswordPage(page, { uid: details.uid, csrf: csrfFor(details.uid) }));
  });

  app.post('/idp/interaction/:uid/login', { config: { rateLimit: IDP_RATE_LIMITS.login } }, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const form = formOf(request.body);
    if (!acceptsPost(request, details.uid, form)) return forbidden(reply);
    const input = { uid: details.uid, csrf: csrfFor(details.uid), values: { email: str(form.email) } };
    const parsed = parseForm(loginForm, form);
    if (!parsed.success) return sendPage(reply, 400, loginPage(page, { ...input, errors: fieldErrors(parsed.error) }));
    const outcome = await identity.logIn(parsed.data.email, parsed.data.password, request.ip);
    if (outcome.result === 'rate-limited') return tooMany(reply, outcome.retryAfterSeconds);
    if (outcome.result === 'invalid') {
      return sendPage(
        reply,
        401,
        loginPage(page, { ...input, errors: { form: 'Email or password is incorrect.', password: 'Email or password is incorrect.' } }),
      );
    }
    return finish(request, reply, { login: { accountId: outcome.account.id, remember: true } });
  });

  app.post('/idp/interaction/:uid/signup', { config: { rateLimit: emailLimit } }, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const form = formOf(request.body);
    if (!acceptsPost(request, details.uid, form)) return forbidden(reply);
    const input = {
      uid: details.uid,
      csrf: csrfFor(details.uid),
      values: { email: str(form.email), given_name: str(form.given_name), family_name: str(form.family_name) },
    };
    const parsed = parseForm(signupForm, form);
    if (!parsed.success) return sendPage(reply, 400, signupPage(page, { ...input, errors: fieldErrors(parsed.error) }));
    const outcome = await identity.signUp(
      {
        email: parsed.data.email,
        password: parsed.data.password,
        givenName: parsed.data.given_name,
        familyName: parsed.data.family_name,
      },
      request.ip,
    );
    if (outcome.result === 'rate-limited') return tooMany(reply, outcome.retryAfterSeconds);
    return sendPage(reply, 200, checkInboxPage(page, { uid: details.uid, csrf: input.csrf, email: parsed.data.email, reason: 'signup' }));
  });

  app.post('/idp/interaction/:uid/resend', { config: { rateLimit: emailLimit } }, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const form = formOf(request.body);
    if (!acceptsPost(request, details.uid, form)) return forbidden(reply);
    const parsed = parseForm(emailForm, form);
    if (!parsed.success)
      return sendPage(reply, 400, forgotPasswordPage(page, { uid: details.uid, csrf: csrfFor(details.uid), errors: fieldErrors(parsed.error) }));
    const outcome = await identity.resendVerification(parsed.data.email, request.ip);
    if (outcome.result === 'rate-limited') return tooMany(reply, outcome.retryAfterSeconds);
    return sendPage(reply, 200, checkInboxPage(page, { uid: details.uid, csrf: csrfFor(details.uid), email: parsed.data.email, reason: 'resent' }));
  });

  app.post('/idp/interaction/:uid/forgot', { config: { rateLimit: emailLimit } }, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const form = formOf(request.body);
    if (!acceptsPost(request, details.uid, form)) return forbidden(reply);
    const input = { uid: details.uid, csrf: csrfFor(details.uid), values: { email: str(form.email) } };
    const parsed = parseForm(emailForm, form);
    if (!parsed.success) return sendPage(reply, 400, forgotPasswordPage(page, { ...input, errors: fieldErrors(parsed.error) }));
    const outcome = await identity.requestPasswordReset(parsed.data.email, request.ip);
    if (outcome.result === 'rate-limited') return tooMany(reply, outcome.retryAfterSeconds);
    return sendPage(reply, 200, checkInboxPage(page, { uid: details.uid, csrf: input.csrf, email: parsed.data.email, reason: 'reset' }));
  });

  // The links in the emails. They work in any browser: the single-use token is the proof.
  const staleLink = (used: boolean) =>
    errorPage(page, {
      title: used ? 'This link has already been used' : 'This link is not valid any more',
      message: used
        ? 'Each link in our emails works once. If you have already done this, you are all set: sign in from the store.'
        : 'It may have expired, or been copied only in part. Sign in from the store to ask for a new one (or use "Forgot your password?").',
    });
  /** 400 for a token we never issued, 410 for one that expired or was used. */
  const sendLinkProblem = (reply: FastifyReply, state: 'unknown' | 'expired' | 'used') =>
    sendPage(reply, state === 'unknown' ? 400 : 410, staleLink(state === 'used'));

  /**
   * The token and new password of a set-a-password form (reset, or confirming with a new
   * password); undefined when the page has already been answered (a bad token or field errors).
   */
  function newPasswordForm(request: FastifyRequest, reply: FastifyReply, formPage: (token: string, errors: Record<string, string>) => string) {
    const form = formOf(request.body);
    if (!acceptsPost(request, undefined, form)) {
      void forbidden(reply);
      return undefined;
    }
    const parsed = parseForm(resetForm, form);
    if (parsed.success) return parsed.data;
    const errors = fieldErrors(parsed.error);
    const badToken = errors.token || !tokenQuery.safeParse({ token: form.token }).success;
    void sendPage(reply, 400, badToken ? staleLink(false) : formPage(str(form.token), errors));
    return undefined;
  }

  // Opening the link shows a button and uses nothing: mail scanners prefetch links.
  app.get('/idp/verify-email', async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    if (!query.success) return sendPage(reply, 400, staleLink(false));
    const link = await identity.openVerifyEmailLink(query.data.token);
    if (link.result !== 'usable') return sendLinkProblem(reply, link.result);
    return sendPage(reply, 200, verifyEmailPage(page, { token: query.data.token, email: link.email }));
  });

  const emailConfirmed = (reply: FastifyReply, email: string) =>
    sendPage(
      reply,
      200,
      messagePage(page, {
        title: 'Your email is confirmed',
        paragraphs: [
          `Thank you. ${email} is confirmed. Sign in with your password to see your orders, licences and downloads; for your safety, any earlier sign-in to this account has ended.`,
        ],
        action: { label: 'Sign in to my account', href: `${page.storeUrl}/account` },
        role: 'status',
      }),
    );

  // The button: like the password reset form, same-site posts only; the token proves the
  // mailbox and the password proves the clicker chose it (wrong passwords count like sign-ins).
  app.post('/idp/verify-email', { config: { rateLimit: IDP_RATE_LIMITS.login } }, async (request, reply) => {
    const form = formOf(request.body);
    if (!acceptsPost(request, undefined, form)) return forbidden(reply);
    const parsed = parseForm(verifyEmailForm, form);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.token) return sendPage(reply, 400, staleLink(false));
      return sendPage(reply, 400, verifyEmailPage(page, { token: str(form.token), errors }));
    }
    const outcome = await identity.confirmEmail(parsed.data.token, parsed.data.password, request.ip);
    if (outcome.result === 'rate-limited') return tooMany(reply, outcome.retryAfterSeconds);
    if (outcome.result === 'wrong-password') {
      const message = 'This is not the password of this account. Did not create it, or forgot the password? Set a new password below.';
      return sendPage(
        reply,
        401,
        verifyEmailPage(page, {
          token: parsed.data.token,
          email: outcome.email,
          errors: { form: message, password: 'This is not the password of this account.' },
        }),
      );
    }
    if (outcome.result !== 'verified') return sendLinkProblem(reply, outcome.result);
    return emailConfirmed(reply, outcome.account.email);
  });

  // The way out for whoever does not know the password: the link itself lets them set one.
  app.get('/idp/verify-email/new-password', async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    if (!query.success) return sendPage(reply, 400, staleLink(false));
    const link = await identity.openVerifyEmailLink(query.data.token);
    if (link.result !== 'usable') return sendLinkProblem(reply, link.result);
    return sendPage(reply, 200, verifyEmailNewPasswordPage(page, { token: query.data.token, email: link.email }));
  });

  app.post('/idp/verify-email/new-password', { config: { rateLimit: emailLimit } }, async (request, reply) => {
    const input = newPasswordForm(request, reply, (token, errors) => verifyEmailNewPasswordPage(page, { token, errors }));
    if (!input) return reply;
    const outcome = await identity.confirmEmailWithNewPassword(input.token, input.password, request.ip);
    if (outcome.result !== 'verified') return sendLinkProblem(reply, outcome.result);
    return emailConfirmed(reply, outcome.account.email);
  });

  app.get('/idp/reset-password', async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    if (!query.success) return sendPage(reply, 400, staleLink(false));
    if (!(await identity.canResetPassword(query.data.token))) return sendPage(reply, 410, staleLink(false));
    return sendPage(reply, 200, resetPasswordPage(page, { token: query.data.token }));
  });

  app.post('/idp/reset-password', { config: { rateLimit: emailLimit } }, async (request, reply) => {
    const input = newPasswordForm(request, reply, (token, errors) => resetPasswordPage(page, { token, errors }));
    if (!input) return reply;
    const outcome = await identity.resetPassword(input.token, input.password, request.ip);
    if (outcome.result !== 'reset') return sendLinkProblem(reply, outcome.result);
    return sendPage(
      reply,
      200,
      messagePage(page, {
        title: 'Your password is changed',
        paragraphs: ['You can now sign in with your new password. For your safety, you have been signed out on every other device.'],
        action: { label: 'Back to the store', href: `${page.storeUrl}/` },
        role: 'status',
      }),
    );
  });
}
