import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens a stopped store's PGlite database (in `DATA_DIR/pglite`) for a test to read or change.
 * The store keeps its tables in PGlite's `template1` database (PGLITE_DATABASE in
 * apps/server/src/db/pglite-options.ts), not in the `postgres` one PGlite opens by default.
 */
export function openStoreDatabase(dataDir: string): Promise<PGlite> {
  return PGlite.create(path.join(dataDir, 'pglite'), { database: 'template1' });
}
