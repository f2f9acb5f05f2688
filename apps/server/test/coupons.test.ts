import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, couponReservations, coupons, customers, orders, products } from '../src/db/schema';
import { importCatalogue } from '../src/modules/catalog/seed/seed-catalog';
import { createCouponRepository } from '../src/modules/coupons/coupons.repository';
import { createCouponService } from '../src/modules/coupons/coupons.service';
import { seedCouponList, seedCoupons } from '../src/modules/coupons/seed/seed-coupons';
import { createTestDatabase, SHARED_SEED_DIR, TEST_ENGINES, type TestDatabase } from './helpers';

const NOW = new Date('2026-03-10T12:00:00Z');

describe.each(TEST_ENGINES)('coupons on %s', (engine) => {
  let database: TestDatabase;
  let mediaDir: string;
  let remidiId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'coupon-media-'));
    await importCatalogue(database.db, { filesDir: path.join(SHARED_SEED_DIR, 'files'), mediaDir, currency: 'USD' });
    const [remidi] = await database.db.select({ id: products.id }).from(products).where(eq(products.path, 'remidi-4'));
    remidiId = remidi!.id;
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const service = () => createCouponService(createCouponRepository(database.db));
  const remidiLine = () => ({ productId: remidiId, path: 'remidi-4', amountMinor: 7900 });

  it('seeds every coupon once, and nothing on the second run', async () => {
    const first = await seedCoupons(database.db, { currency: 'USD' });
    expect(first.inserted.sort()).toEqual(seedCouponList.map((coupon) => coupon.code).sort());
    expect((await seedCoupons(database.db, { currency: 'USD' })).inserted).toEqual([]);
    expect(await database.db.$count(coupons)).toBe(seedCouponList.length);
    const [remidi20] = await database.db.select().from(coupons).where(eq(coupons.code, 'REMIDI20'));
    expect(remidi20?.productIds).toEqual([remidiId]);
    const [fiveOff] = await database.db.select().from(coupons).where(eq(coupons.code, 'FIVEOFF'));
    expect(fiveOff).toMatchObject({ kind: 'amount', amountOffMinor: 500, currency: 'USD', perCustomerLimit: 1 });
  });

  it("never overwrites a maker's edits", async () => {
    await database.db.update(coupons).set({ percentOff: 15, description: 'Edited' }).where(eq(coupons.code, 'WELCOME10'));
    await seedCoupons(database.db, { currency: 'USD' });
    const [row] = await database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(row).toMatchObject({ percentOff: 15, description: 'Edited' });
    await database.db.update(coupons).set({ percentOff: 10 }).where(eq(coupons.code, 'WELCOME10'));
  });

  it('matches codes case-insensitively and trimmed', async () => {
    const result = await service().evaluateCoupon('  welcome10 ', [remidiLine()], { now: NOW, currency: 'USD' });
    expect(result).toMatchObject({ ok: true, code: 'WELCOME10', discounts: [790] });
  });

  it('answers an unknown or malformed code as not valid', async () => {
    for (const code of ['NOPE', "x' or '1'='1", 'a\u0000b', '🎹']) {
      const result = await service().evaluateCoupon(code, [remidiLine()], { now: NOW, currency: 'USD' });
      expect(result).toMatchObject({ ok: false, reason: 'invalid', message: 'This code is not valid' });
    }
  });

  it('names the product a restricted code needs', async () => {
    const result = await service().evaluateCoupon('remidi20', [{ productId: remidiId + 1000, path: 'other', amountMinor: 100 }], {
      now: NOW,
      currency: 'USD',
    });
    expect(result).toMatchObject({ ok: false, reason: 'product_not_in_cart', message: 'This code only applies to reMIDI 4, which is not in your cart' });
  });

  it('refuses an expired code with its date', async () => {
    const result = await service().evaluateCoupon('SUMMER24', [remidiLine()], { now: NOW, currency: 'USD' });
    expect(result).toMatchObject({ ok: false, reason: 'expired', message: 'This code expired on August 31, 2024' });
  });

  it('counts redemptions by customer email for per-customer limits, and in total for max redemptions', async () => {
    const [customer] = await database.db.insert(customers).values({ email: 'maria@example.com' }).returning();
    const [order] = await database.db
      .insert(orders)
      .values({
        reference: 'SON260310-0001-00001',
        provider: 'sandbox',
        providerOrderId: 'o1',
        customerId: customer!.id,
        email: 'maria@example.com',
        currency: 'USD',
        subtotalMinor: 7900,
        discountMinor: 500,
        totalMinor: 7400,
        live: false,
        completedAt: NOW,
      })
      .returning();
    const [fiveOff] = await database.db.select().from(coupons).where(eq(coupons.code, 'FIVEOFF'));
    await database.db.insert(couponRedemptions).values({ couponId: fiveOff!.id, orderId: order!.id, customerId: customer!.id });

    const evaluate = (email?: string) => service().evaluateCoupon('FIVEOFF', [remidiLine()], { now: NOW, currency: 'USD', email });
    expect(await evaluate('Maria@Example.com ')).toMatchObject({ ok: false, reason: 'already_used', message: 'You have already used this code' });
    expect(await evaluate('someone.else@example.com')).toMatchObject({ ok: true, discountMinor: 500 });
    expect(await evaluate()).toMatchObject({ ok: true });

    await database.db.update(coupons).set({ maxRedemptions: 1 }).where(eq(coupons.code, 'FIVEOFF'));
    expect(await evaluate('someone.else@example.com')).toMatchObject({ ok: false, reason: 'used_up', message: 'This code has been used up' });
    // The pipeline's counter counts too, even before its rows are visible.
    await database.db.update(coupons).set({ maxRedemptions: 2, redemptionCount: 2 }).where(eq(coupons.code, 'FIVEOFF'));
    expect(await evaluate('someone.else@example.com')).toMatchObject({ ok: false, reason: 'used_up' });
  });

  it('counts a reservation as a use until the order is recorded, and the recorded order exactly once', async () => {
    await database.db.insert(coupons).values({ code: 'HELDONCE', kind: 'percent', percentOff: 5, maxRedemptions: 2, perCustomerLimit: 1 });
    const evaluate = (email: string) => service().evaluateCoupon('HELDONCE', [remidiLine()], { now: NOW, currency: 'USD', email });
    const first = await evaluate('held@example.com');
    if (!first.ok) throw new Error('expected the code to apply');

    await database.db.transaction(async (tx) => {
      const locked = await createCouponService(createCouponRepository(tx)).evaluateCoupon('HELDONCE', [remidiLine()], {
        now: NOW,
        currency: 'USD',
        email: 'held@example.com',
        lock: true,
      });
      if (!locked.ok) throw new Error('expected the code to apply under the lock');
      await createCouponService(createCouponRepository(tx)).reserve(locked, { providerOrderId: 'sandbox-order-1', email: ' Held@Example.com' });
    });
    expect(await evaluate('HELD@example.com')).toMatchObject({ ok: false, reason: 'already_used' });
    expect(await createCouponRepository(database.db).countRedemptions(first.couponId)).toBe(1);

    const [customer] = await database.db.insert(customers).values({ email: 'held@example.com' }).returning();
    const [order] = await database.db
      .insert(orders)
      .values({
        reference: 'SON260310-0002-00002',
        provider: 'sandbox',
        providerOrderId: 'sandbox-order-1',
        customerId: customer!.id,
        email: 'held@example.com',
        currency: 'USD',
        subtotalMinor: 7900,
        discountMinor: 395,
        totalMinor: 7505,
        live: false,
        completedAt: NOW,
      })
      .returning();
    const recorded = { orderId: order!.id, providerOrderId: 'sandbox-order-1', customerId: customer!.id };
    // The webhook may be delivered again: the use is counted once either way.
    expect(await service().redeem(['heldonce'], recorded)).toEqual(['HELDONCE']);
    expect(await service().redeem(['HELDONCE'], recorded)).toEqual([]);
    expect(await database.db.$count(couponReservations)).toBe(0);
    expect(await database.db.$count(couponRedemptions, eq(couponRedemptions.couponId, first.couponId))).toBe(1);
    expect(await createCouponRepository(database.db).countRedemptions(first.couponId)).toBe(1);
    expect(await evaluate('held@example.com')).toMatchObject({ ok: false, reason: 'already_used' });
    expect(await evaluate('other@example.com')).toMatchObject({ ok: true });
  });

  it('refuses an amount coupon in another currency', async () => {
    await database.db.update(coupons).set({ maxRedemptions: null, redemptionCount: 0 }).where(eq(coupons.code, 'FIVEOFF'));
    const result = await service().evaluateCoupon('FIVEOFF', [remidiLine()], { now: NOW, currency: 'EUR' });
    expect(result).toMatchObject({ ok: false, reason: 'wrong_currency' });
  });

  it('skips a seed coupon whose product the catalogue lacks', async () => {
    const result = await seedCoupons(database.db, {
      currency: 'USD',
      coupons: [{ code: 'GHOST', description: '', kind: 'percent', percentOff: 5, productPath: 'no-such-product' }],
    });
    expect(result.inserted).toEqual([]);
  });
});
