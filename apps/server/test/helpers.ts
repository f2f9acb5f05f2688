import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app';
import { ConfigError, loadConfig, type Config } from '../src/config/env';
import { loadSecrets, type Secrets } from '../src/config/secrets';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../src/db/client';
import { importCatalogue } from '../src/modules/catalog/seed/seed-catalog';
import { seedCoupons } from '../src/modules/coupons/seed/seed-coupons';
import { inlineScriptHashes, type WebApp } from '../src/plugins/spa';

/** Every data test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_ENGINES: DatabaseEngine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

/** A new, empty, migrated database: in-memory PGlite, or a fresh database on the test PostgreSQL server. */
export async function createTestDatabase(engine: DatabaseEngine): Promise<TestDatabase> {
  if (engine === 'pglite') return idempotentClose(await openDatabase({ engine: 'pglite', dataDir: 'memory://' }), async () => {});
  const scratch = await createScratchPostgresDatabase();
  return idempotentClose(await openDatabase({ engine: 'postgresql', url: scratch.url, poolSize: 4 }), scratch.drop);
}

/**
 * For a suite whose tests each need a database of their own: call in the suite's body; the
 * function it returns opens one, and it is destroyed after the test.
 */
export function databasePerTest(engine: DatabaseEngine): () => Promise<TestDatabase> {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  return async () => (database = await createTestDatabase(engine));
}

/** A new, empty database on the test PostgreSQL server, and how to drop it. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The app closes its database on shutdown and the test destroys it afterwards: closing twice must be harmless. */
function idempotentClose(handle: DatabaseHandle, drop: () => Promise<void>): TestDatabase {
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= handle.close());
  return {
    ...handle,
    close,
    destroy: async () => {
      await close();
      await drop();
    },
  };
}

/**
 * A database that can be closed and opened again with its data, to restart the store on it:
 * PGlite in a temporary folder, or a throw-away database on the test PostgreSQL server.
 */
export async function createReopenableDatabase(engine: DatabaseEngine): Promise<{ open(): Promise<TestDatabase>; destroy(): Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-test-pglite-'));
    return {
      open: async () => idempotentClose(await openDatabase({ engine: 'pglite', dataDir }), async () => {}),
      destroy: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchPostgresDatabase();
  return {
    open: async () => idempotentClose(await openDatabase({ engine: 'postgresql', url: scratch.url, poolSize: 4 }), async () => {}),
    destroy: scratch.drop,
  };
}

/** Runs `run` on a connection of its own to the test PostgreSQL server at `url`, closed afterwards. */
export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Generated seed files are shared by all test runs, so they are built once per machine. */
export const SHARED_SEED_DIR = path.join(os.tmpdir(), 'songwish-test-seed-files');

export const TEST_INDEX_HTML =
  '<!doctype html><html><head><script>document.documentElement.className="dark"</script></head><body><div id="root"></div></body></html>';

export const testWebApp = (overrides: Partial<WebApp> = {}): WebApp => ({
  distDir: undefined,
  indexHtml: TEST_INDEX_HTML,
  inlineScriptHashes: inlineScriptHashes(TEST_INDEX_HTML),
  ...overrides,
});

export const TEST_PASSWORD_HASHING = { N: 2 ** 12, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  secrets: Secrets;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh, seeded database, for `app.inject` tests. */
export async function createTestApp(
  engine: DatabaseEngine,
  options: {
    env?: Record<string, string>;
    webApp?: WebApp;
    seed?: boolean;
    sandboxPayments?: AppDependencies['sandboxPayments'];
    /** Runs before `app.ready()`, e.g. to register a stub route. */
    configure?: (app: FastifyInstance) => void | Promise<void>;
    /** Reuse this database instead of a new one (e.g. to restart the app on the same data). */
    database?: TestDatabase;
    onLyraMemory?: AppDependencies['onLyraMemory'];
    onAnalytics?: AppDependencies['onAnalytics'];
    sharedRateLimitsInDatabase?: boolean;
    onRoute?: AppDependencies['onRoute'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const database = options.database ?? (await createTestDatabase(engine));
  if (options.seed !== false) {
    await importCatalogue(database.db, {
      filesDir: path.join(SHARED_SEED_DIR, 'files'),
      mediaDir: path.join(dataDir, 'media'),
      currency: config.currency,
      alsoImport: (tx) => seedCoupons(tx, { currency: config.currency }),
    });
  }
  const secrets = await loadSecrets(dataDir, {});
  const app = await buildApp({
    config,
    database,
    secrets,
    webApp: options.webApp ?? testWebApp(),
    logger: false,
    filesDir: path.join(SHARED_SEED_DIR, 'files'),
    sandboxPayments: options.sandboxPayments,
    onLyraMemory: options.onLyraMemory,
    onAnalytics: options.onAnalytics,
    onRoute: options.onRoute,
    sharedRateLimitsInDatabase: options.sharedRateLimitsInDatabase,
    // Real scrypt, at a cost that keeps the tests quick (the parameters travel in the hash).
    passwordHashing: TEST_PASSWORD_HASHING,
  });
  await options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    secrets,
    dataDir,
    close: async () => {
      await app.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The problems loadConfig lists for an environment (none when it starts). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** The store's settings the server wrote into a page's `store-config` meta tag. */
export function storeConfigOf(html: string) {
  const match = /<meta name="store-config" content="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no store-config meta tag');
  return JSON.parse(
    match[1]
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

/** A second store on the same database and data directory: a restart, or a second process beside the first. */
export function buildSecondApp(t: TestApp, overrides: Partial<AppDependencies> = {}) {
  return buildApp({
    config: t.config,
    database: { ...t.database, close: async () => {} },
    secrets: t.secrets,
    logger: false,
    webApp: testWebApp(),
    ...overrides,
  });
}

/**
 * A signed link with one character of its signature changed, always to another character (a
 * signature that already ended in the characters written over it used to stay valid, 1 run in 1,000).
 */
export function withTamperedSignature(link: string): string {
  return link.replace(/signature=([^&]+)/, (_match, value: string) => `signature=${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`);
}
