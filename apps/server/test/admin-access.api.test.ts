import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, roleGrants } from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, routeCollector } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

/** A concrete URL for a route pattern: every `:param` gets a value of the right shape. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_match, name: string) => (/email/i.test(name) ? 'someone@example.com' : /id$/i.test(name) ? '1' : 'x'));

describe.each(TEST_ENGINES)('the back office API on %s', (engine) => {
  let t: TestApp;
  const collected = routeCollector(ADMIN_API_PREFIX);
  let adminToken: string;
  let shopperToken: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , second@example.com`, RATE_LIMIT_MAX: '100000' },
      onRoute: collected.onRoute,
    });
    [adminToken, shopperToken] = await Promise.all([accessTokenFor(t, ADMIN_EMAIL), accessTokenFor(t, 'shopper@example.com')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('one guard for every route under /api/admin', () => {
    it('has the routes it guards (the list below is every one registered)', () => {
      expect(collected.routes.length).toBeGreaterThanOrEqual(5);
      expect(collected.routes).toContainEqual({ method: 'GET', url: `${ADMIN_API_PREFIX}/me` });
    });

    it('answers 401 without a token and 403 to a signed-in shopper, on every route, before reading a body', async () => {
      for (const { method, url } of collected.routes) {
        const target = concrete(url);
        const anonymous = await adminRequest(t.app, undefined)(method as 'GET', target, method === 'GET' || method === 'DELETE' ? undefined : { any: 'body' });
        expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
        const shopper = await adminRequest(t.app, shopperToken)(method as 'GET', target, method === 'GET' || method === 'DELETE' ? undefined : { any: 'body' });
        expect({ method, url, status: shopper.statusCode }).toEqual({ method, url, status: 403 });
        expect(shopper.json().message).toContain('administrators');
        expect(shopper.headers['cache-control']).toBe('no-store');
      }
    });

    it('lets an address named in ADMIN_EMAILS in, whatever its case in the setting', async () => {
      const response = await adminRequest(t.app, adminToken)('GET', `${ADMIN_API_PREFIX}/me`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: ADMIN_EMAIL, source: 'ADMIN_EMAILS' });
    });
  });

  it('tells the storefront whether a signed-in user is an administrator, 200 either way', async () => {
    const ask = (token?: string) => adminRequest(t.app, token)('GET', '/api/access');
    expect((await ask()).statusCode).toBe(401);
    expect((await ask(shopperToken)).json()).toEqual({ administrator: false });
    expect((await ask(adminToken)).json()).toEqual({ administrator: true });
    expect((await ask(adminToken)).headers['cache-control']).toBe('no-store');
  });

  describe('administrators', () => {
    const as = (token: string) => adminRequest(t.app, token);

    it('grants the role to another account, which then gets in, and records who did it', async () => {
      const token = await accessTokenFor(t, 'helper@example.com');
      expect((await as(token)('GET', `${ADMIN_API_PREFIX}/me`)).statusCode).toBe(403);
      const granted = await as(adminToken)('POST', `${ADMIN_API_PREFIX}/administrators`, { email: 'Helper@Example.com' });
      expect(granted.statusCode).toBe(201);
      expect((await as(token)('GET', `${ADMIN_API_PREFIX}/me`)).json()).toEqual({ email: 'helper@example.com', source: 'granted' });

      const list = (await as(adminToken)('GET', `${ADMIN_API_PREFIX}/administrators`)).json();
      expect(list.administrators).toEqual([
        { email: ADMIN_EMAIL, source: 'ADMIN_EMAILS', grantedBy: null, grantedAt: null },
        { email: 'second@example.com', source: 'ADMIN_EMAILS', grantedBy: null, grantedAt: null },
        expect.objectContaining({ email: 'helper@example.com', source: 'granted', grantedBy: ADMIN_EMAIL }),
      ]);
      const audit = (await as(adminToken)('GET', `${ADMIN_API_PREFIX}/audit?subjectType=administrator`)).json();
      expect(audit.events[0]).toMatchObject({ actor: ADMIN_EMAIL, action: 'role.grant', subjectId: 'helper@example.com', before: null });
    });

    it('refuses a second grant, a bad address, and removing an address named in ADMIN_EMAILS', async () => {
      expect((await as(adminToken)('POST', `${ADMIN_API_PREFIX}/administrators`, { email: 'helper@example.com' })).statusCode).toBe(409);
      const bad = await as(adminToken)('POST', `${ADMIN_API_PREFIX}/administrators`, { email: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ email: expect.stringContaining('email') });
      const configured = await as(adminToken)('DELETE', `${ADMIN_API_PREFIX}/administrators/second@example.com`);
      expect(configured.statusCode).toBe(409);
      expect(configured.json().message).toContain('ADMIN_EMAILS');
    });

    it('removes a granted administrator, who is refused from then on', async () => {
      const token = await accessTokenFor(t, 'temp@example.com');
      await as(adminToken)('POST', `${ADMIN_API_PREFIX}/administrators`, { email: 'temp@example.com' });
      expect((await as(token)('GET', `${ADMIN_API_PREFIX}/me`)).statusCode).toBe(200);
      expect((await as(adminToken)('DELETE', `${ADMIN_API_PREFIX}/administrators/temp@example.com`)).statusCode).toBe(204);
      expect((await as(token)('GET', `${ADMIN_API_PREFIX}/me`)).statusCode).toBe(403);
      expect((await as(adminToken)('DELETE', `${ADMIN_API_PREFIX}/administrators/temp@example.com`)).statusCode).toBe(404);
    });
  });

  describe('the last administrator', () => {
    let solo: TestApp;
    beforeAll(async () => {
      solo = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
    });
    afterAll(async () => {
      await solo?.close();
    });

    it('cannot remove their own role, and nothing is written when they try', async () => {
      const token = await accessTokenFor(solo, 'only@example.com');
      await solo.database.db.insert(roleGrants).values({ email: 'only@example.com', role: 'admin', grantedBy: 'setup' });
      const response = await adminRequest(solo.app, token)('DELETE', `${ADMIN_API_PREFIX}/administrators/only@example.com`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('last administrator');
      expect(await solo.database.db.$count(roleGrants, eq(roleGrants.email, 'only@example.com'))).toBe(1);
      expect(await solo.database.db.$count(auditEvents)).toBe(0);
    });
  });
});
