import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productFiles, products, productVersions, type ProductFileRow, type ProductRow, type ProductVersionRow } from '#server/db/schema.ts';

export interface VersionWithFiles extends ProductVersionRow {
  files: ProductFileRow[];
}

/** The catalogue's tables; `db` may be another module's transaction (an order lists what it sold). */
export function createCatalogRepository(db: Database) {
  return {
    listLiveProducts(): Promise<ProductRow[]> {
      return db.select().from(products).where(eq(products.live, true)).orderBy(asc(products.sortOrder), asc(products.id));
    },

    async findLiveProductByPath(path: string): Promise<ProductRow | undefined> {
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.path, path), eq(products.live, true)))
        .limit(1);
      return rows[0];
    },

    /**
     * A fingerprint of every product and release row: it changes with any write, made by this
     * process or another on the same database (rows carry no reliable "updated at").
     */
    async fingerprint(): Promise<string> {
      const [productRows, versionRows] = await Promise.all([
        db.select({ md5: sql<string>`md5(coalesce(string_agg(products::text, '|' order by products.id), ''))` }).from(products),
        db.select({ md5: sql<string>`md5(coalesce(string_agg(product_versions::text, '|' order by product_versions.id), ''))` }).from(productVersions),
      ]);
      return `${productRows[0]?.md5 ?? ''}.${versionRows[0]?.md5 ?? ''}`;
    },

    /** The newest release of a product by release date, with its files. */
    async findLatestVersion(productId: number): Promise<VersionWithFiles | undefined> {
      const [version] = await db
        .select()
        .from(productVersions)
        .where(eq(productVersions.productId, productId))
        .orderBy(desc(productVersions.releasedAt), desc(productVersions.id))
        .limit(1);
      if (!version) return undefined;
      const files = await db
        .select()
        .from(productFiles)
        .where(inArray(productFiles.versionId, [version.id]))
        .orderBy(asc(productFiles.os), asc(productFiles.format));
      return { ...version, files };
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
