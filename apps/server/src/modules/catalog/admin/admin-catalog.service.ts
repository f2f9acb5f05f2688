import type { UpgradeOffer } from '@store/contracts';
import type {
  AdminCategory,
  AdminCategoryList,
  AdminProduct,
  AdminProductDetail,
  AdminProductList,
  AdminProductQuery,
  ProductDeal,
  ProductLiveRequest,
} from '@store/contracts/admin';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { changedBySomeoneElse, HttpError, notFound } from '#server/lib/http-error.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import type { VerifiedCaller } from '#server/modules/accounts/accounts.service.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import type { ChangeChannel } from '#server/db/database-changes.ts';
import { productColumns, type ProductColumnsExtra } from '../product-columns';
import { createAdminCatalogRepository, type AdminCatalogRepository, type CategoryRow, type ProductColumns } from './admin-catalog.repository';
import { uniqueViolationOf } from '#server/lib/unique-violation.ts';

/** What the orders module tells the catalogue about sales, on a transaction or the database. */
export type SalesOn = (db: Database) => { soldCounts(productIds?: number[]): Promise<Map<number, number>> };

export interface AdminCatalogServiceOptions {
  db: Database;
  /** The store currency: every price is in it. */
  currency: string;
  sales: SalesOn;
  changes: Pick<ChangeChannel, 'announce' | 'afterCommit'>;
  now?: () => Date;
}

type Actor = Pick<VerifiedCaller, 'email'>;

export const PATH_TAKEN = 'This path is taken';
export const SOLD_PATH_FIXED = 'This product has been sold: its path is in customers’ orders and links, so it cannot change';

