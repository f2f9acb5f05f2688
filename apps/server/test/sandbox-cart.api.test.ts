import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxErrorSchema, sandboxSessionResponseSchema, type SandboxSessionResponse, type SblItem } from '@store/contracts';
import { coupons, products, sandboxCarts } from '../src/db/schema';
import { adminTestApp } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, shopperContact } from './sandbox-fixtures';

const API = SANDBOX_API;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(TEST_ENGINES)('sandbox cart session API on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminTestApp>>['admin'];
  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function ok(method: Method, url: string, payload?: unknown): Promise<SandboxSessionResponse> {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(response.headers['cache-control']).toBe('no-store');
    return sandboxSessionResponseSchema.parse(response.json());
  }

  async function fails(status: number, code: string, method: Method, url: string, payload?: unknown) {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBe(status);
    const body = sandboxErrorSchema.parse(response.json());
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  }

  /** Takes a product on or off sale the way the store does (the back office), which tells the sandbox's copy of the catalogue. */
  async function setLive(path: string, live: boolean) {
    const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.path, path));
    const detail = (await admin('GET', `/api/admin/products/${row!.id}`)).json();
    const { id: _id, currency: _c, imagePath: _i, summaryHtml: _h, soldCount: _s, createdAt: _cr, updatedAt: _u, ...form } = detail;
    const saved = await admin('PUT', `/api/admin/products/${row!.id}`, { ...form, live });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const newSession = async () => (await ok('POST', '/sessions', {})).session;
  const selected = (answer: SandboxSessionResponse) => answer.cart.groups.flatMap((group) => group.items).filter((item) => item.selected) as SblItem[];
  const storedCart = async (session: string) => (await t.database.db.select().from(sandboxCarts).where(eq(sandboxCarts.id, session)))[0];

  it('creates a session with a long random id and an empty cart', async () => {
    const response = await call('POST', '/sessions', {});
    expect(response.statusCode).toBe(201);
    const answer = sandboxSessionResponseSchema.parse(response.json());
    expect(answer.session).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.cart).toMatchObject({ total: '$0.00', totalValue: 0, selections: 0, coupons: [], currency: 'USD' });
    expect(await storedCart(answer.session)).toMatchObject({ items: [], couponCode: null });
    expect(await newSession()).not.toBe(answer.session);
  });

  it('creates a session from a POST without a body too', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${API}/sessions` })).statusCode).toBe(201);
  });

  it('lists every live product, none selected, and never a product that is not live', async () => {
    const answer = await ok('GET', `/sessions/${await newSession()}`);
    const paths = answer.cart.groups.flatMap((group) => group.items.map((item) => item.path));
    expect(paths).toContain('remidi-4');
    expect(paths).not.toContain('remidi-5-preview');
    expect(selected(answer)).toEqual([]);
  });

  it('answers an unknown or malformed session with 404 unknown_session', async () => {
    await fails(404, 'unknown_session', 'GET', `/sessions/${'A'.repeat(32)}`);
    await fails(404, 'unknown_session', 'GET', '/sessions/short');
    await fails(404, 'unknown_session', 'POST', `/sessions/${'B'.repeat(32)}/items`, { path: 'remidi-4' });
    await fails(404, 'unknown_session', 'POST', `/sessions/${encodeURIComponent('../../etc')}/reset`, {});
  });

  it('adds a product once (add does not change the quantity of a product in the cart)', async () => {
    const session = await newSession();
    await ok('POST', `/sessions/${session}/items`, { path: 'remidi-4' });
    const answer = await ok('POST', `/sessions/${session}/items`, { path: 'remidi-4' });
    expect(selected(answer).map((item) => [item.path, item.quantity])).toEqual([['remidi-4', 1]]);
    expect(answer.cart).toMatchObject({ total: '$79.00', totalValue: 79, selections: 1 });
  });

  it('sets quantities, removes with 0 or DELETE, and resets', async () => {
    const session = await newSession();
    let answer = await ok('PUT', `/sessions/${session}/items/rechannel`, { quantity: 3 });
    expect(selected(answer)[0]).toMatchObject({ path: 'rechannel', quantity: 3, unitPrice: '$23.20', total: '$69.60', priceTotal: '$87.00' });
    answer = await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    expect(answer.cart).toMatchObject({ subtotal: '$166.00', total: '$148.60', discountTotal: '$17.40', selections: 2 });
    answer = await ok('PUT', `/sessions/${session}/items/rechannel`, { quantity: 0 });
    expect(selected(answer).map((item) => item.path)).toEqual(['remidi-4']);
    answer = await ok('DELETE', `/sessions/${session}/items/remidi-4`);
    expect(selected(answer)).toEqual([]);
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 2 });
    await ok('POST', `/sessions/${session}/promo`, { code: 'WELCOME10' });
    answer = await ok('POST', `/sessions/${session}/reset`, {});
    expect(answer.cart).toMatchObject({ selections: 0, coupons: [], total: '$0.00' });
  });

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['huge', 1000],
    ['enormous', 1e300],
    ['NaN (null in JSON)', null],
    ['text', '2'],
    ['missing', undefined],
  ])('refuses a %s quantity with 400 and writes nothing', async (_name, quantity) => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 2 });
    const before = await storedCart(session);
    await fails(400, 'invalid_request', 'PUT', `/sessions/${session}/items/remidi-4`, { quantity });
    expect(await storedCart(session)).toEqual(before);
  });

  it('refuses unknown and not-live products, naming the path', async () => {
    const session = await newSession();
    const unknown = await fails(400, 'unknown_product', 'POST', `/sessions/${session}/items`, { path: 'no-such-plugin' });
    expect(unknown.message).toContain("'no-such-plugin'");
    const hidden = await fails(400, 'unknown_product', 'PUT', `/sessions/${session}/items/remidi-5-preview`, { quantity: 1 });
    expect(hidden.message).toContain("'remidi-5-preview'");
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/items`, { path: 'Not A Path' });
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/items`, { path: 'x'.repeat(101) });
    await fails(400, 'invalid_request', 'PUT', `/sessions/${session}/items/${encodeURIComponent('🎹')}`, { quantity: 1 });
    expect((await storedCart(session))?.items).toEqual([]);
  });

  it('drops a product from the cart data when it stops being live, and still lets it be removed', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/sw-jazz-complete-vol-1-11`, { quantity: 1 });
    await setLive('sw-jazz-complete-vol-1-11', false);
    try {
      const answer = await ok('GET', `/sessions/${session}`);
      expect(selected(answer)).toEqual([]);
      expect(answer.cart.total).toBe('$0.00');
      await ok('DELETE', `/sessions/${session}/items/sw-jazz-complete-vol-1-11`);
      expect((await storedCart(session))?.items).toEqual([]);
    } finally {
      await setLive('sw-jazz-complete-vol-1-11', true);
    }
  });

  it('applies a promo code case-insensitively and removes it with an empty code', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    let answer = await ok('POST', `/sessions/${session}/promo`, { code: '  welcome10 ' });
    expect(answer.couponError).toBeUndefined();
    expect(answer.cart).toMatchObject({ coupons: ['WELCOME10'], total: '$71.10', discountTotal: '$7.90' });
    expect(selected(answer)[0]).toMatchObject({ coupon: 'WELCOME10', total: '$71.10' });
    answer = await ok('POST', `/sessions/${session}/promo`, { code: '' });
    expect(answer.cart).toMatchObject({ coupons: [], total: '$79.00' });
  });

  it('answers a refused code with 200, the cart unchanged and a couponError', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/rechannel`, { quantity: 1 });
    await ok('POST', `/sessions/${session}/promo`, { code: 'WELCOME10' });
    const before = await storedCart(session);
    const cases: Array<[string, string, string]> = [
      ['NOPE', 'invalid', 'This code is not valid'],
      ['summer24', 'expired', 'This code expired on August 31, 2024'],
      ['REMIDI20', 'product_not_in_cart', 'This code only applies to reMIDI 4, which is not in your cart'],
      ["' or 1=1 --", 'invalid', 'This code is not valid'],
    ];
    for (const [code, reason, message] of cases) {
      const answer = await ok('POST', `/sessions/${session}/promo`, { code });
      expect(answer.couponError).toEqual({ code: reason, message });
      expect(answer.cart.coupons).toEqual(['WELCOME10']);
    }
    expect(await storedCart(session)).toEqual(before);
  });

  it('refuses codes that cannot be codes: over 64 characters or not text', async () => {
    const session = await newSession();
    const tooLong = await fails(400, 'invalid_request', 'POST', `/sessions/${session}/promo`, { code: 'A'.repeat(65) });
    expect(tooLong.message).toContain('64');
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/promo`, { code: 42 });
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/promo`, {});
    expect((await ok('POST', `/sessions/${session}/promo`, { code: ` ${'A'.repeat(64)} ` })).couponError?.code).toBe('invalid');
  });

  it('refuses an inactive coupon and one not valid yet', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    await t.database.db.insert(coupons).values([
      { code: 'PAUSED', kind: 'percent', percentOff: 5, active: false },
      { code: 'SOON', kind: 'percent', percentOff: 5, validFrom: new Date(Date.now() + 86_400_000) },
    ]);
    expect((await ok('POST', `/sessions/${session}/promo`, { code: 'paused' })).couponError).toEqual({
      code: 'inactive',
      message: 'This code is no longer active',
    });
    expect((await ok('POST', `/sessions/${session}/promo`, { code: 'soon' })).couponError).toEqual({
      code: 'not_yet_valid',
      message: 'This code is not valid yet',
    });
  });

  it('keeps a restricted code but discounts nothing while its product is out of the cart', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    await ok('PUT', `/sessions/${session}/items/rechannel`, { quantity: 1 });
    let answer = await ok('POST', `/sessions/${session}/promo`, { code: 'remidi20' });
    expect(answer.cart).toMatchObject({ coupons: ['REMIDI20'], total: '$86.40' });
    answer = await ok('DELETE', `/sessions/${session}/items/remidi-4`);
    expect(answer.cart).toMatchObject({ coupons: [], total: '$23.20' });
    answer = await ok('POST', `/sessions/${session}/items`, { path: 'remidi-4' });
    expect(answer.cart).toMatchObject({ coupons: ['REMIDI20'], total: '$86.40' });
  });

  it('spreads an amount coupon over the lines', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    await ok('PUT', `/sessions/${session}/items/rechannel`, { quantity: 1 });
    const answer = await ok('POST', `/sessions/${session}/promo`, { code: 'fiveoff' });
    expect(answer.cart).toMatchObject({ total: '$97.20', totalValue: 97.2, coupons: ['FIVEOFF'] });
    const lines = selected(answer);
    const couponPart = lines.reduce((sum, item) => sum + Math.round((item.priceTotalValue - (item.totalValue ?? 0)) * 100), 0);
    // $5.80 catalogue discount on reChannel + $5.00 coupon.
    expect(couponPart).toBe(1080);
  });

  it('remembers the contact from recognize/secure and merges later pushes', async () => {
    const session = await newSession();
    await ok('POST', `/sessions/${session}/contact`, { paymentContact: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez' } });
    await ok('POST', `/sessions/${session}/contact`, { billingAddress: { country: 'es', region: 'Madrid', city: 'Madrid', postalCode: '28001' } });
    expect((await storedCart(session))?.contact).toEqual(shopperContact);
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/contact`, { paymentContact: { email: 'not-an-email' } });
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/contact`, { billingAddress: { country: 'Spain' } });
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/contact`, { paymentContact: { firstName: 'x'.repeat(101) } });
  });

  it('applies a push as one batch: reset, products, coupon and contact', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/sw-select-sample-loops-vol-1`, { quantity: 2 });
    const answer = await ok('POST', `/sessions/${session}/push`, {
      reset: true,
      products: [
        { path: 'remidi-4', quantity: 1 },
        { path: 'rechannel', quantity: 2 },
      ],
      coupon: 'WELCOME10',
      paymentContact: { email: 'sam@example.com' },
    });
    expect(selected(answer).map((item) => [item.path, item.quantity])).toEqual([
      ['remidi-4', 1],
      ['rechannel', 2],
    ]);
    expect(answer.cart.coupons).toEqual(['WELCOME10']);
    expect((await storedCart(session))?.contact).toEqual({ email: 'sam@example.com' });
  });

  it('writes nothing of a push that names an unknown product', async () => {
    const session = await newSession();
    await ok('PUT', `/sessions/${session}/items/remidi-4`, { quantity: 1 });
    const before = await storedCart(session);
    const error = await fails(400, 'unknown_product', 'POST', `/sessions/${session}/push`, {
      reset: true,
      products: [
        { path: 'rechannel', quantity: 1 },
        { path: 'ghost-one', quantity: 1 },
        { path: 'ghost-two', quantity: 1 },
      ],
    });
    expect(error.message).toContain("'ghost-one', 'ghost-two'");
    expect(await storedCart(session)).toEqual(before);
  });

  it('applies the rest of a push when its coupon is refused, and reports the coupon', async () => {
    const session = await newSession();
    const answer = await ok('POST', `/sessions/${session}/push`, { products: [{ path: 'remidi-4', quantity: 1 }], coupon: 'SUMMER24' });
    expect(selected(answer).map((item) => item.path)).toEqual(['remidi-4']);
    expect(answer.couponError?.code).toBe('expired');
  });

  it('answers bodies that are not JSON objects with 400, and oversized ones with 413', async () => {
    const session = await newSession();
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${API}/sessions/${session}/items`,
      headers: { 'content-type': 'application/json' },
      payload: '{"path":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(sandboxErrorSchema.parse(notJson.json()).code).toBe('invalid_request');
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/items`, ['remidi-4']);
    const huge = await t.app.inject({
      method: 'POST',
      url: `${API}/sessions/${session}/push`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ products: [], padding: 'x'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(sandboxErrorSchema.parse(huge.json()).code).toBe('too_large');
    const overGlobal = await t.app.inject({
      method: 'POST',
      url: `${API}/sessions`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(t.config.bodyLimit + 10) }),
    });
    expect(overGlobal.statusCode).toBe(413);
  });

  it('answers hostile JSON (prototype keys, deep nesting, wrong types) with 4xx and stays up', async () => {
    const session = await newSession();
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: `${API}/sessions/${session}/push`, headers: { 'content-type': 'application/json' }, payload });
    for (const payload of [
      '{"__proto__":{"polluted":true},"products":[]}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `${'['.repeat(7000)}${']'.repeat(7000)}`,
      '{"products":[{"path":"remidi-4","quantity":"1"}]}',
      '{"products":{"path":"remidi-4"}}',
      '{"reset":"yes"}',
      '{"paymentContact":"maria@example.com"}',
      '{"coupon":null}',
    ]) {
      const response = await send(payload);
      expect(response.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(sandboxErrorSchema.parse(response.json()).code).toBe('invalid_request');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await storedCart(session))?.items).toEqual([]);
  });

  it('refuses a cart of more than 100 different products', async () => {
    const session = await newSession();
    const products = Array.from({ length: 101 }, () => ({ path: 'remidi-4', quantity: 1 }));
    await fails(400, 'invalid_request', 'POST', `/sessions/${session}/push`, { products });
  });

  it('sends the API security headers on its JSON answers', async () => {
    const response = await call('POST', '/sessions', {});
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves builder.js revalidated (its URL is fixed), gzip-compressed on request, with 304s', async () => {
    const response = await t.app.inject('/sandbox/fastspring/builder.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('fastspring');
    const gzip = await t.app.inject({ url: '/sandbox/fastspring/builder.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(response.body);
    const again = await t.app.inject({ url: '/sandbox/fastspring/builder.js', headers: { 'if-none-match': response.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the checkout files immutable only under their versioned URL', async () => {
    const page = await t.app.inject(`/sandbox/fastspring/checkout/${await newSession()}`);
    const scriptUrl = /<script src="([^"]+)"/.exec(page.body)?.[1];
    const styleUrl = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(scriptUrl).toMatch(/^\/sandbox\/fastspring\/checkout\.js\?v=[\w-]+$/);
    expect((await t.app.inject(scriptUrl!)).headers['cache-control']).toContain('immutable');
    const css = await t.app.inject(styleUrl!);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/sandbox/fastspring/checkout.js?v=old')).headers['cache-control']).toBe('no-cache');
  });

  it('wrote no stray carts for refused requests and is still serving', async () => {
    const before = await t.database.db.$count(sandboxCarts);
    await fails(404, 'unknown_session', 'PUT', `/sessions/${'C'.repeat(32)}/items/remidi-4`, { quantity: 1 });
    expect(await t.database.db.$count(sandboxCarts)).toBe(before);
    expect((await t.app.inject('/status')).statusCode).toBe(200);
  });
});

describe('sandbox provider switched off', () => {
  it('is not served when PAYMENTS_PROVIDER is fastspring', async () => {
    const t = await createTestApp('pglite', {
      env: { PAYMENTS_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: 'songwish.test.onfastspring.com/embedded-songwish', MAIL_DISABLED: 'true' },
    });
    try {
      expect((await t.app.inject('/sandbox/fastspring/builder.js')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `${API}/sessions`, payload: {} })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
