import type { Database } from '#server/db/client.ts';
import type { PricedProduct } from '../pricing';
import { createSandboxRepository, type SandboxRepository } from '../sandbox.repository';
import { createSandboxService } from '../sandbox.service';

/**
 * The sandbox service on a test database, pricing from `catalogue` in US dollars with no coupons,
 * recording the carts it locks (the transaction path of a cart change or payment). `replace`
 * swaps repository methods, e.g. to change the cart between a read and a write (unit tests).
 */
export function sandboxServiceOn(db: Database, catalogue: PricedProduct[], replace: (repo: SandboxRepository) => Partial<SandboxRepository> = () => ({})) {
  const locked: string[] = [];
  const repository = (handle: Database) => {
    const repo = createSandboxRepository(handle);
    return { ...repo, lockCart: (id: string) => (locked.push(id), repo.lockCart(id)), ...replace(repo) };
  };
  const service = createSandboxService({
    db,
    repository,
    catalogue: { at: async () => catalogue },
    coupons: () => {
      throw new Error('these carts have no coupon');
    },
    currency: 'USD',
    storeName: 'Test',
  });
  return { service, locked };
}
