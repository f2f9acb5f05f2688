import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * The database inside PGlite's folder that holds the store. PGlite before 0.4 connected to
 * `template1` and every store made so far keeps its tables there; PGlite 0.4 connects to
 * `postgres` unless told, which would open an existing store as an empty one. The build's
 * template (`build.mjs`), the e2e tests and the benches open the same one.
 */
export const PGLITE_DATABASE = 'template1';

/**
 * PostgreSQL's buffer cache inside PGlite. Its default of 128 MB is written over in full when
 * PGlite starts, so all of it was resident from the first second; a store's database is a few
 * megabytes, and the files under it stay in the system's page cache as well.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** What every PGlite the store opens is given: the store itself, backups and restores. */
export function pgliteOptions(): Pick<PGliteOptions, 'database' | 'startParams'> {
  return { database: PGLITE_DATABASE, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}
