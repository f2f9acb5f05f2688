import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { downloadQuerySchema, orderSummaryRequestSchema, productParamsSchema } from '@store/contracts';
import { HttpError, parseInput } from '../src/lib/http-error';
import { InvalidTokenError, type AccessTokenVerifier, type Caller } from '../src/modules/accounts/access-token';
import { signedInCaller, signedInOnly } from '../src/modules/accounts/signed-in';
import { errorsPlugin } from '../src/plugins/errors';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

/** What a handler that parsed its input by hand answered: the route schemas must answer the same. */
function handParsedMessage(schema: z.ZodType, input: unknown, what: string) {
  try {
    parseInput(schema, input, what);
  } catch (error) {
    if (error instanceof HttpError) return error.message;
  }
  throw new Error('the input was expected to be refused');
}

describe.each(TEST_ENGINES)('route schemas on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['GET', '/api/products/ReMIDI-4', undefined, productParamsSchema, { path: 'ReMIDI-4' }, 'product path'],
    ['POST', '/api/orders/', { reference: 'not a reference!' }, orderSummaryRequestSchema, { reference: 'not a reference!' }, 'order lookup'],
    ['POST', '/api/orders/', { reference: 12 }, orderSummaryRequestSchema, { reference: 12 }, 'order lookup'],
    ['POST', '/api/orders/', [], orderSummaryRequestSchema, [], 'order lookup'],
    ['GET', '/api/downloads/1?entitlement=x&expires=-1', undefined, downloadQuerySchema, { entitlement: 'x', expires: '-1' }, 'download link'],
  ] as const)('%s %s refuses bad input with the 400 handlers sent themselves', async (method, url, body, schema, input, what) => {
    const response = await t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ error: 'Bad Request', message: handParsedMessage(schema, input, what) });
  });
});

describe('every /api route declares its schema', () => {
  const build = async (register: (app: FastifyInstance) => void) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(async (scope) => register(scope));
    return app;
  };

  it('refuses to start with an /api route that declares none', async () => {
    await expect(build((scope) => scope.get('/api/forgotten', async () => ({ ok: true })))).rejects.toThrow('GET /api/forgotten declares no schema');
  });

  it('starts with a declared one, and other paths need none', async () => {
    const app = await build((scope) => {
      scope.get('/api/declared', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true, extra: 1 }));
      scope.get('/elsewhere', async () => 'fine');
    });
    await app.ready();
    // The answer goes through its schema: what it does not declare is not sent.
    expect((await app.inject('/api/declared')).json()).toEqual({ ok: true });
    expect((await app.inject('/elsewhere')).body).toBe('fine');
    await app.close();
  });
});

describe('a signed-in scope', () => {
  const caller: Caller = { subject: 'sub-1', email: 'a@example.com', emailVerified: true, givenName: 'A', familyName: 'B', name: 'A B', roles: [] };
  const verifier: AccessTokenVerifier = {
    verify: async (token) => {
      if (token === 'good') return caller;
      if (token === 'unconfirmed') return { ...caller, emailVerified: false };
      throw new InvalidTokenError('The access token is not valid.', 'test');
    },
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(async (scope) => {
      await scope.register(signedInOnly, { verifier });
      // A route added to the scope with no authentication code of its own.
      scope.post('/api/account/new-thing', { schema: { body: z.object({ n: z.number() }) } }, async (request) => ({ email: signedInCaller(request).email }));
    });
    app.get('/public', async () => 'open');
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (authorization?: string, payload: unknown = { n: 1 }) =>
    app.inject({ method: 'POST', url: '/api/account/new-thing', headers: authorization ? { authorization } : {}, payload: payload as object });

  it('refuses a route added inside it without any auth code: 401 before the body is looked at', async () => {
    const response = await post(undefined, { n: 'not a number' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json().message).toMatch(/Sign in first/);
    const forged = await post('Bearer forged');
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['www-authenticate']).toMatch(/invalid_token/);
  });

  it('refuses an unconfirmed email with 403, and answers a signed-in caller', async () => {
    expect((await post('Bearer unconfirmed')).statusCode).toBe(403);
    const response = await post('Bearer good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'a@example.com' });
  });

  it('leaves routes outside the scope public', async () => {
    expect((await app.inject('/public')).body).toBe('open');
  });
});
