import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productCategories, productFiles, products, productVersions, type ProductFileRow, type ProductRow, type ProductVersionRow } from '#server/db/schema.ts';

export interface VersionWithFiles extends ProductVersionRow {
  files: ProductFileRow[];
}

/** A product's newest published version as an order's email lists it: its number and files. */
export interface LatestVersionFiles {
  version: string;
  files: Array<Pick<ProductFileRow, 'id' | 'os' | 'filename' | 'sizeBytes'>>;
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

    /** The products with these paths, live or not, by path (an order names what it sold). */
    async findProductsByPath(paths: string[]): Promise<Map<string, ProductRow>> {
      if (paths.length === 0) return new Map();
      const rows = await db.select().from(products).where(inArray(products.path, paths));
      return new Map(rows.map((row) => [row.path, row]));
    },

    /** The store's categories in menu order. */
    listCategories(): Promise<Array<{ slug: string; name: string; intro: string }>> {
      return db
        .select({ slug: productCategories.slug, name: productCategories.name, intro: productCategories.intro })
        .from(productCategories)
        .orderBy(asc(productCategories.sortOrder), asc(productCategories.name));
    },

    /** The live free trial of a product (the first by sort order, should a maker make two). */
    async findLiveTrialOf(productId: number): Promise<{ path: string; display: string } | undefined> {
      const [row] = await db
        .select({ path: products.path, display: products.displayName })
        .from(products)
        .where(and(eq(products.trialOfProductId, productId), eq(products.live, true)))
        .orderBy(asc(products.sortOrder), asc(products.id))
        .limit(1);
      return row;
    },

    /** The path of a live product by id. */
    async findLivePathById(productId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ path: products.path })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.live, true)))
        .limit(1);
      return row?.path;
    },

    /**
     * A fingerprint of every product and release row, and of which deals run at `at`: it changes
     * with any write, made by this process or another on the same database (rows carry no
     * reliable "updated at"), and when a deal starts or ends.
     */
    async fingerprint(at: Date): Promise<string> {
      const running = sql`(${products.discountPercent} > 0 or ${products.discountAmountMinor} > 0)
        and (${products.dealStartsAt} is null or ${products.dealStartsAt} <= ${at.toISOString()})
        and (${products.dealEndsAt} is null or ${products.dealEndsAt} > ${at.toISOString()})`;
      const [productRows, versionRows, dealRows] = await Promise.all([
        db.select({ md5: sql<string>`md5(coalesce(string_agg(products::text, '|' order by products.id), ''))` }).from(products),
        db.select({ md5: sql<string>`md5(coalesce(string_agg(product_versions::text, '|' order by product_versions.id), ''))` }).from(productVersions),
        db
          .select({ ids: sql<string>`coalesce(string_agg(${products.id}::text, ',' order by ${products.id}), '')` })
          .from(products)
          .where(running),
      ]);
      return `${productRows[0]?.md5 ?? ''}.${versionRows[0]?.md5 ?? ''}.${dealRows[0]?.ids ?? ''}`;
    },

    /** The newest published release of a product by release date, with its files. */
    async findLatestVersion(productId: number): Promise<VersionWithFiles | undefined> {
      const [version] = await db
        .select()
        .from(productVersions)
        .where(and(eq(productVersions.productId, productId), isNotNull(productVersions.publishedAt)))
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

    /**
     * The newest published version of each product, with its files (by os, then format), in one
     * query: an order lists the newest files of all its lines at once. Products without one are absent.
     */
    async findLatestVersions(productIds: number[]): Promise<Map<number, LatestVersionFiles>> {
      if (productIds.length === 0) return new Map();
      const latest = db
        .selectDistinctOn([productVersions.productId], { id: productVersions.id, productId: productVersions.productId, version: productVersions.version })
        .from(productVersions)
        .where(and(inArray(productVersions.productId, productIds), isNotNull(productVersions.publishedAt)))
        .orderBy(productVersions.productId, desc(productVersions.releasedAt), desc(productVersions.id))
        .as('latest');
      const rows = await db
        .select({
          productId: latest.productId,
          version: latest.version,
          file: { id: productFiles.id, os: productFiles.os, filename: productFiles.filename, sizeBytes: productFiles.sizeBytes },
        })
        .from(latest)
        .leftJoin(productFiles, eq(productFiles.versionId, latest.id))
        .orderBy(latest.productId, asc(productFiles.os), asc(productFiles.format));
      const found = new Map<number, LatestVersionFiles>();
      for (const { productId, version, file } of rows) {
        const entry = found.get(productId) ?? { version, files: [] };
        if (file) entry.files.push(file);
        found.set(productId, entry);
      }
      return found;
    },

    /** A product's published releases, newest first by release date, without their files (what a plugin's update check compares). */
    listPublishedVersions(productId: number): Promise<Array<Pick<ProductVersionRow, 'version' | 'releasedAt' | 'changelogMarkdown'> & { publishedAt: Date }>> {
      return db
        .select({
          version: productVersions.version,
          releasedAt: productVersions.releasedAt,
          changelogMarkdown: productVersions.changelogMarkdown,
          publishedAt: sql<Date>`${productVersions.publishedAt}`.mapWith(productVersions.publishedAt),
        })
        .from(productVersions)
        .where(and(eq(productVersions.productId, productId), isNotNull(productVersions.publishedAt)))
        .orderBy(desc(productVersions.releasedAt), desc(productVersions.id));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
