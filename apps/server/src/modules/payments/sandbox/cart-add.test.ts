import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databasePerTest, TEST_ENGINES } from '#server-test/helpers.ts';
import { sandboxCarts } from '#server/db/schema.ts';
import { SandboxError } from './sandbox.service';
import { pricedProduct } from './testing/priced-product';
import { sandboxServiceOn } from './testing/sandbox-service';

/** 101 products for sale: one more than a cart holds. */
const CATALOGUE = Array.from({ length: 101 }, (_, index) => pricedProduct({ id: index + 1, path: `product-${index}` }));

describe.each(TEST_ENGINES)('adding a product to a sandbox cart on %s', (engine) => {
  const openDatabase = databasePerTest(engine);

  /** The service on a fresh database, counting the carts it locks (the transaction path of a cart change). */
  async function sandbox() {
    const database = await openDatabase();
    const { service, locked } = sandboxServiceOn(database.db, CATALOGUE);
    const db = database.db;
    const items = async (session: string) => (await db.select().from(sandboxCarts).where(eq(sandboxCarts.id, session)))[0]!.items;
    return { service, locked, items };
  }

  it('adds a product new to the cart in one statement, without locking the cart in a transaction first', async () => {
    const { service, locked, items } = await sandbox();
    const { session } = await service.createSession();
    await service.addItem(session, 'product-1');
    await service.addItem(session, 'product-2');
    expect(locked).toEqual([]);
    expect(await items(session)).toEqual([
      { path: 'product-1', quantity: 1 },
      { path: 'product-2', quantity: 1 },
    ]);
  });

  it('answers the other cases as the locked change does: a product already there keeps its quantity, unknown sessions and products are refused', async () => {
    const { service, locked, items } = await sandbox();
    const { session } = await service.createSession();
    await service.addItem(session, 'product-1');
    await service.setQuantity(session, 'product-1', 3);
    const view = await service.addItem(session, 'product-1');
    expect(locked).toHaveLength(2);
    expect(await items(session)).toEqual([{ path: 'product-1', quantity: 3 }]);
    expect(view.cart.groups.flatMap((group) => group.items).find((item) => item.path === 'product-1')).toMatchObject({ quantity: 3 });
    await expect(service.addItem('no-such-session', 'product-1')).rejects.toMatchObject({ code: 'unknown_session' });
    await expect(service.addItem(session, 'not-for-sale')).rejects.toMatchObject({ code: 'unknown_product' });
    await expect(service.addItem('no-such-session', 'not-for-sale')).rejects.toMatchObject({ code: 'unknown_session' });
  });

  it('refuses the 101st product of a full cart with the same message', async () => {
    const { service, items } = await sandbox();
    const { session } = await service.createSession();
    for (const product of CATALOGUE.slice(0, 100)) await service.addItem(session, product.path);
    expect(await items(session)).toHaveLength(100);
    const refused = await service.addItem(session, 'product-100').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxError);
    expect(refused).toMatchObject({ code: 'invalid_request', message: 'A cart holds at most 100 different products' });
  });

  it('concurrent adds to one cart lose none and list none twice', async () => {
    const { service, items } = await sandbox();
    const { session } = await service.createSession();
    const paths = ['product-1', 'product-2', 'product-3', 'product-4'];
    await Promise.all([...paths, ...paths].map((path) => service.addItem(session, path)));
    const stored = await items(session);
    expect(stored.map((item) => item.path).sort()).toEqual(paths);
    expect(stored.every((item) => item.quantity === 1)).toBe(true);
  });
});
