import { toCachedBody, type CachedBody } from '#server/lib/cached-body.ts';
import type { CatalogRepository } from './catalog.repository';
import type { ImageVariant, ProductDetail } from '@store/contracts';
import { imageVariantsOf, toProductDetailView, toProductView } from './product-view';

export interface CatalogServiceOptions {
  /**
   * How long a built answer is reused before the database is read again. Writes made
   * through this process invalidate at once; the time limit bounds staleness when other
   * processes share the same PostgreSQL database.
   */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry<T> {
  value: Promise<T>;
  builtAt: number;
}

/** A live product as the storefront shows it, with the facts a search index needs beside it. */
export interface ProductFacts {
  detail: ProductDetail;
  /** Computers one licence activates; null when the product has no licence key. */
  licenceSeats: number | null;
}

export interface ProductSummary {
  path: string;
  display: string;
  summaryHtml: string;
  image: string;
  imageVariants: ImageVariant[];
}

/** Builds the catalogue answers once, keeps them in memory and rebuilds after a change. */
export function createCatalogService(repository: CatalogRepository, options: CatalogServiceOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let listing: Entry<{ body: CachedBody; summaries: Map<string, ProductSummary> }> | undefined;
  /** The built listing, once its build has finished; lets the hot path skip a promise. */
  let builtListing: CachedBody | undefined;
  const details = new Map<string, Entry<CachedBody | null>>();

  const fresh = (entry: Entry<unknown> | undefined) => entry !== undefined && now() - entry.builtAt < maxAgeMs;

  async function buildListing() {
    const rows = await repository.listLiveProducts();
    const summaries = new Map(
      rows.map((row) => [
        row.path,
        {
          path: row.path,
          display: row.displayName,
          summaryHtml: row.summaryHtml,
          image: row.imagePath,
          imageVariants: imageVariantsOf(row).imageVariants ?? [],
        },
      ]),
    );
    return { body: toCachedBody(rows.map(toProductView)), summaries };
  }

  async function buildDetail(path: string): Promise<CachedBody | null> {
    const row = await repository.findLiveProductByPath(path);
    if (!row) return null;
    const latest = await repository.findLatestVersion(row.id);
    return toCachedBody(toProductDetailView(row, latest));
  }

  function currentListing() {
    if (!fresh(listing)) {
      const value = buildListing();
      listing = { value, builtAt: now() };
      builtListing = undefined;
      value.then(
        (built) => {
          if (listing?.value === value) builtListing = built.body;
        },
        () => undefined,
      );
      // A failed build must not be served from the cache.
      value.catch(() => {
        if (listing?.value === value) listing = undefined;
      });
    }
    return listing!.value;
  }

  return {
    async getListing(): Promise<CachedBody> {
      return (await currentListing()).body;
    },

    /** The listing when a fresh one is already built, without waiting; otherwise undefined. */
    peekListing(): CachedBody | undefined {
      return fresh(listing) ? builtListing : undefined;
    },

    /** The live product's answer, or null when no live product has this path. */
    async getProduct(path: string): Promise<CachedBody | null> {
      const cached = details.get(path);
      if (fresh(cached)) return cached!.value;
      const value = buildDetail(path);
      details.set(path, { value, builtAt: now() });
      // Only products that exist stay cached, so unknown paths cannot grow the map.
      value.then(
        (body) => body === null && details.get(path)?.value === value && details.delete(path),
        () => details.get(path)?.value === value && details.delete(path),
      );
      return value;
    },

    /** Name, summary and image of a live product, for page metadata; undefined when unknown. */
    async getSummary(path: string): Promise<ProductSummary | undefined> {
      return (await currentListing()).summaries.get(path);
    },

    /** The first product of the listing (the first card of the full product list), for preloading its image. */
    async getFirstListed(): Promise<ProductSummary | undefined> {
      return (await currentListing()).summaries.values().next().value;
    },

    /**
     * Every live product with its latest release, read from the database now (not from the
     * cache), for indexes kept by other modules; pair it with `fingerprint` to know when to read again.
     */
    async listProductFacts(): Promise<ProductFacts[]> {
      const rows = await repository.listLiveProducts();
      return Promise.all(
        rows.map(async (row) => ({ detail: toProductDetailView(row, await repository.findLatestVersion(row.id)), licenceSeats: row.licenceSeats })),
      );
    },

    /** Changes whenever any product or release changes, in this process or another on the same database. */
    fingerprint(): Promise<string> {
      return repository.fingerprint();
    },

    /** Call after any write to products, versions or files. */
    invalidate() {
      listing = undefined;
      builtListing = undefined;
      details.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
