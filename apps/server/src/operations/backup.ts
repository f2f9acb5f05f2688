import { lstat, mkdir, mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '#server/db/pglite-options.ts';
import { createTarGz, DATA_DIR_ENTRIES, DATABASE_DUMP, foldersOf, hashTree, MANIFEST_NAME, writeManifest, type FoundFile, type Manifest } from './archive';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';
import { dumpPostgres } from './postgres-tools';
import { OperationError } from './run-command';

export interface BackupOptions {
  dataDir: string;
  /** Set when the store uses PostgreSQL; otherwise the PGlite database in DATA_DIR/pglite is dumped. */
  databaseUrl?: string;
  output: string;
}

/**
 * Writes one archive of the database and DATA_DIR's files. With PGlite the store must be
 * stopped (the backup holds DATA_DIR's lock while it reads); with PostgreSQL pg_dump takes a
 * consistent snapshot while the store runs.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const engine = options.databaseUrl ? 'postgresql' : 'pglite';
  const lock = engine === 'pglite' ? lockForBackup(options.dataDir) : undefined;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'songwish-backup-'));
  const partial = `${options.output}.partial`;
  try {
    await mkdir(path.join(staging, 'database'));
    const dump = path.join(staging, DATABASE_DUMP[engine]);
    if (options.databaseUrl) await dumpPostgres(options.databaseUrl, dump);
    else await dumpPglite(path.join(options.dataDir, 'pglite'), dump);

    const ownFiles = await hashTree(staging, [DATABASE_DUMP[engine]]);
    const dataFiles = await hashTree(options.dataDir, DATA_DIR_ENTRIES);
    const manifest: Manifest = {
      format: 'songwish-backup',
      version: 1,
      created: new Date().toISOString(),
      database: { engine },
      files: [...ownFiles, ...dataFiles].map(({ path: file, size, sha256 }) => ({ path: file, size, sha256 })),
    };
    await writeManifest(path.join(staging, MANIFEST_NAME), manifest);

    // Created first with mode 0600: the archive holds the store's secrets.
    await (await open(partial, 'w', 0o600)).close();
    await createTarGz(partial, {
      staging,
      ownNames: [MANIFEST_NAME, 'database', DATABASE_DUMP[engine]],
      dataDir: options.dataDir,
      dataNames: [...foldersOf(dataFiles.map((file) => file.path)), ...dataFiles.map((file) => file.path)],
      listFile: path.join(staging, 'members'),
    });
    await assertUnchanged(options.dataDir, dataFiles);
    await rename(partial, options.output);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock?.release();
  }
}

function lockForBackup(dataDir: string) {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new OperationError(
      `${error.message}\nA PGlite database can be backed up only while the store is stopped: stop the store first, or use PostgreSQL (DATABASE_URL), which is backed up while it runs.`,
    );
  }
}

async function dumpPglite(pgliteDir: string, output: string) {
  const exists = await lstat(path.join(pgliteDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!exists) throw new OperationError(`there is no PGlite database in ${pgliteDir}; set DATA_DIR (or DATABASE_URL for PostgreSQL)`);
  const database = await PGlite.create(pgliteDir, pgliteOptions());
  try {
    const tarball = await database.dumpDataDir('gzip');
    await writeFile(output, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** With PostgreSQL the store keeps running: a file it changed while tar read it would not match the manifest. */
async function assertUnchanged(dataDir: string, files: FoundFile[]) {
  for (const file of files) {
    const stats = await lstat(path.join(dataDir, file.path)).catch(() => undefined);
    if (!stats || stats.size !== file.size || stats.mtimeMs !== file.mtimeMs) {
      throw new OperationError(`${path.join(dataDir, file.path)} changed while the backup was written; run the backup again`);
    }
  }
}
