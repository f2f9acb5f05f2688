import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../src/config/secrets';
import { openDatabase, type Database, type DatabaseEngine } from '../src/db/client';
import { accounts } from '../src/db/schema';
import { importCatalogue } from '../src/modules/catalog/seed/seed-catalog';
import { sha256File } from '../src/operations/archive';
import { createBackup } from '../src/operations/backup';
import { restoreBackup } from '../src/operations/restore';
import { createScratchPostgresDatabase, createTestApp, TEST_ENGINES, type TestDatabase } from './helpers';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

const TABLES = ['orders', 'order_items', 'licences', 'entitlements', 'customers', 'accounts', 'products', 'product_files'];

/** Every row of the tables a restore must bring back, in a stable order. */
async function snapshot(db: Database) {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const result = (await db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as { rows: unknown[] };
    rows[table] = result.rows;
  }
  return rows;
}

function run(command: string, args: string[], cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

interface Store {
  dataDir: string;
  databaseUrl?: string;
  dropDatabase(): Promise<void>;
}

/** A stopped store's data: a seeded catalogue, one paid order with its licence, an account, secrets and content. */
async function createStoreData(engine: DatabaseEngine, scratch: string): Promise<{ store: Store; before: Record<string, unknown[]> }> {
  const dataDir = await mkdtemp(path.join(scratch, 'source-'));
  const postgres = engine === 'postgresql' ? await createScratchPostgresDatabase() : undefined;
  const handle = await openDatabase(
    postgres ? { engine: 'postgresql', url: postgres.url, poolSize: 2 } : { engine: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= handle.close());
  const database: TestDatabase = { ...handle, close, destroy: close };

  await importCatalogue(database.db, { filesDir: path.join(dataDir, 'files'), mediaDir: path.join(dataDir, 'media'), currency: 'USD' });
  await loadSecrets(dataDir, {});
  await mkdir(path.join(dataDir, 'content', 'midi'), { recursive: true });
  await writeFile(path.join(dataDir, 'content', 'midi', 'landing.mid'), 'MThd maker piece');

  const t = await createTestApp(engine, { database, seed: false });
  const order = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(testOrder({ email: 'buyer@example.com' })));
  expect(order.json().processed[0].result).toBe('order-created');
  await database.db
    .insert(accounts)
    .values({ email: 'buyer@example.com', passwordHash: 'scrypt$kept', givenName: 'Bea', familyName: 'Buyer', fullName: 'Bea Buyer' });
  const before = await snapshot(database.db);
  await t.close();
  return { store: { dataDir, databaseUrl: postgres?.url, dropDatabase: async () => postgres?.drop() }, before };
}

describe.each(TEST_ENGINES)('backup and restore on %s', (engine) => {
  let scratch: string;
  let source: Store;
  let before: Record<string, unknown[]>;
  let archive: string;
  const drops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'songwish-backup-test-'));
    ({ store: source, before } = await createStoreData(engine, scratch));
    drops.push(source.dropDatabase);
    archive = path.join(scratch, 'backup.tar.gz');
    await createBackup({ dataDir: source.dataDir, databaseUrl: source.databaseUrl, output: archive });
  }, 120_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    await rm(scratch, { recursive: true, force: true });
  });

  /** An empty target: a folder that does not exist yet and, on PostgreSQL, a new database. */
  async function emptyTarget() {
    const dataDir = path.join(scratch, `restored-${Math.random().toString(36).slice(2)}`);
    if (engine === 'pglite') return { dataDir, databaseUrl: undefined };
    const database = await createScratchPostgresDatabase();
    drops.push(database.drop);
    return { dataDir, databaseUrl: database.url };
  }

  it('brings back every order, licence, account and file, with the downloads’ SHA-256 unchanged', async () => {
    const target = await emptyTarget();
    const manifest = await restoreBackup({ archive, ...target });
    expect(manifest.database.engine).toBe(engine);

    const restored = await openDatabase(
      target.databaseUrl ? { engine: 'postgresql', url: target.databaseUrl } : { engine: 'pglite', dataDir: path.join(target.dataDir, 'pglite') },
    );
    try {
      const after = await snapshot(restored.db);
      expect(after).toEqual(before);
      expect(after.orders).toHaveLength(1);
      expect(after.licences!.length).toBeGreaterThan(0);
      expect(after.accounts).toHaveLength(1);
      const files = after.product_files as Array<{ storage_key: string; sha256: string }>;
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(await sha256File(path.join(target.dataDir, 'files', file.storage_key))).toBe(file.sha256);
    } finally {
      await restored.close();
    }
    for (const name of ['secrets.json', 'content/midi/landing.mid']) {
      expect(await readFile(path.join(target.dataDir, name), 'utf8')).toBe(await readFile(path.join(source.dataDir, name), 'utf8'));
    }
    expect((await readdir(path.join(target.dataDir, 'media'))).length).toBeGreaterThan(0);
  });

  it('refuses a DATA_DIR that is not empty and leaves it as it was', async () => {
    const target = await emptyTarget();
    await mkdir(target.dataDir);
    await writeFile(path.join(target.dataDir, 'notes.txt'), 'mine');
    await expect(restoreBackup({ archive, ...target })).rejects.toThrow(/is not empty .*notes\.txt/);
    expect(await readdir(target.dataDir)).toEqual(['notes.txt']);
  });

  // The engine-specific cases are declared only for their engine, so no run reports them skipped.
  if (engine === 'postgresql') {
    it('refuses a PostgreSQL database that already has tables', async () => {
      const target = await emptyTarget();
      const other = await openDatabase({ engine: 'postgresql', url: target.databaseUrl!, poolSize: 1 });
      await other.close();
      await expect(restoreBackup({ archive, ...target })).rejects.toThrow(/database in DATABASE_URL is not empty/);
      await expect(readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
    });
    return;
  }

  describe('bad archives leave DATA_DIR untouched', () => {
    /** Unpacks the good archive, lets `change` alter it, and packs it again with the given members. */
    async function tampered(name: string, change: (dir: string) => Promise<void>, tarArgs: (dir: string) => string[] = () => ['.']) {
      const dir = await mkdtemp(path.join(scratch, 'tamper-'));
      await run('tar', ['-xzf', archive, '-C', dir], scratch);
      await change(dir);
      const output = path.join(scratch, name);
      await run('tar', ['-czf', output, ...tarArgs(dir)], dir);
      return output;
    }

    async function expectRefused(bad: string, message: RegExp) {
      const target = await emptyTarget();
      await expect(restoreBackup({ archive: bad, ...target })).rejects.toThrow(message);
      await expect(readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
      expect((await readdir(scratch)).filter((name) => name.includes('restoring'))).toEqual([]);
    }

    it('a truncated archive', async () => {
      const bytes = await readFile(archive);
      const truncated = path.join(scratch, 'truncated.tar.gz');
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expectRefused(truncated, /damaged or truncated/);
    });

    it('a changed byte in a file', async () => {
      const bad = await tampered('changed.tar.gz', async (dir) => {
        const file = path.join(dir, 'content', 'midi', 'landing.mid');
        const bytes = await readFile(file);
        bytes[0] = bytes[0]! ^ 0xff;
        await writeFile(file, bytes);
      });
      await expectRefused(bad, /content\/midi\/landing\.mid .*does not match its checksum/);
    });

    it('a changed byte in the compressed stream', async () => {
      const bytes = Buffer.from(await readFile(archive));
      bytes[Math.floor(bytes.length / 3)] = bytes[Math.floor(bytes.length / 3)]! ^ 0xff;
      const bad = path.join(scratch, 'flipped.tar.gz');
      await writeFile(bad, bytes);
      await expectRefused(bad, /damaged or truncated|does not match its checksum/);
    });

    it('a path with .. in the archive', async () => {
      const bad = await tampered(
        'escape.tar.gz',
        async (dir) => writeFile(path.join(dir, 'evil.txt'), 'outside'),
        () => ['--absolute-names', '--transform=s,^evil.txt,../evil.txt,', 'manifest.json', 'evil.txt'],
      );
      await expectRefused(bad, /unsafe path \(\.\.\/evil\.txt\)/);
      await expect(readFile(path.join(scratch, 'evil.txt'))).rejects.toThrow(/ENOENT/);
    });

    it('a missing manifest', async () => {
      const bad = await tampered('no-manifest.tar.gz', async (dir) => rm(path.join(dir, 'manifest.json')));
      await expectRefused(bad, /has no manifest\.json/);
    });
  });

  it('refuses to back up PGlite while a store holds DATA_DIR', async () => {
    const store = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      await writeFile(path.join(source.dataDir, 'pglite.lock'), `${store.pid}\n`);
      const output = path.join(scratch, 'while-running.tar.gz');
      await expect(createBackup({ dataDir: source.dataDir, output })).rejects.toThrow(
        new RegExp(`in use by process ${store.pid}[^]*stop the store first, or use PostgreSQL`),
      );
      await expect(readFile(output)).rejects.toThrow(/ENOENT/);
    } finally {
      store.kill();
      await rm(path.join(source.dataDir, 'pglite.lock'), { force: true });
    }
  });
});