/** The back office's catalogue: products and categories, each write one audited transaction that drops every process's cache. */
export function createAdminCatalogService({ db, currency, sales, changes, now = () => new Date() }: AdminCatalogServiceOptions) {
  const read = createAdminCatalogRepository(db);

  /** Runs a write in one transaction with its audit record and the change announcement. */
  async function write<T>(work: (repository: AdminCatalogRepository, tx: Database) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction(async (tx) => {
        const value = await work(createAdminCatalogRepository(tx), tx);
        await changes.announce(tx);
        return value;
      });
      changes.afterCommit();
      return result;
    } catch (error) {
      throw duplicateToConflict(error);
    }
  }

  async function detailOf(row: ProductRow, repository: AdminCatalogRepository = read): Promise<AdminProductDetail> {
    const [sold, trialPaths] = await Promise.all([
      sales(db).soldCounts([row.id]),
      repository.pathsOfProducts(row.trialOfProductId ? [row.trialOfProductId] : []),
    ]);
    return toDetail(row, { soldCount: sold.get(row.id) ?? 0, trialOfPath: row.trialOfProductId ? (trialPaths.get(row.trialOfProductId) ?? null) : null });
  }

  async function columnsFor(repository: AdminCatalogRepository, input: AdminProduct, before: ProductRow | undefined): Promise<Omit<ProductColumns, 'sku'>> {
    const trialOfProductId = await checkReferences(repository, input, before?.id);
    return toColumns(input, {
      trialOfProductId,
      currency,
      imagePath: coverOf(input.media) ?? before?.imagePath ?? '',
      summaryHtml: summaryHtmlFor(input.summaryMarkdown, before),
      // A save from a client that does not send the offers keeps them; a new product has none.
      upgradeOffers: input.upgradeOffers ?? before?.upgradeOffers ?? [],
    });
  }

  return {
    async listProducts(query: AdminProductQuery): Promise<AdminProductList> {
      const rows = await read.listProducts({
        search: query.search || undefined,
        category: query.category || undefined,
        live: query.status === undefined ? undefined : query.status === 'live',
      });
      const sold = await sales(db).soldCounts(rows.map((row) => row.id));
      const at = now();
      const items = rows.map((row) => ({
        id: row.id,
        path: row.path,
        displayName: row.displayName,
        category: row.category,
        imagePath: row.imagePath,
        priceMinor: row.priceMinor,
        deal: dealOf(row),
        dealActive: isDealActive(row, at),
        live: row.live,
        soldCount: sold.get(row.id) ?? 0,
        isTrial: row.trialOfProductId !== null,
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
      }));
      const wantDeal = query.deal === undefined ? undefined : query.deal === 'true';
      return { products: wantDeal === undefined ? items : items.filter((item) => item.dealActive === wantDeal), currency };
    },

    async getProduct(id: number): Promise<AdminProductDetail> {
      const row = await read.findProduct(id);
      if (!row) throw productNotFound(id);
      return detailOf(row);
    },

    /** A new product: a draft unless the form says otherwise. */
    async createProduct(actor: Actor, input: AdminProduct): Promise<AdminProductDetail> {
      const row = await write(async (repository, tx) => {
        // The SKU is the payment provider's and the orders' reference: set once, never changed by a save.
        const created = await repository.insertProduct({ ...(await columnsFor(repository, input, undefined)), sku: input.path.toUpperCase() });
        await auditOn(tx).record({ actor: actor.email, action: 'product.create', subjectType: 'product', subjectId: created.id, after: created });
        return created;
      });
      return detailOf(row);
    },

    /** The whole form saved over the version it was loaded at. */
    async saveProduct(actor: Actor, id: number, input: AdminProduct): Promise<AdminProductDetail> {
      const row = await write(async (repository, tx) => {
        const before = await repository.findProduct(id, { lock: true });
        if (!before) throw productNotFound(id);
        if (before.version !== input.version) throw changedBySomeoneElse('product');
        if (before.path !== input.path && ((await sales(tx).soldCounts([id])).get(id) ?? 0) > 0) {
          throw new HttpError(409, SOLD_PATH_FIXED, { path: SOLD_PATH_FIXED });
        }
        const after = await repository.updateProduct(id, input.version, await columnsFor(repository, input, before));
        if (!after) throw changedBySomeoneElse('product');
        await auditOn(tx).record({ actor: actor.email, action: 'product.update', subjectType: 'product', subjectId: id, before, after });
        return after;
      });
      return detailOf(row);
    },

    /** A draft copy at `<path>-copy[-n]`, named '… (copy)'. */
    async duplicateProduct(actor: Actor, id: number): Promise<AdminProductDetail> {
      const row = await write(async (repository, tx) => {
        const source = await repository.findProduct(id);
        if (!source) throw productNotFound(id);
        const base = `${source.path.slice(0, 90)}-copy`;
        const path = freePath(base, await repository.pathsStartingWith(base));
        const { id: _id, createdAt: _created, updatedAt: _updated, version: _version, ...columns } = source;
        const copy = await repository.insertProduct({
          ...columns,
          path,
          sku: path.toUpperCase(),
          displayName: `${source.displayName.slice(0, 92)} (copy)`,
          live: false,
        });
        await auditOn(tx).record({
          actor: actor.email,
          action: 'product.duplicate',
          subjectType: 'product',
          subjectId: copy.id,
          before: { from: id },
          after: copy,
        });
        return copy;
      });
      return detailOf(row);
    },

    async setLive(actor: Actor, id: number, request: ProductLiveRequest): Promise<AdminProductDetail> {
      const row = await write(async (repository, tx) => {
        const before = await repository.findProduct(id, { lock: true });
        if (!before) throw productNotFound(id);
        const after = await repository.updateProduct(id, request.version, { live: request.live });
        if (!after) throw changedBySomeoneElse('product');
        const action = request.live ? 'product.go-live' : 'product.take-offline';
        await auditOn(tx).record({
          actor: actor.email,
          action,
          subjectType: 'product',
          subjectId: id,
          before: { live: before.live },
          after: { live: after.live },
        });
        return after;
      });
      return detailOf(row);
    },

    async listCategories(): Promise<AdminCategoryList> {
      const rows = await read.listCategories();
      return { categories: rows.map((row) => ({ ...toCategory(row), productCount: Number(row.productCount) })) };
    },

    async createCategory(actor: Actor, input: AdminCategory): Promise<AdminCategory> {
      return write(async (repository, tx) => {
        await refuseProductPath(repository, input.slug);
        const row = await repository.insertCategory(input);
        await auditOn(tx).record({ actor: actor.email, action: 'category.create', subjectType: 'category', subjectId: row.slug, after: row });
        return toCategory(row);
      });
    },

    /** Saves a category; a new name reaches its products through the foreign key's cascade. */
    async updateCategory(actor: Actor, slug: string, input: AdminCategory): Promise<AdminCategory> {
      return write(async (repository, tx) => {
        const before = await repository.findCategory({ slug }, { lock: true });
        if (!before) throw notFound(`No category has the address ${slug}.`);
        if (input.slug !== slug) await refuseProductPath(repository, input.slug);
        const after = await repository.updateCategory(slug, input);
        await auditOn(tx).record({ actor: actor.email, action: 'category.update', subjectType: 'category', subjectId: slug, before, after });
        return toCategory(after!);
      });
    },

    /** Puts the categories in the order of `slugs` (which must name each of them once). */
    async orderCategories(actor: Actor, slugs: string[]): Promise<AdminCategoryList> {
      await write(async (repository, tx) => {
        const current = await repository.listCategories();
        const known = new Set(current.map((row) => row.slug));
        if (slugs.length !== known.size || new Set(slugs).size !== slugs.length || slugs.some((slug) => !known.has(slug))) {
          throw new HttpError(409, 'The categories changed since the list was loaded. Reload it and order them again.');
        }
        for (const [index, slug] of slugs.entries()) await repository.setCategoryOrder(slug, (index + 1) * 10);
        await auditOn(tx).record({
          actor: actor.email,
          action: 'category.reorder',
          subjectType: 'category',
          subjectId: '*',
          before: { order: current.map((row) => row.slug) },
          after: { order: slugs },
        });
      });
      return this.listCategories();
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;

const productNotFound = (id: number) => notFound(`No product has the id ${id}.`);

/** Checks what only the database knows; returns the id of the product this one is a trial of. */
async function checkReferences(repository: AdminCatalogRepository, input: AdminProduct, selfId: number | undefined): Promise<number | null> {
  const fields: Record<string, string> = {};
  // On a transaction these queue on its one connection; every refusal is gathered so the form shows them all at once.
  const [category, categoryAtPath, related, trialTargets] = await Promise.all([
    repository.findCategory({ name: input.category }),
    repository.findCategory({ slug: input.path }),
    repository.productsByPaths(input.relatedPaths),
    repository.productsByPaths(input.trialOfPath ? [input.trialOfPath] : []),
  ]);
  if (!category) fields.category = 'Choose one of the store’s categories';
  if (categoryAtPath) fields.path = `The category ${categoryAtPath.name} lists its products at this path; choose another`;
  const missing = input.relatedPaths.filter((path) => !related.some((row) => row.path === path));
  if (missing.length > 0) fields.relatedPaths = `No product has the path ${missing.join(', ')}`;
  else if (selfId !== undefined && related.some((row) => row.id === selfId)) fields.relatedPaths = 'A product cannot be related to itself';
  const target = trialTargets[0];
  if (input.trialOfPath && !target) fields.trialOfPath = `No product has the path ${input.trialOfPath}`;
  else if (target && target.id === selfId) fields.trialOfPath = 'A product cannot be a trial of itself';
  else if (target?.trialOfProductId) fields.trialOfPath = `${target.path} is itself a trial; choose the paid product`;
  if (Object.keys(fields).length > 0) throw new HttpError(400, `Some fields need changing: ${Object.values(fields).join('; ')}.`, fields);
  return target?.id ?? null;
}

async function refuseProductPath(repository: AdminCatalogRepository, slug: string) {
  if ((await repository.productsByPaths([slug])).length > 0) {
    const message = 'A product has this path; a category’s address must differ from every product’s';
    throw new HttpError(409, message, { slug: message });
  }
}

/**
 * Rows older than the back office have a summary in HTML only: an empty Markdown summary keeps
 * that HTML until the maker writes one, instead of wiping it on the first save.
 */
function summaryHtmlFor(markdown: string, before: ProductRow | undefined): string {
  if (markdown.trim() === '' && before && before.summaryMarkdown === '') return before.summaryHtml;
  return renderMarkdown(markdown).trim();
}

function toColumns(
  input: AdminProduct,
  extra: ProductColumnsExtra & { trialOfProductId: number | null; upgradeOffers: UpgradeOffer[] },
): Omit<ProductColumns, 'sku'> {
  const fields = {
    ...input,
    discountPercent: input.deal?.kind === 'percent' ? input.deal.percent : 0,
    discountPercentStyle: 'number' as const,
    discountAmountMinor: input.deal?.kind === 'amount' ? input.deal.amountMinor : null,
    discountReason: input.dealReason || null,
    upgradeOffers: extra.upgradeOffers,
  };
  return { ...productColumns(fields, extra), trialOfProductId: extra.trialOfProductId };
}

/** The cover is the first image of the media list, as the storefront's carousel shows it first. */
const coverOf = (media: AdminProduct['media']) => media.find((item) => item.kind === 'image')?.src;

function dealOf(row: ProductRow): ProductDeal {
  if (row.discountAmountMinor !== null) return { kind: 'amount', amountMinor: row.discountAmountMinor };
  return row.discountPercent > 0 ? { kind: 'percent', percent: row.discountPercent } : null;
}

function isDealActive(row: ProductRow, at: Date): boolean {
  if (dealOf(row) === null) return false;
  return (!row.dealStartsAt || row.dealStartsAt <= at) && (!row.dealEndsAt || row.dealEndsAt > at);
}

function toDetail(row: ProductRow, extra: { soldCount: number; trialOfPath: string | null }): AdminProductDetail {
  return {
    id: row.id,
    path: row.path,
    displayName: row.displayName,
    category: row.category,
    priceMinor: row.priceMinor,
    currency: row.currency,
    deal: dealOf(row),
    dealReason: row.discountReason ?? '',
    dealStartsAt: row.dealStartsAt?.toISOString() ?? null,
    dealEndsAt: row.dealEndsAt?.toISOString() ?? null,
    summaryMarkdown: row.summaryMarkdown,
    summaryHtml: row.summaryHtml,
    descriptionMarkdown: row.descriptionMarkdown,
    keyFacts: row.keyFacts,
    upgradeOffers: row.upgradeOffers,
    relatedPaths: row.relatedPaths,
    trialOfPath: extra.trialOfPath,
    licenceSeats: row.licenceSeats,
    downloadable: row.downloadable,
    live: row.live,
    sortOrder: row.sortOrder,
    media: row.media,
    imagePath: row.imagePath,
    soldCount: extra.soldCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toCategory = (row: CategoryRow): AdminCategory => ({ slug: row.slug, name: row.name, intro: row.intro, sortOrder: row.sortOrder });

/** `base`, or `base-2`, `base-3`… whichever is free. */
function freePath(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const DUPLICATES: Record<string, Record<string, string>> = {
  products_path_unique: { path: PATH_TAKEN },
  products_sku_unique: { path: PATH_TAKEN },
  product_categories_name_unique: { name: 'A category has this name' },
  product_categories_pkey: { slug: 'A category has this address' },
};

/** A unique constraint the save ran into becomes a 409 naming the field (another admin may have saved the same path first). */
function duplicateToConflict(error: unknown): unknown {
  const constraint = uniqueViolationOf(error);
  const fields = constraint ? DUPLICATES[constraint] : undefined;
  return fields ? new HttpError(409, Object.values(fields)[0]!, fields) : error;
}
