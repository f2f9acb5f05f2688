import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databasePerTest, TEST_ENGINES } from '#server-test/helpers.ts';
import type { Database } from '#server/db/client.ts';
import { sandboxCarts, sandboxOrders, sandboxWebhookDeliveries } from '#server/db/schema.ts';
import { pricedProduct } from './testing/priced-product';
import { sandboxServiceOn } from './testing/sandbox-service';

const CATALOGUE = [1, 2, 3].map((id) => pricedProduct({ id, path: `product-${id}`, priceMinor: id * 1000 }));

const PAYMENT = {
  email: 'buyer@example.com',
  firstName: 'Ada',
  lastName: 'Buyer',
  country: 'CA',
  region: 'QC',
  city: 'Montréal',
  postalCode: 'H2X 1Y4',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
};

describe.each(TEST_ENGINES)('paying for a sandbox cart on %s', (engine) => {
  const openDatabase = databasePerTest(engine);

  /**
   * The service on a fresh database, counting the carts it locks (the transaction path of a
   * payment). `beforeWrite` runs once, after the payment has read the cart and before its write.
   */
  async function sandbox(beforeWrite?: (db: Database, cartId: string) => Promise<void>) {
    const database = await openDatabase();
    let pending = beforeWrite;
    const { service, locked } = sandboxServiceOn(database.db, CATALOGUE, (repo) => ({
      completeCart: async (...args) => {
        const change = pending;
        pending = undefined;
        if (change) await change(database.db, args[2].id);
        return repo.completeCart(...args);
      },
    }));
    const db = database.db;
    const stored = async () => ({
      orders: await db.select().from(sandboxOrders),
      deliveries: await db.select().from(sandboxWebhookDeliveries),
      carts: await db.select().from(sandboxCarts),
    });
    return { service, locked, stored };
  }

  it('pays for a cart without a coupon without locking it in a transaction first', async () => {
    const { service, locked, stored } = await sandbox();
    const { session } = await service.createSession();
    await service.addItem(session, 'product-1');
    await service.addItem(session, 'product-2');
    const { order, created } = await service.pay(session, PAYMENT);
    expect(created).toBe(true);
    expect(locked).toEqual([]);
    expect(order).toMatchObject({ total: 30, items: [{ product: 'product-1' }, { product: 'product-2' }] });
    const { orders, deliveries, carts } = await stored();
    expect(orders).toHaveLength(1);
    expect(deliveries).toEqual([expect.objectContaining({ sandboxOrderId: order.id, status: 'pending' })]);
    expect(carts[0]).toMatchObject({ items: [], completedOrderId: order.id });
  });

  it('takes the locked path when the cart changed between its read and the order, and bills what the cart then holds', async () => {
    const { service, locked, stored } = await sandbox(async (db, cartId) => {
      // Another tab adds a product while this payment is on its way.
      await db
        .update(sandboxCarts)
        .set({
          items: [
            { path: 'product-1', quantity: 1 },
            { path: 'product-3', quantity: 1 },
          ],
        })
        .where(eq(sandboxCarts.id, cartId));
    });
    const { session } = await service.createSession();
    await service.addItem(session, 'product-1');
    const { order } = await service.pay(session, PAYMENT);
    expect(locked).toEqual([session]);
    expect(order).toMatchObject({ total: 40, items: [{ product: 'product-1' }, { product: 'product-3' }] });
    const { orders, deliveries } = await stored();
    expect(orders).toHaveLength(1);
    expect(deliveries).toHaveLength(1);
  });

  it('answers a repeated payment with the order already made, once the cart was emptied by it', async () => {
    const { service, stored } = await sandbox();
    const { session } = await service.createSession();
    await service.addItem(session, 'product-2');
    const first = await service.pay(session, PAYMENT);
    const again = await service.pay(session, PAYMENT);
    expect(again).toEqual({ order: first.order, created: false });
    expect((await stored()).orders).toHaveLength(1);
  });
});
