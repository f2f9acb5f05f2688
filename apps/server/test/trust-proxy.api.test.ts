import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { pkcePair } from './idp-browser';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

/** What one reverse proxy in front of the store sends: whatever the client wrote, then the address it saw. */
const throughProxy = (clientAddress: string, forged?: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': forged ? `${forged}, ${clientAddress}` : clientAddress },
});

describe('TRUST_PROXY with one trusted hop', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does not let a client pick its address: forged X-Forwarded-For entries do not reset the rate limit', async () => {
    t = await createTestApp('pglite', { env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' }, seed: false });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await t.app.inject({ url: '/status', ...throughProxy(CLIENT, `198.51.100.${attempt}`) });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // The limit is the client's, not the proxy's: another shopper behind the same proxy is served.
    expect((await t.app.inject({ url: '/status', ...throughProxy('203.0.113.8') })).statusCode).toBe(200);
  });

  it('gives the embedded sign-in provider the scheme the proxy saw, not the one the client wrote', async () => {
    t = await createTestApp('pglite', { env: { TRUST_PROXY: '1' }, seed: false });
    const authorize = (forwardedProto: string) =>
      t!.app.inject({
        url: `/idp/auth?${authorizeQuery()}`,
        remoteAddress: PROXY,
        headers: { host: 'localhost:8080', 'x-forwarded-for': CLIENT, 'x-forwarded-proto': forwardedProto },
      });
    const secureCookies = (response: Awaited<ReturnType<typeof authorize>>) =>
      (response.cookies as Array<{ name: string; secure?: boolean }>)
        .filter((cookie) => cookie.name.includes('interaction'))
        .map((cookie) => Boolean(cookie.secure));

    // The client wrote "https", the proxy appended the plain http it received.
    const forged = await authorize('https, http');
    expect(forged.statusCode).toBe(303);
    expect(secureCookies(forged)).toEqual([false, false, false, false]);
    const https = await authorize('https');
    expect(https.statusCode).toBe(303);
    expect(secureCookies(https)).toEqual([true, true, true, true]);
  });
});

function authorizeQuery() {
  return new URLSearchParams({
    client_id: 'songwish-web',
    response_type: 'code',
    redirect_uri: 'http://localhost:8080/callback',
    scope: 'openid email',
    state: randomBytes(8).toString('hex'),
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    audience: 'http://localhost:8080/api',
  });
}
