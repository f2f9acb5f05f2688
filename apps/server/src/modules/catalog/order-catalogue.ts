import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { createCatalogRepository, type CatalogRepository, type LatestVersionFiles } from './catalog.repository';

export interface OrderCatalogueOptions {
  /** The catalogue's queries on a handle (default: the catalogue repository). */
  repository?: (db: Database) => Pick<CatalogRepository, 'findProductsByPath' | 'findLatestVersions'>;
  /** Whether every catalogue write's invalidation reaches this process now; while it does not, nothing is served from memory. */
  listening(): boolean;
  /** A backstop for an invalidation that never came. Default 60 s, like the catalogue's own cache. */
  maxAgeMs?: number;
  now?: () => number;
}

/** What recording an order reads from the catalogue, on the handle it is given (the order's transaction). */
export interface OrderCatalogueReads {
  /** The products named, live or not, by path; a path no product has is absent. */
  productsByPath(paths: string[]): Promise<Map<string, ProductRow>>;
  /** The newest published version of each product with its files; a product without one is absent. */
  findLatestVersions(productIds: number[]): Promise<Map<number, LatestVersionFiles>>;
}

/**
 * The catalogue facts every order is recorded with (the products it names, the newest files of
 * each), kept in memory between catalogue writes: two reads per order otherwise, of rows that
 * change only through the back office and releases, which announce themselves
 * (db/database-changes.ts). `invalidate` drops everything; a read that a write overtook answers
 * its order but is not kept. What is not cached is read through the handle given, so a cold
 * cache inside an order's transaction reads on that transaction (PGlite has one connection).
 */
export function createOrderCatalogue({ listening, repository = createCatalogRepository, maxAgeMs = 60_000, now = Date.now }: OrderCatalogueOptions) {
  let generation = 0;
  let filledSince = now();
  const products = new Map<string, ProductRow>();
  // null: the product has no published version (also worth remembering).
  const latest = new Map<number, LatestVersionFiles | null>();

  function invalidate(): void {
    generation += 1;
    filledSince = now();
    products.clear();
    latest.clear();
  }

  /** The values of `keys`: from memory when it may be used, the rest read with `read` and kept unless a write came meanwhile. */
  async function through<K, V>(keys: K[], kept: Map<K, V | null>, read: (missing: K[]) => Promise<Map<K, V>>, keepAbsent: boolean): Promise<Map<K, V>> {
    const serving = listening();
    if (serving && now() - filledSince >= maxAgeMs) invalidate();
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const value = serving ? kept.get(key) : undefined;
      if (value === undefined) missing.push(key);
      else if (value !== null) found.set(key, value);
    }
    if (missing.length === 0) return found;
    const readIn = generation;
    const fresh = await read(missing);
    const keep = serving && readIn === generation;
    for (const key of missing) {
      const value = fresh.get(key);
      if (value !== undefined) found.set(key, value);
      if (keep && (value !== undefined || keepAbsent)) kept.set(key, value ?? null);
    }
    return found;
  }

  return {
    /** The reads on `db`, served from memory where they can be. */
    on(db: Database): OrderCatalogueReads {
      const catalog = repository(db);
      return {
        // An unknown path is not remembered: a product made later under it is found at once.
        productsByPath: (paths) => through(paths, products, (missing) => catalog.findProductsByPath(missing), false),
        findLatestVersions: (productIds) => through(productIds, latest, (missing) => catalog.findLatestVersions(missing), true),
      };
    },
    /** A catalogue write committed (here or in another process): the next order reads the tables. */
    invalidate,
  };
}

export type OrderCatalogue = ReturnType<typeof createOrderCatalogue>;
