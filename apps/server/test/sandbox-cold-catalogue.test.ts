import { describe, expect, it } from 'vitest';
import { databasePerTest, TEST_ENGINES } from '#server-test/helpers.ts';
import type { Database } from '#server/db/client.ts';
import { createCouponRepository } from '#server/modules/coupons/coupons.repository.ts';
import { createCouponService } from '#server/modules/coupons/coupons.service.ts';
import { createLiveCatalogue } from '#server/modules/payments/sandbox/live-catalogue.ts';
import { createSandboxRepository } from '#server/modules/payments/sandbox/sandbox.repository.ts';
import { createSandboxService } from '#server/modules/payments/sandbox/sandbox.service.ts';

// The sandbox prices carts from a cached copy of the live products, which reads the products
// table when it is cold (after a catalogue write, or a minute). A cart change that found it cold
// inside its transaction read it on the database: on PGlite, one connection, that read waits for
// the transaction forever and the whole store with it (CI saw a promo code stop the e2e store).
describe.each(TEST_ENGINES)('cart changes on %s while the cached catalogue is cold', (engine) => {
  const openDatabase = databasePerTest(engine);

  async function sandbox() {
    const database = await openDatabase();
    const db = database.db;
    let loads = 0;
    const catalogue = createLiveCatalogue({
      load: () => (loads++, createSandboxRepository(db).listLiveProductRows()),
      listening: () => true,
    });
    const service = createSandboxService({
      db,
      repository: createSandboxRepository,
      catalogue,
      coupons: (on: Database) => createCouponService(createCouponRepository(on)),
      currency: 'USD',
      storeName: 'Test',
    });
    const { session } = await service.createSession();
    /** Drops the cached copy, as a catalogue write does; returns how many reads of the table followed. */
    const cold = () => {
      catalogue.invalidate();
      const before = loads;
      return () => loads - before;
    };
    return { service, session, cold };
  }

  it('a promo code, a product and a quantity are answered, reading the products before the transaction', async () => {
    const { service, session, cold } = await sandbox();

    let readsSince = cold();
    const promo = await service.applyPromo(session, 'WELCOME10');
    expect(promo.couponError?.code).toBe('invalid');
    expect(readsSince()).toBeGreaterThan(0);

    cold();
    await expect(service.setQuantity(session, 'remidi-4', 2)).rejects.toMatchObject({ code: 'unknown_product' });
    cold();
    await expect(service.push(session, { products: [{ path: 'remidi-4', quantity: 1 }], coupon: 'WELCOME10' })).rejects.toMatchObject({
      code: 'unknown_product',
    });
    cold();
    expect((await service.reset(session)).session).toBe(session);

    readsSince = cold();
    await expect(
      service.pay(session, {
        email: 'shopper@example.com',
        firstName: 'Sam',
        lastName: 'Shopper',
        country: 'US',
        region: '',
        city: '',
        postalCode: '10001',
      }),
    ).rejects.toMatchObject({ code: 'empty_cart' });
    expect(readsSince()).toBeGreaterThan(0);
  });
});
