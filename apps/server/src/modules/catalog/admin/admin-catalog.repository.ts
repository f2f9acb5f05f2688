import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productCategories, products, type NewProductRow, type ProductRow } from '#server/db/schema.ts';

export type CategoryRow = typeof productCategories.$inferSelect;
export type ProductColumns = Omit<NewProductRow, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export interface ProductFilter {
  search?: string;
  category?: string;
  live?: boolean;
}

/** `%` and `_` typed by the maker are searched for, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The back office's reads and writes of the catalogue's tables; `db` is usually a write's transaction. */
export function createAdminCatalogRepository(db: Database) {
  return {
    listProducts(filter: ProductFilter): Promise<ProductRow[]> {
      const conditions: SQL[] = [];
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        conditions.push(or(ilike(products.displayName, pattern), ilike(products.path, pattern))!);
      }
      if (filter.category) conditions.push(eq(products.category, filter.category));
      if (filter.live !== undefined) conditions.push(eq(products.live, filter.live));
      return db
        .select()
        .from(products)
        .where(and(...conditions))
        .orderBy(asc(products.sortOrder), asc(products.id));
    },

    /** The product, locked until the transaction ends when `lock` is set (a save reads, checks, then writes). */
    async findProduct(id: number, { lock = false } = {}): Promise<ProductRow | undefined> {
      const query = db.select().from(products).where(eq(products.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async productsByPaths(paths: string[]): Promise<Array<Pick<ProductRow, 'id' | 'path' | 'trialOfProductId'>>> {
      if (paths.length === 0) return [];
      return db
        .select({ id: products.id, path: products.path, trialOfProductId: products.trialOfProductId })
        .from(products)
        .where(inArray(products.path, paths));
    },

    async pathsOfProducts(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: products.id, path: products.path }).from(products).where(inArray(products.id, ids));
      return new Map(rows.map((row) => [row.id, row.path]));
    },

    /** Paths that start with `prefix` (for choosing a free `-copy-n`). */
    async pathsStartingWith(prefix: string): Promise<Set<string>> {
      const rows = await db
        .select({ path: products.path })
        .from(products)
        .where(like(products.path, `${escapeLike(prefix)}%`));
      return new Set(rows.map((row) => row.path));
    },

    async insertProduct(values: ProductColumns): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      return row!;
    },

    /** Saves over `version` and bumps it; undefined when the row is at another version (or gone). */
    async updateProduct(id: number, version: number, values: Partial<ProductColumns>): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...values, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), eq(products.version, version)))
        .returning();
      return row;
    },

    listCategories(): Promise<Array<CategoryRow & { productCount: number }>> {
      return db
        .select({
          slug: productCategories.slug,
          name: productCategories.name,
          intro: productCategories.intro,
          sortOrder: productCategories.sortOrder,
          createdAt: productCategories.createdAt,
          updatedAt: productCategories.updatedAt,
          productCount: sql<number>`(select count(*)::int from ${products} where ${products.category} = ${productCategories.name})`,
        })
        .from(productCategories)
        .orderBy(asc(productCategories.sortOrder), asc(productCategories.name));
    },

    async findCategory(by: { slug: string } | { name: string }, { lock = false } = {}): Promise<CategoryRow | undefined> {
      const condition = 'slug' in by ? eq(productCategories.slug, by.slug) : eq(productCategories.name, by.name);
      const query = db.select().from(productCategories).where(condition);
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async insertCategory(values: Pick<CategoryRow, 'slug' | 'name' | 'intro' | 'sortOrder'>): Promise<CategoryRow> {
      const [row] = await db.insert(productCategories).values(values).returning();
      return row!;
    },

    /** Renaming cascades to the products' `category` (the foreign key's ON UPDATE CASCADE). */
    async updateCategory(slug: string, values: Pick<CategoryRow, 'slug' | 'name' | 'intro' | 'sortOrder'>): Promise<CategoryRow | undefined> {
      const [row] = await db
        .update(productCategories)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(productCategories.slug, slug))
        .returning();
      return row;
    },

    async setCategoryOrder(slug: string, sortOrder: number) {
      await db
        .update(productCategories)
        .set({ sortOrder, updatedAt: sql`now()` })
        .where(eq(productCategories.slug, slug));
    },
  };
}

export type AdminCatalogRepository = ReturnType<typeof createAdminCatalogRepository>;
