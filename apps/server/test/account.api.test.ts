import { createHash, createHmac, createPrivateKey, generateKeyPairSync, type JsonWebKey as NodeJwk } from 'node:crypto';
import { accountDataSchema, customerLookupResponseSchema, type AccountData } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers, products, productVersions } from '../src/db/schema';
import { signedDownloadPath } from '../src/modules/downloads/signed-download-url';
import { loadOrCreateSigningKeys } from '../src/modules/identity/signing-keys';
import { createTestApp, TEST_ENGINES, type TestApp, withTamperedSignature } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder, testReturn, type TestOrderInput } from './webhook-fixtures';

const STORE = 'http://localhost:8080';
const ISSUER = `${STORE}/idp`;
const AUDIENCE = `${STORE}/api`;
const PASSWORD = 'correct horse battery';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe.each(TEST_ENGINES)('the account API on %s', (engine) => {
  let t: TestApp;
  let secret: string;
  let privateKey: Awaited<ReturnType<typeof importJWK>>;
  let privateKeyObject: ReturnType<typeof createPrivateKey>;
  let kid: string;
  let publicJwk: Record<string, unknown>;

  const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function verifiedToken(email: string, options: { verify?: boolean; givenName?: string; familyName?: string } = {}) {
    const { tokens } = await signInThroughIdp(t, { email, password: PASSWORD, signUp: true, ...options });
    return tokens.access_token;
  }

  /** A token signed with the provider's real key, so that only the claim under test is wrong. */
  async function signed(payload: JWTPayload, header: Record<string, unknown> = {}) {
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt', ...header }).sign(privateKey);
  }

  async function order(email: string, items: TestOrderInput['items'] = [{ product: 'remidi-4', quantity: 1, subtotal: 79 }], extra: TestOrderInput = {}) {
    const data = testOrder({ email, items, ...extra });
    const response = await postWebhook(t.app, secret, envelope(data));
    expect(response.statusCode).toBe(200);
    return data;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    secret = t.secrets.FASTSPRING_WEBHOOK_SECRET;
    const keys = await loadOrCreateSigningKeys(t.dataDir);
    kid = keys.privateJwks.keys[0]!.kid!;
    privateKey = await importJWK(keys.privateJwks.keys[0]!, 'RS256');
    privateKeyObject = createPrivateKey({ key: keys.privateJwks.keys[0] as NodeJwk, format: 'jwk' });
    publicJwk = keys.publicJwks.keys[0] as Record<string, unknown>;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('token checks', () => {
    let sub: string;
    beforeAll(async () => {
      const token = await verifiedToken('checks@example.com');
      sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
    });
    const good = () => ({ sub, iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 600, email: 'checks@example.com', email_verified: true });

    it('accepts a well-formed token (and one just past expiry, within 60 s of clock tolerance)', async () => {
      expect((await api('GET', '/api/account', await signed(good()))).statusCode).toBe(404);
      expect((await api('GET', '/api/account', await signed({ ...good(), exp: now() - 30 }))).statusCode).toBe(404);
    });

    it('refuses a missing or malformed Authorization header with 401 and a Bearer challenge', async () => {
      for (const headers of [
        {},
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer' },
        { authorization: 'Bearer not a token' },
        { authorization: 'Bearer abc.def.ghi' },
      ]) {
        const response = await t.app.inject({ url: '/api/account', headers });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(response.json()).toMatchObject({ error: 'Unauthorized' });
      }
    });

    it('refuses forged, unsigned, confused-algorithm, expired, misaddressed and subjectless tokens', async () => {
      const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const forged = await new SignJWT(good()).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(otherKey);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good())}.`;
      // HS256 keyed with the public key, the classic algorithm confusion attack.
      const hsInput = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(good())}`;
      const hs256 = `${hsInput}.${createHmac('sha256', JSON.stringify(publicJwk)).update(hsInput).digest('base64url')}`;
      const { sub: _sub, ...withoutSub } = good();
      const cases: Record<string, string> = {
        forged,
        unsigned,
        hs256,
        expired: await signed({ ...good(), iat: now() - 7200, exp: now() - 120 }),
        'wrong audience': await signed({ ...good(), aud: 'https://other.example/api' }),
        'ID token audience': await signed({ ...good(), aud: 'songwish-web' }),
        'wrong issuer': await signed({ ...good(), iss: 'https://evil.example/idp' }),
        'no subject': await signed(withoutSub),
        'empty subject': await signed({ ...good(), sub: '' }),
        'unknown subject': await signed({ ...good(), sub: '00000000-0000-4000-8000-000000000000' }),
        'no issued-at': await signed({ ...good(), iat: undefined }),
        'RS384 with the right key': await new SignJWT(good()).setProtectedHeader({ alg: 'RS384', kid }).sign(privateKeyObject),
      };
      for (const [name, token] of Object.entries(cases)) {
        const response = await api('GET', '/api/account', token);
        expect(response.statusCode, name).toBe(401);
        expect(response.headers['www-authenticate'], name).toContain('invalid_token');
      }
      const expired = await api('GET', '/api/account', cases.expired);
      expect(expired.json().message).toMatch(/expired/);
    });

    it('never takes the email from an unverified claim', async () => {
      const unverified = await signed({ ...good(), email_verified: false });
      const stringly = await signed({ ...good(), email_verified: 'true' });
      const noEmail = await signed({ ...good(), email: undefined });
      for (const token of [unverified, stringly]) {
        // The account row of this subject is verified for checks@example.com, but a token issued
        // while it was not never counts: only the token's own boolean claim does.
        expect((await api('GET', '/api/account', token)).statusCode).toBe(403);
      }
      const otherEmail = await signed({ ...good(), email: 'victim@example.com', email_verified: false });
      expect((await api('GET', '/api/account', otherEmail)).statusCode).toBe(403);
      expect((await api('GET', '/api/account', noEmail)).statusCode).toBe(403);
    });
  });

  it("refuses a token issued before the account's tokens-valid-after time, however well signed", async () => {
    const token = await verifiedToken('cut-off@example.com');
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await t.database.db
      .update(accounts)
      .set({ tokensValidAfter: new Date((now() - 60) * 1000) })
      .where(eq(accounts.id, sub));
    const claims = { sub, iss: ISSUER, aud: AUDIENCE, exp: now() + 600, email: 'cut-off@example.com', email_verified: true };
    const before = await api('GET', '/api/account', await signed({ ...claims, iat: now() - 61 }));
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toBe('The access token is no longer valid. Sign in again.');
    expect((await api('GET', '/api/account', await signed({ ...claims, iat: now() - 60 }))).statusCode).toBe(404);
  });

  it('answers 404 "No orders found" to a verified email the store has no customer for, and 403 to an unverified email', async () => {
    const none = await api('GET', '/api/account', await verifiedToken('no-orders@example.com'));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Not Found', message: 'No orders found' });

    await order('unconfirmed@example.com');
    const unverified = await verifiedToken('unconfirmed@example.com', { verify: false });
    for (const [method, url, body] of [
      ['GET', '/api/account', undefined],
      ['POST', '/api/account/lookup', {}],
      ['POST', '/lookup', undefined],
      ['POST', '/api/track-download', { product_id: 'remidi-4', version: '4.2.1', order_id: 'x' }],
    ] as const) {
      const response = await api(method, url, unverified, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toMatch(/confirm your email/i);
    }
  });

  it('answers an empty account, not 404, to a customer the store knows who has no orders (account spec §8)', async () => {
    // Only the orders module creates customers, always with an order; this stands for one whose orders are gone.
    await t.database.db.insert(customers).values({ email: 'orders-gone@example.com', firstName: 'Olive', lastName: 'Gone' });
    const response = await api('GET', '/api/account', await verifiedToken('orders-gone@example.com'));
    expect(response.statusCode).toBe(200);
    expect(accountDataSchema.parse(response.json())).toEqual({
      customer_info: { full_name: 'Olive Gone', first_name: 'Olive', last_name: 'Gone', email: 'orders-gone@example.com' },
      total_orders: 0,
      total_products: 0,
      total_files: 0,
      total_licenses: 0,
      licensespring_licenses: [],
      orders: [],
    });
  });

  it('shows a guest order placed before sign-up, with products, files, licences and version states', async () => {
    const bought = await order(
      'Guest.Buyer@Example.com',
      [
        { product: 'remidi-4', quantity: 2, subtotal: 158, discount: 15.8 },
        { product: 'sw-select-sample-loops-vol-1', quantity: 1, subtotal: 24.99 },
      ],
      { coupons: ['WELCOME10'] },
    );
    const token = await verifiedToken('guest.buyer@example.com', { givenName: 'Grace', familyName: 'Hopper' });
    const response = await api('GET', '/api/account', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data: AccountData = accountDataSchema.parse(response.json());
    expect(data.customer_info).toEqual({ full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email: 'guest.buyer@example.com' });
    expect(data).toMatchObject({ total_orders: 1, total_products: 2, total_licenses: 2 });
    const [placed] = data.orders;
    expect(placed).toMatchObject({ order_id: bought.id, order_reference: bought.reference, currency: 'USD', status: 'completed', total: 167.19 });
    expect(new Date(placed!.date).toISOString()).toBe(placed!.date);

    const remidi = placed!.products.find((product) => product.product_id === 'remidi-4')!;
    expect(remidi).toMatchObject({
      sku: expect.any(String),
      display: 'reMIDI 4',
      quantity: 2,
      subtotal_display: '$142.20',
      coupon: 'WELCOME10',
      first_download: true,
      user_version: null,
      current_version: '4.2.1',
      has_update: false,
      is_major_update: false,
    });
    expect(placed!.products.find((product) => product.product_id === 'sw-select-sample-loops-vol-1')!.coupon).toBe('N/A');
    const expires = new Date(remidi.download_expires!).getTime();
    expect(Math.abs(expires - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(remidi.download_url).toMatch(/^http:\/\/localhost:8080\/api\/downloads\/\d+\?entitlement=\d+&expires=\d+&signature=/);

    const remidiFiles = placed!.files.filter((file) => file.product_id === 'remidi-4');
    expect(remidiFiles.map((file) => file.type).sort()).toEqual(['mac', 'windows']);
    expect(remidiFiles[0]).toMatchObject({
      product: 'reMIDI 4',
      version: '4.2.1',
      download_source: 'local',
      display: expect.stringMatching(/^reMIDI 4 4\.2\.1 for (macOS|Windows)$/),
    });
    expect(remidiFiles[0]!.size).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    expect(typeof remidiFiles[0]!.size_mb).toBe('number');
    expect(data.total_files).toBe(placed!.files.length);
    expect(placed!.licenses).toHaveLength(2);
    expect(placed!.licenses[0]).toMatchObject({ product: 'reMIDI 4', product_id: 'remidi-4', type: 'perpetual', display: 'reMIDI 4 (up to 3 computers)' });
    expect(data.licensespring_licenses.map((licence) => licence.license_key).sort()).toEqual(placed!.licenses.map((licence) => licence.license_key).sort());
    expect(data.licensespring_licenses[0]).toMatchObject({ product_name: 'reMIDI 4', status: 'Active', activations_used: 0, expiration: null });

    // The account's link downloads the file; ranges resume it.
    const link = remidi.download_url!.replace(STORE, '');
    const whole = await t.app.inject(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(whole.headers['x-content-sha256']);

    const head = await t.app.inject({ url: link, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.headers['content-length']).toBe('100');
    expect(head.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    const rest = await t.app.inject({ url: link, headers: { range: 'bytes=100-', 'if-range': whole.headers.etag as string } });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.concat([head.rawPayload, rest.rawPayload]).equals(whole.rawPayload)).toBe(true);
    const tail = await t.app.inject({ url: link, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const changed = await t.app.inject({ url: link, headers: { range: 'bytes=100-', 'if-range': '"another-file"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(size);
    const outside = await t.app.inject({ url: link, headers: { range: `bytes=${size}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('tracks downloaded versions and tells first download, up to date, update and major update apart', async () => {
    const bought = await order('tracker@example.com', [{ product: 'rechannel', quantity: 1, subtotal: 29 }]);
    const token = await verifiedToken('tracker@example.com');
    const state = async () => {
      const data = (await api('GET', '/api/account', token)).json() as AccountData;
      return data.orders[0]!.products[0]!;
    };
    expect(await state()).toMatchObject({ first_download: true, user_version: null, current_version: '1.0.2' });

    const track = (body: unknown) => api('POST', '/api/track-download', token, body);
    const old = await track({ product_id: 'rechannel', version: '1.0.0', order_id: bought.id });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ product_id: 'rechannel', version: '1.0.0', order_id: bought.id });
    expect(await state()).toMatchObject({ first_download: false, user_version: '1.0.0', has_update: true, is_major_update: false });

    expect((await track({ product_id: 'rechannel', version: '1.0.2', order_id: bought.id })).statusCode).toBe(200);
    expect(await state()).toMatchObject({ user_version: '1.0.2', has_update: false, is_major_update: false });

    // A new major version is released: the customer is a major version behind.
    const [rechannel] = await t.database.db.select().from(products).where(eq(products.path, 'rechannel'));
    await t.database.db.insert(productVersions).values({ productId: rechannel!.id, version: '2.0.0', releasedAt: new Date(), publishedAt: new Date() });
    expect(await state()).toMatchObject({ user_version: '1.0.2', current_version: '2.0.0', has_update: true, is_major_update: true, download_url: null });

    // Only real versions of products in the caller's own orders are recorded.
    for (const body of [
      { product_id: 'rechannel', version: '9.9.9', order_id: bought.id },
      { product_id: 'remidi-4', version: '4.2.1', order_id: bought.id },
      { product_id: 'rechannel', version: '1.0.2', order_id: 'order-of-nobody' },
    ]) {
      const response = await track(body);
      expect(response.statusCode).toBe(404);
    }
    for (const body of [
      {},
      { product_id: 'rechannel' },
      { product_id: 'Re Channel', version: '1', order_id: 'x' },
      { product_id: 'rechannel', version: '1.0.0', order_id: 'x'.repeat(500) },
    ]) {
      expect((await track(body)).statusCode).toBe(400);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/track-download',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"product_id":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('never shows one customer another customer’s orders, licences or download links', async () => {
    const orderA = await order('alice@example.com', [{ product: 'remidi-4', quantity: 1, subtotal: 79 }], { first: 'Alice' });
    const orderB = await order(
      'bob@example.com',
      [
        { product: 'remidi-4', quantity: 1, subtotal: 79 },
        { product: 'sw-free-chord-starter', quantity: 1, subtotal: 0 },
      ],
      { first: 'Bob' },
    );
    const alice = await verifiedToken('alice@example.com');
    const bob = await verifiedToken('bob@example.com');

    const aliceData = (await api('GET', '/api/account', alice)).json() as AccountData;
    const bobData = (await api('GET', '/api/account', bob)).json() as AccountData;
    expect(aliceData.orders.map((placed) => placed.order_reference)).toEqual([orderA.reference]);
    expect(bobData.orders.map((placed) => placed.order_reference)).toEqual([orderB.reference]);
    const aliceText = JSON.stringify(aliceData);
    for (const licence of bobData.licensespring_licenses) expect(aliceText).not.toContain(licence.license_key);
    for (const file of bobData.orders.flatMap((placed) => placed.files)) expect(aliceText).not.toContain(new URL(file.file_url).search);
    expect(aliceText).not.toContain('bob@example.com');
    expect(aliceText).not.toContain(orderB.reference);

    // Alice cannot record downloads against Bob's order, and her lookup is hers.
    const cross = await api('POST', '/api/track-download', alice, { product_id: 'remidi-4', version: '4.2.1', order_id: orderB.id });
    expect(cross.statusCode).toBe(404);
    const lookup = customerLookupResponseSchema.parse((await api('POST', '/api/account/lookup', alice, {})).json());
    expect(lookup.customer_info).toMatchObject({ email: 'alice@example.com', first_name: 'Alice' });
    // The sandbox takes the prefill unencrypted: no secure payload.
    expect(lookup.secure_payload).toBeUndefined();

    // A download link of Bob's cannot be turned into one of Alice's files by editing it.
    const bobLink = new URL(bobData.orders[0]!.files[0]!.file_url);
    const aliceLink = new URL(aliceData.orders[0]!.files[0]!.file_url);
    const swapped = `${aliceLink.pathname}?entitlement=${bobLink.searchParams.get('entitlement')}&expires=${aliceLink.searchParams.get('expires')}&signature=${aliceLink.searchParams.get('signature')}`;
    expect((await t.app.inject(swapped)).statusCode).toBe(403);
  });

  it('shows a partly refunded order: the refunded line marked, its licence revoked and its downloads gone', async () => {
    const bought = await order('refunded.buyer@example.com', [
      { product: 'remidi-4', quantity: 2, subtotal: 158 },
      { product: 'sw-free-chord-starter', quantity: 1, subtotal: 0 },
    ]);
    const refund = testReturn(bought, { items: [{ product: 'remidi-4', quantity: 2 }], total: 158 });
    expect((await postWebhook(t.app, secret, envelope(refund, { type: 'return.created' }))).statusCode).toBe(200);
    const data = accountDataSchema.parse((await api('GET', '/api/account', await verifiedToken('refunded.buyer@example.com'))).json());
    const [placed] = data.orders;
    expect(placed!.status).toBe('partially_refunded');
    const remidi = placed!.products.find((product) => product.product_id === 'remidi-4')!;
    expect(remidi).toMatchObject({ refunded_quantity: 2, download_url: null, download_expires: null });
    const starter = placed!.products.find((product) => product.product_id === 'sw-free-chord-starter')!;
    expect(starter.refunded_quantity).toBe(0);
    expect(starter.download_url).toMatch(/^http:/);
    expect(placed!.files.map((file) => file.product_id)).toEqual(['sw-free-chord-starter']);
    expect(placed!.licenses.map((licence) => licence.status)).toEqual(['Revoked', 'Revoked']);
    expect(data.licensespring_licenses.map((licence) => licence.status)).toEqual(['Revoked', 'Revoked']);
  });

  it('prefills the checkout from the customer record, else from the sign-in profile', async () => {
    await order('prefill@example.com', [{ product: 'rechannel', quantity: 1, subtotal: 29 }], { first: 'Pre' });
    const known = await verifiedToken('prefill@example.com');
    for (const request of [
      () => api('POST', '/api/account/lookup', known, {}),
      () => api('POST', '/lookup', known),
      () => t.app.inject({ method: 'POST', url: '/lookup', headers: { authorization: `Bearer ${known}`, 'content-type': 'application/json' }, payload: '' }),
    ]) {
      const response = await request();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        customer_info: {
          first_name: 'Pre',
          last_name: 'Lovelace',
          email: 'prefill@example.com',
          country: 'CA',
          city: 'Montréal',
          region: 'QC',
          postal_code: 'H2X 1Y4',
        },
      });
    }
    const stranger = await verifiedToken('new.shopper@example.com', { givenName: 'Nina', familyName: 'Simone' });
    const response = await api('POST', '/lookup', stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: 'Customer not found',
      customer_info: { first_name: 'Nina', last_name: 'Simone', email: 'new.shopper@example.com', country: null, city: null, region: null, postal_code: null },
    });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/lookup',
      headers: { authorization: `Bearer ${known}`, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(400);
  });

  it('refuses altered and expired download links with 403: JSON for programs, a page for people', async () => {
    const bought = await order('links@example.com', [{ product: 'sw-free-chord-starter', quantity: 1, subtotal: 0 }]);
    void bought;
    const token = await verifiedToken('links@example.com');
    const data = (await api('GET', '/api/account', token)).json() as AccountData;
    const link = new URL(data.orders[0]!.files[0]!.file_url);
    const tampered = withTamperedSignature(`${link.pathname}?${link.searchParams.toString()}`);
    const fileId = Number(link.pathname.split('/').pop());
    const entitlementId = Number(link.searchParams.get('entitlement'));
    const expired = signedDownloadPath(t.secrets.DOWNLOAD_SIGNING_SECRET, { fileId, entitlementId, expires: now() - 60 });

    const invalidJson = await t.app.inject({ url: tampered, headers: { accept: 'application/json' } });
    expect(invalidJson.statusCode).toBe(403);
    expect(invalidJson.json().message).toMatch(/not valid/);
    const expiredJson = await t.app.inject(expired);
    expect(expiredJson.statusCode).toBe(403);
    expect(expiredJson.json().message).toMatch(/expired/);

    const invalidPage = await t.app.inject({ url: tampered, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(invalidPage.statusCode).toBe(403);
    expect(invalidPage.headers['content-type']).toContain('text/html');
    expect(invalidPage.body).toContain('This download link is not valid');
    expect(invalidPage.body).toContain('href="http://localhost:8080/account"');
    expect(invalidPage.body).not.toContain('<script');
    expect(invalidPage.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const expiredPage = await t.app.inject({ url: expired, headers: { accept: 'text/html' } });
    expect(expiredPage.statusCode).toBe(403);
    expect(expiredPage.body).toContain('This download link has expired');
  });
});
