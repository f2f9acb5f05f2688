import { nextDealChange } from '#server/lib/deal.ts';
import type { PricedProduct } from './pricing';
import { priceLiveProducts, type LiveProductRow } from './sandbox.repository';

export interface LiveCatalogueOptions {
  /** Reads every live product with its deal's dates (the sandbox repository's `listLiveProductRows`). */
  load(): Promise<LiveProductRow[]>;
  /** Whether every catalogue write's invalidation reaches this process now; while it does not, nothing is served from memory. */
  listening(): boolean;
  /** A backstop for an invalidation that never came. Default 60 s, like the catalogue's own cache. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The sandbox's copy of the live products it prices carts from. Each cart request used to read
 * the products table (up to six times per checkout); they change only through catalogue writes,
 * which announce themselves (db/database-changes.ts): `invalidate` drops the copy in this process
 * at once and in the others on the database's notification. Deals are kept with their dates and
 * priced at the moment asked, so a deal starts and ends on time without a write; the priced list
 * is the same objects until the next deal starts or ends, so what is built from a product (a
 * cart view's line) can be kept with it.
 */
export function createLiveCatalogue({ load, listening, maxAgeMs = 60_000, now = Date.now }: LiveCatalogueOptions) {
  let rows: LiveProductRow[] | undefined;
  let loadedAt = 0;
  let loading: { promise: Promise<LiveProductRow[]>; overtaken: boolean } | undefined;
  /** The rows priced at `from`, valid until the first deal start or end after it. */
  let priced: { rows: LiveProductRow[]; from: number; until: number; products: PricedProduct[] } | undefined;

  function pricedAt(loaded: LiveProductRow[], at: Date): PricedProduct[] {
    const moment = at.getTime();
    if (priced?.rows === loaded && moment >= priced.from && moment < priced.until) return priced.products;
    const changes = loaded.map((row) => nextDealChange(row, at)?.getTime() ?? Infinity);
    priced = { rows: loaded, from: moment, until: Math.min(Infinity, ...changes), products: priceLiveProducts(loaded, at) };
    return priced.products;
  }

  async function current(): Promise<LiveProductRow[]> {
    if (!listening()) return load();
    if (rows && now() - loadedAt < maxAgeMs) return rows;
    if (loading) return loading.promise;
    const started = now();
    const attempt = { promise: load(), overtaken: false };
    loading = attempt;
    try {
      const loaded = await attempt.promise;
      // A write that committed while this read ran may be missing from it: answer with it, keep it not.
      if (!attempt.overtaken) {
        rows = loaded;
        loadedAt = started;
      }
      return loaded;
    } finally {
      if (loading === attempt) loading = undefined;
    }
  }

  return {
    /** Every live product, in catalogue order, priced at `at` (the deal counts only while it runs). */
    async at(at: Date): Promise<PricedProduct[]> {
      return pricedAt(await current(), at);
    },
    /** A catalogue write committed (here or in another process): the next request reads the table. */
    invalidate(): void {
      rows = undefined;
      priced = undefined;
      if (loading) loading.overtaken = true;
      loading = undefined;
    },
  };
}

export type LiveCatalogue = ReturnType<typeof createLiveCatalogue>;
