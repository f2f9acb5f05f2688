import { lstat, mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '#server/db/pglite-options.ts';
import { assertSafeEntries, DATABASE_DUMP, extractArchive, hashTree, listArchive, MANIFEST_NAME, parseManifest, type Manifest } from './archive';
import { assertEmptyPostgres, restorePostgres } from './postgres-tools';
import { OperationError } from './run-command';

export interface RestoreOptions {
  archive: string;
  /** Must be missing or empty. */
  dataDir: string;
  /** Set to restore a PostgreSQL backup into this (empty) database. */
  databaseUrl?: string;
}

/**
 * Restores a backup into an empty DATA_DIR. Everything is unpacked and checked in a folder
 * beside DATA_DIR, which is renamed into place only when complete: a bad archive leaves
 * DATA_DIR as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  await assertEmptyFolder(options.dataDir);
  if (options.databaseUrl) await assertEmptyPostgres(options.databaseUrl);
  const entries = await listArchive(options.archive);
  assertSafeEntries(options.archive, entries);

  const work = `${path.join(path.dirname(options.dataDir), `.${path.basename(options.dataDir)}`)}.restoring-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    await extractArchive(options.archive, work);
    const manifest = parseManifest(await readFile(path.join(work, MANIFEST_NAME), 'utf8'));
    assertEngine(manifest, options.databaseUrl);
    await verifyFiles(options.archive, work, manifest);
    await rm(path.join(work, MANIFEST_NAME));

    const dump = path.join(work, DATABASE_DUMP[manifest.database.engine]);
    if (options.databaseUrl) await restorePostgres(options.databaseUrl, dump);
    else await loadPglite(dump, path.join(work, 'pglite'));
    await rm(path.join(work, 'database'), { recursive: true });

    await rmdir(options.dataDir).catch(() => undefined);
    await rename(work, options.dataDir);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function assertEmptyFolder(dataDir: string) {
  const names = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length > 0) {
    throw new OperationError(
      `${dataDir} is not empty (${names.slice(0, 3).join(', ')}…): restore only into a new or empty DATA_DIR, so nothing is overwritten`,
    );
  }
}

function assertEngine(manifest: Manifest, databaseUrl: string | undefined) {
  const wanted = databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database.engine === wanted) return;
  throw new OperationError(
    manifest.database.engine === 'pglite'
      ? 'this backup holds a PGlite database: unset DATABASE_URL to restore it'
      : 'this backup holds a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it into',
  );
}

/** Every file the manifest names is present with its size and SHA-256, and the archive holds nothing else. */
async function verifyFiles(archive: string, work: string, manifest: Manifest) {
  const found = new Map((await hashTree(work, await readdir(work))).map((file) => [file.path, file]));
  found.delete(MANIFEST_NAME);
  for (const expected of manifest.files) {
    const actual = found.get(expected.path);
    if (!actual) throw new OperationError(`${archive} lacks ${expected.path}, which its manifest lists: the archive is incomplete`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new OperationError(`${expected.path} in ${archive} does not match its checksum in the manifest: the archive is damaged`);
    }
    found.delete(expected.path);
  }
  const extra = [...found.keys()];
  if (extra.length > 0) throw new OperationError(`${archive} holds files its manifest does not list (${extra.slice(0, 3).join(', ')}): refusing it`);
}

async function loadPglite(dump: string, pgliteDir: string) {
  const exists = await lstat(dump).then(
    () => true,
    () => false,
  );
  if (!exists) throw new OperationError(`the archive has no ${DATABASE_DUMP.pglite}`);
  const database = await PGlite.create(pgliteDir, { ...pgliteOptions(), loadDataDir: new Blob([await readFile(dump)]) });
  await database.close();
}
