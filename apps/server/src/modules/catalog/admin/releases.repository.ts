import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  customers,
  entitlements,
  mailPreferences,
  orderItems,
  orders,
  productFiles,
  products,
  productVersions,
  type ProductFileRow,
  type ProductVersionRow,
} from '#server/db/schema.ts';

export type NewRelease = Pick<typeof productVersions.$inferInsert, 'productId' | 'version' | 'releasedAt' | 'changelogMarkdown' | 'major'>;
export type ReleaseChanges = Partial<Pick<NewRelease, 'version' | 'releasedAt' | 'changelogMarkdown' | 'major'>>;

/** The releases of one product: versions and their files (the catalogue's tables); `db` may be a transaction. */
export function createReleasesRepository(db: Database) {
  return {
    async findProduct(productId: number) {
      const [row] = await db
        .select({ id: products.id, display: products.displayName, path: products.path, downloadable: products.downloadable })
        .from(products)
        .where(eq(products.id, productId));
      return row;
    },

    /** Newest first by release date; drafts among them. */
    listVersions(productId: number): Promise<ProductVersionRow[]> {
      return db
        .select()
        .from(productVersions)
        .where(eq(productVersions.productId, productId))
        .orderBy(desc(productVersions.releasedAt), desc(productVersions.id));
    },

    async filesOf(versionIds: number[]): Promise<ProductFileRow[]> {
      if (versionIds.length === 0) return [];
      return db
        .select()
        .from(productFiles)
        .where(inArray(productFiles.versionId, versionIds))
        .orderBy(asc(productFiles.os), asc(productFiles.format), asc(productFiles.id));
    },

    /** The version, locked until the transaction ends, so a publish and a delete of it cannot cross. */
    async lockVersion(productId: number, versionId: number): Promise<ProductVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(productVersions)
        .where(and(eq(productVersions.id, versionId), eq(productVersions.productId, productId)))
        .for('update');
      return row;
    },

    /** The current version: the newest published one by release date. */
    async currentVersion(productId: number): Promise<ProductVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(productVersions)
        .where(and(eq(productVersions.productId, productId), isNotNull(productVersions.publishedAt)))
        .orderBy(desc(productVersions.releasedAt), desc(productVersions.id))
        .limit(1);
      return row;
    },

    /** Whether another version of the product already has this number. */
    async versionTaken(productId: number, version: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: productVersions.id })
        .from(productVersions)
        .where(and(eq(productVersions.productId, productId), eq(productVersions.version, version), exceptId ? ne(productVersions.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    /** The new draft, or undefined when the product already has this version number. */
    async insertDraft(release: NewRelease): Promise<ProductVersionRow | undefined> {
      const [row] = await db.insert(productVersions).values(release).onConflictDoNothing().returning();
      return row;
    },

    async updateVersion(versionId: number, changes: ReleaseChanges): Promise<ProductVersionRow> {
      const [row] = await db.update(productVersions).set(changes).where(eq(productVersions.id, versionId)).returning();
      return row!;
    },

    /** Publishes a draft; undefined when it was published already (by an earlier or a concurrent call). */
    async publish(versionId: number, releasedAt: Date): Promise<ProductVersionRow | undefined> {
      const [row] = await db
        .update(productVersions)
        .set({ publishedAt: sql`now()`, releasedAt })
        .where(and(eq(productVersions.id, versionId), isNull(productVersions.publishedAt)))
        .returning();
      return row;
    },

    /** Deletes a version and its file rows; their storage keys are returned for removal after commit. */
    async deleteVersion(versionId: number): Promise<ProductFileRow[]> {
      const files = await db.delete(productFiles).where(eq(productFiles.versionId, versionId)).returning();
      await db.delete(productVersions).where(eq(productVersions.id, versionId));
      return files;
    },

    async deleteFile(versionId: number, fileId: number): Promise<ProductFileRow | undefined> {
      const [row] = await db
        .delete(productFiles)
        .where(and(eq(productFiles.id, fileId), eq(productFiles.versionId, versionId)))
        .returning();
      return row;
    },

    /** Whether any file row still points at this stored file (seeded versions may share one). */
    async storageKeyInUse(storageKey: string): Promise<boolean> {
      const [row] = await db.select({ id: productFiles.id }).from(productFiles).where(eq(productFiles.storageKey, storageKey)).limit(1);
      return Boolean(row);
    },

    /**
     * The addresses to tell about a new version: customers entitled to the product by a line not
     * wholly refunded, whose mail preferences ask for release emails. Each address once.
     */
    async optedInOwners(productId: number): Promise<string[]> {
      const rows = await ownersQuery(db, productId).orderBy(asc(customers.email));
      return rows.map((row) => row.email);
    },

    async countOptedInOwners(productId: number): Promise<number> {
      const owners = ownersQuery(db, productId).as('owners');
      const [row] = await db.select({ total: count() }).from(owners);
      return row?.total ?? 0;
    },
  };
}

function ownersQuery(db: Database, productId: number) {
  return db
    .selectDistinct({ email: customers.email })
    .from(entitlements)
    .innerJoin(orderItems, eq(orderItems.id, entitlements.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(customers, eq(customers.id, entitlements.customerId))
    .innerJoin(mailPreferences, and(eq(mailPreferences.email, customers.email), eq(mailPreferences.releaseEmails, true)))
    .where(and(eq(entitlements.productId, productId), ne(orders.status, 'refunded'), lt(orderItems.refundedQuantity, orderItems.quantity)));
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
