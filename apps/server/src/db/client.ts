import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { engine: 'postgresql'; url: string; poolSize?: number }
  /** `dataDir` is a directory, or 'memory://' for a throw-away database. */
  | { engine: 'pglite'; dataDir: string };

/**
 * The migrations folder is `apps/server/drizzle`: two levels above this file in the
 * source tree (src/db), one level above the bundle (dist).
 */
export const MIGRATIONS_FOLDER =
  ['../drizzle', '../../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(path.join(folder, 'meta', '_journal.json'))) ?? 'drizzle';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.engine === 'postgresql' ? openPostgres(target.url, target.poolSize) : openPglite(target.dataDir);
}

/**
 * An empty, migrated PGlite data directory as a tarball, written beside the bundle by
 * `apps/server/build.mjs`. Loading it on a first start costs a fraction of PostgreSQL's initdb
 * plus every migration; the migrations still run after it (each already applied is skipped).
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const template = dataDir !== 'memory://' && !existsSync(path.join(dataDir, 'PG_VERSION')) ? await readTemplate() : undefined;
  const client = await PGlite.create(dataDir, template ? { loadDataDir: new Blob([new Uint8Array(template)]) } : {});
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** The tarball beside the running bundle; none when running from source (tests), which then run initdb. */
function readTemplate(): Promise<Buffer | undefined> {
  return readFile(new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url)).catch(() => undefined);
}

/** Arbitrary constant that names our migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 5_872_114_301;

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  await migratePostgresOnce(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
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
async function migratePostgresOnce(url: string) {
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
