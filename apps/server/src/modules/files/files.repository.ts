import type { Database } from '#server/db/client.ts';
import { productFiles } from '#server/db/schema.ts';

export function createFilesRepository(db: Database) {
  return {
    /** Every storage key the catalogue sells, once each. */
    async listStorageKeys(): Promise<string[]> {
      const rows = await db.selectDistinct({ storageKey: productFiles.storageKey }).from(productFiles).orderBy(productFiles.storageKey);
      return rows.map((row) => row.storageKey);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
