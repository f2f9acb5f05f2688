import { executionAsyncId } from 'node:async_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig } from '../src/config/env';
import { loadSecrets } from '../src/config/secrets';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { guardTransactions, QueryOutsideTransactionError, type StalledDatabase } from '../src/db/pglite-transaction-guard';
import { products } from '../src/db/schema';
import { testWebApp } from './helpers';

/** Drizzle wraps a failed query's error: the guard's is its cause. */
const isRefusal = (error: unknown) =>
  error instanceof QueryOutsideTransactionError || (error instanceof Error && error.cause instanceof QueryOutsideTransactionError);

// Without the guard, each of these transactions waits for itself: the test times out, and every
// query after it (the store's next requests) would wait with it.
describe("the store's PGlite refuses a query that would wait for its own transaction", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('refuses a query on the database from inside a transaction, rolls the transaction back, and answers the next query', async () => {
    const { db } = database;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`create table written_inside (id int)`);
      await db.select().from(products);
    });
    await expect(attempt).rejects.toSatisfy(isRefusal);
    const left = await db.execute<{ name: string | null }>(sql`select to_regclass('written_inside') as name`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ name: null }]);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('refuses a transaction begun on the database from inside a transaction', async () => {
    const { db } = database;
    const attempt = db.transaction(async () => {
      await db.transaction(async (inner) => inner.execute(sql`select 1`));
    });
    await expect(attempt).rejects.toSatisfy(isRefusal);
  });

  it('refuses work the transaction started and awaits later, as when it fills a cache on the way', async () => {
    const { db } = database;
    const attempt = db.transaction(async (tx) => {
      const pending = Promise.resolve().then(() => db.execute(sql`select 1`));
      await tx.execute(sql`select 2`);
      await pending;
    });
    await expect(attempt).rejects.toSatisfy(isRefusal);
  });

  it('lets a timer set inside a transaction query once the transaction has ended', async () => {
    const { db } = database;
    let timerQuery!: Promise<unknown>;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => {
        timerQuery = new Promise((done) => setTimeout(() => done(db.execute(sql`select 2 as two`)), 30));
        resolve();
      });
    });
    await expect(timerQuery).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it('marks the work of a transaction only while one is open, so the rest of the store runs without async hooks', async () => {
    // With no async hook enabled, Node gives a promise's reaction no async id of its own (0).
    const reactionAsyncId = () => Promise.resolve().then(() => executionAsyncId());
    const { db } = database;
    let inside = 0;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside = await reactionAsyncId();
    });
    expect(inside).toBeGreaterThan(0);
    expect(await reactionAsyncId()).toBe(0);
    // And the next transaction is marked again: its stray query is still refused.
    await expect(db.transaction(() => db.execute(sql`select 1`))).rejects.toSatisfy(isRefusal);
    expect(await reactionAsyncId()).toBe(0);
  });

  it('lets other requests wait their turn and run once the transaction ends', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
      order.push('transaction');
    });
    const otherRequest = db.execute(sql`select 2`).then(() => order.push('other request'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([transaction, otherRequest]);
    expect(order).toEqual(['transaction', 'other request']);
  });
});

it("still refuses a stray query in one database's transaction after another database's transaction has ended", async () => {
  const first = guardTransactions(await PGlite.create());
  const second = guardTransactions(await PGlite.create());
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const attempt = first.client.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
      await first.client.query('select 2');
    });
    await second.client.transaction((tx) => tx.query('select 3'));
    release();
    await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
  } finally {
    first.stop();
    second.stop();
    await Promise.all([first.client.close(), second.client.close()]);
  }
});

describe('what holds PGlite too long is reported', () => {
  let client: PGlite;
  const reports: StalledDatabase[] = [];
  let stop: () => void;
  beforeAll(async () => {
    const guarded = guardTransactions(await PGlite.create(), { stalledAfterMs: 40, onStalled: (stalled) => reports.push(stalled) });
    client = guarded.client;
    stop = guarded.stop;
  });
  afterAll(async () => {
    stop();
    await client.close();
  });

  it('once, with where it was started, and a quick one never', async () => {
    await client.transaction((tx) => tx.query('select 1'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reports).toEqual([]);

    await client.transaction(async function holdsTheConnection(tx) {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.heldForMs).toBeGreaterThanOrEqual(40);
    expect(reports[0]!.startedFrom).toContain('pglite-transaction-guard.test.ts');
  });

  it('a stalled transaction alone, not the queries waiting behind it', async () => {
    reports.length = 0;
    const transaction = client.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const waiting = client.query('select 2 as queued_behind');
    await Promise.all([transaction, waiting]);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.startedFrom).toBeDefined();
  });

  it('a query PGlite leaves unanswered, with its SQL', async () => {
    reports.length = 0;
    // PGlite busy with something else than a transaction of ours, as when it stops answering.
    const busy = client.runExclusive(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const unanswered = client.query('select 3 as left_waiting');
    await Promise.all([busy, unanswered]);
    expect(reports).toEqual([{ heldForMs: expect.any(Number), statement: 'select 3 as left_waiting' }]);
    expect(reports[0]!.heldForMs).toBeGreaterThanOrEqual(40);
  });
});

describe("the store's log", () => {
  it('names a stalled transaction and where it was started, or the query left unanswered, and nothing of their data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-stalled-'));
    const database = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
    let reportStalled: ((stalled: StalledDatabase) => void) | undefined;
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
    const app = await buildApp({
      config,
      database: { ...database, onStalledDatabase: (listener) => (reportStalled = listener) },
      secrets: await loadSecrets(dataDir, {}),
      webApp: testWebApp(),
      logger: {
        ...(loggerOptions(config) as object),
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    try {
      reportStalled!({ heldForMs: 12_400, startedFrom: '    at payForCart (sandbox.service.ts:301:7)' });
      reportStalled!({ heldForMs: 30_000, statement: 'select "id" from "products" where "path" = $1' });
      const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.level === 50);
      expect(logged).toMatchObject([
        { heldForSeconds: 12, startedFrom: '    at payForCart (sandbox.service.ts:301:7)', msg: expect.stringContaining('transaction is still open') },
        { heldForSeconds: 30, statement: 'select "id" from "products" where "path" = $1', msg: expect.stringContaining('has not answered a query') },
      ]);
    } finally {
      // Closing the store closes its database.
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
