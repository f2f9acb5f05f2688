import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseCouponCode, sandboxPayResponseSchema, sandboxSessionResponseSchema, upgradeCouponResponseSchema } from '@store/contracts';
import { coupons, legacyLicences, products } from '../src/db/schema';
import { createLegacyLicencesRepository } from '../src/modules/licensing/legacy-licences.repository';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, shopperContact } from './sandbox-fixtures';

const URL = '/api/licensing/upgrade-coupons';

describe.each(TEST_ENGINES)('upgrade coupons on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000', LICENSING_UNKNOWN_KEYS_PER_15_MINUTES: '1000' } });
    await createLegacyLicencesRepository(t.database.db).insertMissing([
      ...['R3-FREE-1', 'R3-FREE-2', 'R3-RACE', 'R3-CART', 'R3-DONE'].map((key) => ({ key, product: 'remidi-3', email: null, issuedAt: null })),
      { key: 'R2-85OFF-1', product: 'remidi-2', email: 'old@example.com', issuedAt: new Date('2019-05-01T00:00:00Z') },
      { key: 'RC1-OTHER', product: 'rechannel-1', email: null, issuedAt: null },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (legacyKey: string, product = 'remidi-4') => t.app.inject({ method: 'POST', url: URL, payload: { product, legacyKey } });
  const upgradeCoupons = () => t.database.db.select().from(coupons).where(like(coupons.code, 'UPG-%'));
  const productId = async (path: string) => (await t.database.db.select({ id: products.id }).from(products).where(eq(products.path, path)))[0]!.id;

  it('refuses a key it does not know with 404, naming the old products the page offers upgrades from', async () => {
    const response = await ask('NOPE-0000');
    expect(response.statusCode).toBe(404);
    const message = "We can't find that licence key. Check it against your reMIDI 3 or reMIDI 2 email, or write to";
    expect(response.json()).toMatchObject({
      error: 'Not Found',
      message: expect.stringContaining(message),
      fields: { legacyKey: expect.stringContaining(message) },
    });
  });

  it('refuses a key of a product the page offers no upgrade from with 422', async () => {
    const response = await ask('rc1-other');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This licence key is not for reMIDI 3 or reMIDI 2, so it gives no upgrade price on reMIDI 4.');
  });

  it('refuses a product without upgrade prices (422) and one not on sale (404)', async () => {
    expect((await ask('R3-FREE-1', 'rechannel')).statusCode).toBe(422);
    expect((await ask('R3-FREE-1', 'remidi-5-preview')).statusCode).toBe(404);
    expect((await ask('R3-FREE-1', 'no-such-product')).statusCode).toBe(404);
    expect(await upgradeCoupons()).toEqual([]);
  });

  it('refuses malformed input with 400', async () => {
    expect((await ask('   ')).statusCode).toBe(400);
    expect((await ask('R3-FREE-1', 'Not A Path')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: URL, payload: { legacyKey: 'R3-FREE-1' } })).statusCode).toBe(400);
  });

  it('makes one unguessable one-time coupon bound to the key, limited to the product, and gives it again', async () => {
    const first = await ask('  r3-free-1 ');
    expect(first.statusCode, first.body).toBe(201);
    const coupon = upgradeCouponResponseSchema.parse(first.json());
    expect(coupon).toMatchObject({ percentOff: 100, fromName: 'reMIDI 3', product: 'remidi-4' });
    expect(coupon.couponCode).toMatch(/^UPG-[A-Z2-9]{20}$/);
    expect(normaliseCouponCode(coupon.couponCode)).toBe(coupon.couponCode);

    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, coupon.couponCode));
    expect(row).toMatchObject({ kind: 'percent', percentOff: 100, productIds: [await productId('remidi-4')], maxRedemptions: 1, active: true });
    const [legacy] = await t.database.db.select().from(legacyLicences).where(eq(legacyLicences.key, 'R3-FREE-1'));
    expect(legacy?.upgradeCouponCode).toBe(coupon.couponCode);

    const again = await ask('R3-FREE-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(coupon);
    expect((await upgradeCoupons()).filter((candidate) => candidate.code === coupon.couponCode)).toHaveLength(1);
    // Another key gets another code.
    expect((await ask('R3-FREE-2')).json().couponCode).not.toBe(coupon.couponCode);
  });

  it('gives 85% off for a reMIDI 2 key', async () => {
    const response = await ask('R2-85OFF-1');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ percentOff: 85, fromName: 'reMIDI 2' });
  });

  it('ends concurrent requests for one key with one coupon', async () => {
    const before = (await upgradeCoupons()).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask('R3-RACE')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().couponCode)).size).toBe(1);
    expect(await upgradeCoupons()).toHaveLength(before + 1);
  });

  it('refuses a key whose upgrade was bought with 409', async () => {
    await ask('R3-DONE');
    await t.database.db.update(legacyLicences).set({ upgradedAt: new Date() }).where(eq(legacyLicences.key, 'R3-DONE'));
    const response = await ask('R3-DONE');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'This licence key has already been upgraded.',
      fields: { legacyKey: 'This licence key has already been upgraded.' },
    });
  });

  describe('in the sandbox checkout', () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${SANDBOX_API}${url}`, payload });
    async function cart(items: string[], code: string) {
      const { session } = sandboxSessionResponseSchema.parse((await post('/sessions', {})).json());
      for (const path of items) await t.app.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/${path}`, payload: { quantity: 1 } });
      return sandboxSessionResponseSchema.parse((await post(`/sessions/${session}/promo`, { code })).json());
    }

    it('takes reMIDI 4 for $0.00 with a 100% upgrade coupon, once, and discounts nothing else', async () => {
      const { couponCode } = upgradeCouponResponseSchema.parse((await ask('R3-CART')).json());
      const other = await cart(['rechannel'], couponCode);
      expect(other.couponError).toBeDefined();

      // Beside another product, only reMIDI 4 is free.
      const mixed = await cart(['remidi-4', 'rechannel'], couponCode);
      expect(mixed.couponError).toBeUndefined();
      expect(mixed.cart.totalValue).toBe(other.cart.totalValue);

      const free = await cart(['remidi-4'], couponCode);
      expect(free.couponError).toBeUndefined();
      expect(free.cart).toMatchObject({ total: '$0.00', totalValue: 0, coupons: [couponCode] });
      const paid = await post(`/sessions/${free.session}/pay`, shopperContact);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(sandboxPayResponseSchema.parse(paid.json()).order).toMatchObject({ total: 0, totalDisplay: '$0.00' });

      // Its one use is taken: neither the open cart nor a new one gets it again.
      const second = await cart(['remidi-4'], couponCode);
      expect(second.couponError).toBeDefined();
      expect(second.cart.totalValue).toBe(79);
      const payAgain = await post(`/sessions/${mixed.session}/pay`, { ...shopperContact, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' });
      expect(payAgain.statusCode).not.toBe(200);
    });

    it('prices reMIDI 4 at 15% with an 85% upgrade coupon', async () => {
      const { couponCode } = upgradeCouponResponseSchema.parse((await ask('R2-85OFF-1')).json());
      const { cart: view, couponError } = await cart(['remidi-4'], couponCode);
      expect(couponError).toBeUndefined();
      expect(view.totalValue).toBe(11.85);
    });
  });
});
