import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';
import { guardTransactions, type StalledDatabase } from './pglite-transaction-guard';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Config } from '../config/env';
import { runCommand } from '../operations/run-command';
import { prepareStatementsByName } from './reusable-statement';
import * as schema from './schema';

export type Schema = typeof schema;
/** The engine-neutral Drizzle handle every repository receives. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseEngine = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseEngine;
  /** PostgreSQL's address, for a connection of its own outside the pool (e.g. one that LISTENs). */
  connectionString?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * PGlite only: who hears of a transaction that has held the store's one connection for long,
   * or of a query left unanswered (every request that needs the database waits for it).
   * PostgreSQL has its own monitoring.
   */
  onStalledDatabase?(listener: (stalled: StalledDatabase) => void): void;
  /**
   * PGlite only: why a new data folder was not unpacked from the template by tar, when it was
   * not. PGlite's own loader then read the template, which holds more memory until a restart.
   */
  templateProblem?: string;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      engine: 'postgresql';
      url: string;
      poolSize?: number;
      /** False for a pooler in front of PostgreSQL that cannot keep named statements; true when not given. */
      preparedStatements?: boolean;
    }
  /** `dataDir` is a directory, or 'memory://' for a throw-away database; `template` another tarball than the build's (tests). */
  | { engine: 'pglite'; dataDir: string; template?: string };

/**
 * The migrations folder is `apps/server/drizzle`: two levels above this file in the
 * source tree (src/db), one level above the bundle (dist).
 */
export const MIGRATIONS_FOLDER =
  ['../drizzle', '../../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(path.join(folder, 'meta', '_journal.json'))) ?? 'drizzle';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.engine === 'postgresql' ? openPostgres(target) : openPglite(target.dataDir, target.template);
}

/** The store's own database as configured: PostgreSQL at `DATABASE_URL`, else PGlite in the data directory. */
export function storeDatabase(config: Pick<Config, 'databaseUrl' | 'databasePreparedStatements' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { engine: 'postgresql', url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
    : { engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/**
 * An empty, migrated PGlite data directory as a tarball, written beside the bundle by
 * `apps/server/build.mjs`. Loading it on a first start costs a fraction of PostgreSQL's initdb
 * plus every migration; the migrations still run after it (each already applied is skipped).
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

async function openPglite(dataDir: string, templateFile?: string): Promise<DatabaseHandle> {
  const onDisk = dataDir !== 'memory://';
  const templateProblem = onDisk ? await unpackTemplate(dataDir, templateFile).then(() => undefined, reasonOf) : undefined;
  if (onDisk) await mkdir(dataDir, { recursive: true });
  // Without tar (or when it failed), PGlite's own loader reads the template.
  const template = onDisk && !existsSync(path.join(dataDir, 'PG_VERSION')) ? await readTemplate() : undefined;
  let stalledListener: ((stalled: StalledDatabase) => void) | undefined;
  const guarded = guardTransactions(
    await PGlite.create(dataDir, {
      ...pgliteOptions(),
      ...(template ? { loadDataDir: new Blob([new Uint8Array(template)]) } : {}),
    }),
    { onStalled: (stalled) => stalledListener?.(stalled) },
  );
  const { client } = guarded;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    onStalledDatabase: (listener) => {
      stalledListener = listener;
    },
    ...(templateProblem ? { templateProblem } : {}),
    close: () => {
      guarded.stop();
      return client.close();
    },
  };
}

const templateUrl = () => new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url);

/** The tarball beside the running bundle; none when running from source (tests), which then run initdb. */
function readTemplate(): Promise<Buffer | undefined> {
  return readFile(templateUrl()).catch(() => undefined);
}

/**
 * A new database folder is unpacked from the template by the system's tar (as backups are made,
 * ADR 0019) into `<dataDir>.unpacking`, then renamed into place. PGlite's own loader holds the
 * archive, its 30 MB of contents and copies of them in memory at once (memory the process then
 * keeps: ~70 MB more resident after a first start than after a restart), and a stop midway left
 * a folder that looked like a database. Throws when tar is missing or fails; the folder is then
 * as it was.
 */
export async function unpackTemplate(dataDir: string, template = fileURLToPath(templateUrl())): Promise<boolean> {
  if (!existsSync(template) || !(await isMissingOrEmpty(dataDir))) return false;
  const unpacking = `${dataDir}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  await mkdir(unpacking, { recursive: true });
  try {
    await runCommand('tar', ['-xzf', template, '-C', unpacking, '--no-same-owner'], { what: 'Unpacking the database template' });
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
    await rename(unpacking, dataDir);
    return true;
  } finally {
    await rm(unpacking, { recursive: true, force: true });
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function isMissingOrEmpty(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries.length === 0;
}

/** Arbitrary constant that names our migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 5_872_114_301;

/**
 * pg and Drizzle's driver for it load only for a PostgreSQL store: a PGlite store never needs
 * them. They stay out of the server bundle (build.mjs), so the checkout bench's preload counts
 * the statements of the very pg the store uses.
 */
async function loadPostgresDriver() {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzlePg, migratePg };
}
type PostgresDriver = Awaited<ReturnType<typeof loadPostgresDriver>>;

async function openPostgres({ url, poolSize = 10, preparedStatements = true }: Extract<DatabaseTarget, { engine: 'postgresql' }>): Promise<DatabaseHandle> {
  const driver = await loadPostgresDriver();
  const { pg, drizzlePg } = driver;
  await migratePostgresOnce(url, driver);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (preparedStatements) {
    prepareStatementsByName(pool);
    pool.on('connect', prepareStatementsByName);
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    engine: 'postgresql',
    connectionString: url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Several store processes may start at once on one PostgreSQL: one migrates, the others wait. */
async function migratePostgresOnce(url: string, { pg, drizzlePg, migratePg }: PostgresDriver) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
