import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeConfigOf, TEST_ENGINES, type TestApp } from './helpers';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

/**
 * A stand-in for Auth0 on 127.0.0.1: discovery, a key set and userinfo, like a real tenant
 * (issuer with a trailing slash, namespaced claims from an Action, userinfo for the rest).
 */
async function startFakeIssuer() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'tenant-key-1', alg: 'RS256', use: 'sig' };
  const userinfo = new Map<string, Record<string, unknown>>();
  const calls = { userinfo: 0 };
  const server: Server = createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return send(200, {
        issuer: `${base}/`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        userinfo_endpoint: `${base}/userinfo`,
        authorization_endpoint: `${base}/authorize`,
      });
    }
    if (request.url === '/.well-known/jwks.json') return send(200, { keys: [jwk] });
    if (request.url === '/userinfo') {
      calls.userinfo += 1;
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const info = token ? userinfo.get(token) : undefined;
      return info ? send(200, info) : send(401, { error: 'invalid_token' });
    }
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: `${base}/`,
    origin: base,
    calls,
    userinfo,
    sign: (payload: JWTPayload, key = privateKey) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'tenant-key-1', typ: 'JWT' }).sign(key),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const AUDIENCE = 'https://api.songwish.example';
const NAMESPACE = 'https://songwish.example/';
const now = () => Math.floor(Date.now() / 1000);

describe.each(TEST_ENGINES)('an external identity provider (Auth0-style) on %s', (engine) => {
  let issuer: Awaited<ReturnType<typeof startFakeIssuer>>;
  let t: TestApp;
  const claims = (sub: string, extra: JWTPayload = {}): JWTPayload => ({
    sub,
    iss: issuer.issuer,
    aud: [AUDIENCE, `${issuer.origin}/userinfo`],
    iat: now(),
    exp: now() + 600,
    ...extra,
  });
  const account = (token: string) => t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    issuer = await startFakeIssuer();
    t = await createTestApp(engine, {
      env: {
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: 'auth0-spa-client',
        OIDC_AUDIENCE: AUDIENCE,
        OIDC_CLAIMS_NAMESPACE: NAMESPACE,
        OIDC_ROLES_CLAIM: `${NAMESPACE}roles`,
      },
    });
    const data = testOrder({ email: 'auth0.buyer@example.com' });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data))).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('does not mount /idp, and tells the browser where to sign in and lets the page reach the provider', async () => {
    expect((await t.app.inject('/idp/.well-known/openid-configuration')).statusCode).toBe(404);
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const config = storeConfigOf(page.body);
    expect(config.identity).toEqual({ authority: issuer.issuer, clientId: 'auth0-spa-client', audience: AUDIENCE, provider: 'external' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${issuer.origin}(;|$)`));
    expect(csp).toMatch(new RegExp(`frame-src 'self' ${issuer.origin}(;|$)`));
  });

  it('reads the verified email from namespaced claims in the access token', async () => {
    const token = await issuer.sign(claims('auth0|namespaced', { [`${NAMESPACE}email`]: 'Auth0.Buyer@Example.com', [`${NAMESPACE}email_verified`]: true }));
    const before = issuer.calls.userinfo;
    const response = await account(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().orders).toHaveLength(1);
    expect(issuer.calls.userinfo).toBe(before);
  });

  it("makes a caller whose roles claim lists 'admin' an administrator, and nobody else", async () => {
    const verified = { [`${NAMESPACE}email`]: 'maker@example.com', [`${NAMESPACE}email_verified`]: true };
    const me = (token: string) => t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
    const admin = await me(await issuer.sign(claims('auth0|maker', { ...verified, [`${NAMESPACE}roles`]: ['editor', 'admin'] })));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ email: 'maker@example.com', source: 'identity-provider' });
    expect((await me(await issuer.sign(claims('auth0|maker', { ...verified, [`${NAMESPACE}roles`]: 'editor admin' })))).statusCode).toBe(200);
    expect((await me(await issuer.sign(claims('auth0|maker', { ...verified, [`${NAMESPACE}roles`]: ['editor'] })))).statusCode).toBe(403);
    expect((await me(await issuer.sign(claims('auth0|maker', { ...verified, roles: ['admin'] })))).statusCode).toBe(403);
  });

  it('asks userinfo when the token carries no email, briefly caching the answer', async () => {
    const token = await issuer.sign(claims('auth0|userinfo'));
    issuer.userinfo.set(token, { sub: 'auth0|userinfo', email: 'auth0.buyer@example.com', email_verified: true, given_name: 'Ada' });
    const before = issuer.calls.userinfo;
    expect((await account(token)).statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(200);
    expect(issuer.calls.userinfo).toBe(before + 1);
  });

  it('refuses an unverified email (403) and a userinfo answer about someone else (401)', async () => {
    const unverified = await issuer.sign(
      claims('auth0|unverified', { [`${NAMESPACE}email`]: 'auth0.buyer@example.com', [`${NAMESPACE}email_verified`]: false }),
    );
    issuer.userinfo.set(unverified, { sub: 'auth0|unverified', email: 'auth0.buyer@example.com', email_verified: false });
    expect((await account(unverified)).statusCode).toBe(403);

    const stringly = await issuer.sign(claims('auth0|stringly'));
    issuer.userinfo.set(stringly, { sub: 'auth0|stringly', email: 'auth0.buyer@example.com', email_verified: 'true' });
    expect((await account(stringly)).statusCode).toBe(403);

    const mismatched = await issuer.sign(claims('auth0|me'));
    issuer.userinfo.set(mismatched, { sub: 'auth0|someone-else', email: 'auth0.buyer@example.com', email_verified: true });
    expect((await account(mismatched)).statusCode).toBe(401);

    const revoked = await issuer.sign(claims('auth0|revoked'));
    expect((await account(revoked)).statusCode).toBe(401);
  });

  it('refuses tokens for another audience or issuer, or signed with another key', async () => {
    const verified = { [`${NAMESPACE}email`]: 'auth0.buyer@example.com', [`${NAMESPACE}email_verified`]: true };
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    for (const token of [
      await issuer.sign(claims('auth0|x', { ...verified, aud: 'https://other-api.example' })),
      await issuer.sign(claims('auth0|x', { ...verified, iss: 'https://evil.example/' })),
      await issuer.sign(claims('auth0|x', verified), otherKey),
      await issuer.sign(claims('auth0|x', { ...verified, exp: now() - 3600 })),
    ]) {
      expect((await account(token)).statusCode).toBe(401);
    }
  });
});

describe('an external identity provider that cannot be reached', () => {
  it('answers 503, not 401 or 500, while its discovery document cannot be fetched', async () => {
    const t = await createTestApp('pglite', {
      seed: false,
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE },
    });
    try {
      const response = await t.app.inject({ url: '/api/account', headers: { authorization: 'Bearer a.b.c' } });
      expect(response.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
