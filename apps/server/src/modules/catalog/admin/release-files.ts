import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { productFiles, products, productVersions, type ProductFileRow } from '#server/db/schema.ts';

export interface ReleaseFileWrite {
  versionId: number;
  os: ProductFileRow['os'];
  format: string;
  filename: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * The catalogue's side of an uploaded release file: where a version's files are stored, and
 * the `product_files` row an upload becomes. `db` is the caller's transaction, so the row and
 * the audit record of the upload that made it are saved together.
 */
export function createReleaseFiles(db: Database) {
  return {
    /** The product's path and the version's number, or undefined when the version is not that product's. */
    async findRelease(productId: number, versionId: number): Promise<{ productPath: string; version: string } | undefined> {
      const [row] = await db
        .select({ productPath: products.path, version: productVersions.version })
        .from(productVersions)
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(and(eq(productVersions.id, versionId), eq(productVersions.productId, productId)))
        .limit(1);
      return row;
    },

    async productExists(productId: number): Promise<boolean> {
      return (await db.$count(products, eq(products.id, productId))) > 0;
    },

    /**
     * Inserts the version's file for this OS and format, or replaces the one it had (a version
     * sells one file per OS and format). Returns the row before (null when new) and after.
     */
    async replaceFile(file: ReleaseFileWrite): Promise<{ before: ProductFileRow | null; after: ProductFileRow }> {
      const [before] = await db
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.versionId, file.versionId), eq(productFiles.os, file.os), eq(productFiles.format, file.format)))
        .for('update');
      const [after] = await db
        .insert(productFiles)
        .values(file)
        .onConflictDoUpdate({
          target: [productFiles.versionId, productFiles.os, productFiles.format],
          set: { filename: file.filename, storageKey: file.storageKey, sizeBytes: file.sizeBytes, sha256: file.sha256, createdAt: sql`now()` },
        })
        .returning();
      return { before: before ?? null, after: after! };
    },
  };
}

export type ReleaseFiles = ReturnType<typeof createReleaseFiles>;
