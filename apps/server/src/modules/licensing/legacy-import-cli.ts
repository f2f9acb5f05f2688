// `npm run licences:import -- FILE.csv`: see README "Upgrades from older licences".
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '#server/config/env.ts';
import { openDatabase, storeDatabase } from '#server/db/client.ts';
import { acquireDataDirLock, DataDirInUseError } from '#server/operations/data-dir-lock.ts';
import { runCli } from '#server/operations/cli.ts';
import { OperationError } from '#server/operations/run-command.ts';
import { importLegacyLicences, LEGACY_CSV_COLUMNS, LegacyImportError, type ImportSummary } from './legacy-import';

runCli('The licence import', async () => {
  const file = process.argv[2];
  if (!file) throw new OperationError(`name the CSV file: npm run licences:import -- licences.csv (columns: ${LEGACY_CSV_COLUMNS.join(',')})`);
  // `npm run` starts in the repository's root; a relative path means the folder the command was typed in.
  const text = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new OperationError(`could not read ${file} (${error.code ?? error.message})`);
  });
  // The store's own data, as it reads it; PGlite's folder may be opened by one process only.
  const config = loadConfig();
  if (!config.databaseUrl) lockDataDir(config.dataDir);
  const database = await openDatabase(storeDatabase(config));
  try {
    return describe(file, await importLegacyLicences(database.db, text));
  } catch (error) {
    if (error instanceof LegacyImportError) throw new OperationError(`nothing was imported. Fix these lines of ${file} and run it again:\n${error.message}`);
    throw error;
  } finally {
    await database.close();
  }
});

function lockDataDir(dataDir: string) {
  try {
    acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new OperationError(`${error.message} Or set DATABASE_URL when the store runs on PostgreSQL.`);
    throw error;
  }
}

function describe(file: string, { imported, skipped, byProduct }: ImportSummary): string {
  const products = Object.entries(byProduct).map(([product, count]) => `${count} ${product}`);
  const lines = [`Imported ${imported} legacy licence${imported === 1 ? '' : 's'} from ${file}${products.length > 0 ? ` (${products.join(', ')})` : ''}.`];
  if (skipped.length > 0) lines.push(`${skipped.length} key${skipped.length === 1 ? ' was' : 's were'} imported before and left as they are.`);
  return lines.join('\n');
}
