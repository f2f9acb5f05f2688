import { toCachedBody, type CachedBody } from '#server/lib/cached-body.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { nextDealChange } from '#server/lib/deal.ts';
import type { CatalogRepository } from './catalog.repository';
import type { Category, ImageVariant, ProductDetail } from '@store/contracts';
import { imageVariantsOf, toProductDetailView, toProductView, type ProductLinks } from './product-view';

/** The channel (db/database-changes.ts) on which every catalogue write drops the processes' cached answers. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

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
  /** When the answer stops being served: after `maxAgeMs`, or earlier at a deal's start or end. */
  expiresAt: number;
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
  /** For a free trial: the live paid product whose page its address shows. */
  trialOf?: string;
}

/** A live product's own page, for a sitemap. */
export interface ProductPage {
  path: string;
  /** When the product was last saved. */
  updatedAt: Date;
}

/** The first moment after `at` when one of the rows' deals starts or ends, in ms; Infinity when none does. */
function nextPriceChange(rows: ProductRow[], at: Date): number {
  return Math.min(...rows.map((row) => nextDealChange(row, at)?.getTime() ?? Number.POSITIVE_INFINITY));
}

/** Builds the catalogue answers once, keeps them in memory and rebuilds after a change. */
export function createCatalogService(repository: CatalogRepository, options: CatalogServiceOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let listing: Entry<{ body: CachedBody; summaries: Map<string, ProductSummary> }> | undefined;
  /** The built listing, once its build has finished; lets the hot path skip a promise. */
  let builtListing: CachedBody | undefined;
  let categories: Entry<{ body: CachedBody; list: Category[] }> | undefined;
  const details = new Map<string, Entry<CachedBody | null>>();

  const fresh = (entry: Entry<unknown> | undefined) => entry !== undefined && now() < entry.expiresAt;
  const newEntry = <T>(build: (entry: Entry<T>) => Promise<T>): Entry<T> => {
    const entry = { expiresAt: now() + maxAgeMs } as Entry<T>;
    entry.value = build(entry);
    return entry;
  };
  /** Shortens an entry's life to the rows' next deal boundary, so no price outlives its deal. */
  const expireAtNextDeal = (entry: Entry<unknown>, rows: ProductRow[], at: Date) => {
    entry.expiresAt = Math.min(entry.expiresAt, nextPriceChange(rows, at));
  };

  async function buildListing(entry: Entry<unknown>) {
    const rows = await repository.listLiveProducts();
    const at = new Date(now());
    expireAtNextDeal(entry, rows, at);
    const pathById = new Map(rows.map((row) => [row.id, row.path]));
    const summaries = new Map(
      rows.map((row) => [
        row.path,
        {
          path: row.path,
          display: row.displayName,
          summaryHtml: row.summaryHtml,
          image: row.imagePath,
          imageVariants: imageVariantsOf(row).imageVariants ?? [],
          ...(row.trialOfProductId !== null && pathById.has(row.trialOfProductId) && { trialOf: pathById.get(row.trialOfProductId) }),
        },
      ]),
    );
    return { body: toCachedBody(rows.map((row) => toProductView(row, at))), summaries };
  }

  async function linksOf(row: ProductRow): Promise<ProductLinks> {
    const [trial, trialOf] = await Promise.all([
      repository.findLiveTrialOf(row.id),
      row.trialOfProductId === null ? undefined : repository.findLivePathById(row.trialOfProductId),
    ]);
    return { trial: trial ?? null, trialOf: trialOf ?? null };
  }

  async function buildDetail(path: string, entry: Entry<unknown>): Promise<CachedBody | null> {
    const row = await repository.findLiveProductByPath(path);
    if (!row) return null;
    const [latest, links] = await Promise.all([repository.findLatestVersion(row.id), linksOf(row)]);
    const at = new Date(now());
    expireAtNextDeal(entry, [row], at);
    return toCachedBody(toProductDetailView(row, latest, links, at));
  }

  function currentCategories() {
    if (fresh(categories)) return categories!.value;
    const entry = newEntry(async () => {
      const list = await repository.listCategories();
      return { body: toCachedBody(list), list };
    });
    categories = entry;
    // A failed build must not be served from the cache.
    entry.value.catch(() => {
      if (categories === entry) categories = undefined;
    });
    return entry.value;
  }

  function currentListing() {
    if (!fresh(listing)) {
      const entry = newEntry<{ body: CachedBody; summaries: Map<string, ProductSummary> }>((building) => buildListing(building));
      const value = entry.value;
      listing = entry;
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

    /** The store's categories in menu order (`GET /api/categories`), cached and invalidated with the listing. */
    async getCategories(): Promise<CachedBody> {
      return (await currentCategories()).body;
    },

    /** The category whose list is `/products/{slug}`, for page metadata; undefined when none has that slug. */
    async findCategory(slug: string): Promise<Category | undefined> {
      return (await currentCategories()).list.find((category) => category.slug === slug);
    },

    /** The live product's answer, or null when no live product has this path. */
    async getProduct(path: string): Promise<CachedBody | null> {
      const cached = details.get(path);
      if (fresh(cached)) return cached!.value;
      const entry = newEntry<CachedBody | null>((building) => buildDetail(path, building));
      const value = entry.value;
      details.set(path, entry);
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

    /** The store's categories in menu order, each a list page (`/products/{slug}`). */
    async listCategories(): Promise<Category[]> {
      return (await currentCategories()).list;
    },

    /**
     * The live products that have a page of their own, read from the database now: a trial whose
     * paid product is live is left out, since its address shows that product's page.
     */
    async listProductPages(): Promise<ProductPage[]> {
      const rows = await repository.listLiveProducts();
      const live = new Set(rows.map((row) => row.id));
      return rows
        .filter((row) => row.trialOfProductId === null || !live.has(row.trialOfProductId))
        .map((row) => ({ path: row.path, updatedAt: row.updatedAt }));
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
      const at = new Date(now());
      return Promise.all(
        rows.map(async (row) => ({
          detail: toProductDetailView(row, await repository.findLatestVersion(row.id), await linksOf(row), at),
          licenceSeats: row.licenceSeats,
        })),
      );
    },

    /**
     * Changes whenever any product or release changes, in this process or another on the same
     * database, and when a deal starts or ends (the prices an index holds change then too).
     */
    fingerprint(): Promise<string> {
      return repository.fingerprint(new Date(now()));
    },

    /** Call after any write to products, versions, files or categories. */
    invalidate() {
      listing = undefined;
      builtListing = undefined;
      categories = undefined;
      details.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
