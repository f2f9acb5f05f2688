import { eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, databasePerTest, TEST_ENGINES, withAdmin } from '#server-test/helpers.ts';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { columnValues, insertRow, reusableStatement, reusableStatements } from './reusable-statement';
import { customers } from './schema';

describe.each(TEST_ENGINES)('statements built once and run on any handle, on %s', (engine) => {
  const openDatabase = databasePerTest(engine);

  /** An upsert of a customer whose shape is the fields given; counts how often a shape is built. */
  function customerInsert() {
    const builds: string[] = [];
    const run = reusableStatements<{ id: number; email: string; city: string | null; created_at: string }>((db, shape: string) => {
      builds.push(shape);
      return db
        .insert(customers)
        .values(insertRow.placeholders('customer', shape) as unknown as typeof customers.$inferInsert)
        .returning({ id: customers.id, email: customers.email, city: customers.city, created_at: customers.createdAt });
    });
    const insert = (db: Parameters<typeof run>[0], customer: Partial<typeof customers.$inferInsert>) =>
      run(db, insertRow.shape(customer), insertRow.values(customers, 'customer', customer));
    return { builds, insert };
  }

  it('builds each shape once, however often and on whichever handle it runs', async () => {
    const { db } = await openDatabase();
    const { builds, insert } = customerInsert();
    await insert(db, { email: 'a@example.com' });
    await insert(db, { email: 'b@example.com' });
    await db.transaction(async (tx) => {
      await insert(tx, { email: 'c@example.com' });
    });
    await insert(db, { email: 'd@example.com', city: 'Montréal' });
    await insert(db, { email: 'e@example.com', city: 'Québec' });
    expect(builds).toEqual(['email', 'email,city']);
    const rows = await db.select({ email: customers.email, city: customers.city }).from(customers).orderBy(customers.email);
    expect(rows).toEqual([
      { email: 'a@example.com', city: null },
      { email: 'b@example.com', city: null },
      { email: 'c@example.com', city: null },
      { email: 'd@example.com', city: 'Montréal' },
      { email: 'e@example.com', city: 'Québec' },
    ]);
  });

  it('sends each value as its column does, a null as null, and an absent field takes its default', async () => {
    const { db } = await openDatabase();
    const { insert } = customerInsert();
    const erasedAt = new Date('2026-11-30T12:00:00.000Z');
    const [row] = await insert(db, { email: 'erased@example.com', city: null, erasedAt });
    expect(row).toMatchObject({ email: 'erased@example.com', city: null });
    expect(Number.isNaN(Date.parse(row!.created_at))).toBe(false);
    const [stored] = await db.select().from(customers).where(eq(customers.email, 'erased@example.com'));
    expect(stored!.erasedAt?.toISOString()).toBe(erasedAt.toISOString());
    expect(stored!.city).toBeNull();
  });

  it('is rolled back with the transaction it ran in', async () => {
    const { db } = await openDatabase();
    const { insert } = customerInsert();
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, { email: 'rolled-back@example.com' });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await db.select().from(customers)).toEqual([]);
  });

  it('refuses to run without a value for each placeholder, and names a field that is no column', async () => {
    const { db } = await openDatabase();
    const count = reusableStatement<{ n: number }>(
      () => sql`select count(*)::integer as n from ${customers} where ${customers.email} = ${sql.placeholder('email')}`,
    );
    await expect(count(db, {})).rejects.toThrow('No value for placeholder "email"');
    expect(await count(db, { email: 'nobody@example.com' })).toEqual([{ n: 0 }]);
    expect(() => columnValues(customers, 'customer', { mail: 'typo@example.com' })).toThrow('mail is not a column of the table');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements prepared by name on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>> | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    await scratch?.drop();
    database = scratch = undefined;
  });

  /** The store's database on one connection, so that the session's prepared statements can be read back. */
  async function openOneConnection(preparedStatements?: boolean) {
    scratch = await createScratchPostgresDatabase();
    database = await openDatabase({ engine: 'postgresql', url: scratch.url, poolSize: 1, preparedStatements });
    return database.db;
  }

  const countByEmail = reusableStatement<{ n: number }>(
    () => sql`select count(*)::integer as n from ${customers} where ${customers.email} = ${sql.placeholder('email')}`,
  );
  /** The statements prepared on the connection, and how often each ran there. */
  const preparedRuns = (db: Database) => rowsOf(db, sql`select name, (generic_plans + custom_plans)::integer as runs from pg_prepared_statements`);
  const preparedNames = async (db: Database) => (await rowsOf<{ name: string }>(db, sql`select name from pg_prepared_statements`)).map((row) => row.name);

  it('prepares a statement once per connection, under a name made from its text, and runs it there on the pool and in a transaction', async () => {
    const db = await openOneConnection();
    await countByEmail(db, { email: 'a@example.com' });
    await db.transaction(async (tx) => {
      await customerNamed(tx, 'b@example.com');
      expect(await countByEmail(tx, { email: 'b@example.com' })).toEqual([{ n: 1 }]);
    });
    expect(await preparedRuns(db)).toEqual([{ name: expect.stringMatching(/^sw_[0-9a-f]{24}$/), runs: 2 }]);
  });

  it('prepares it again on a new connection after PostgreSQL dropped the old one', async () => {
    const db = await openOneConnection();
    await countByEmail(db, { email: 'a@example.com' });
    const backend = () => rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`).then(([row]) => row!.pid);
    const before = await backend();
    await withAdmin(process.env.TEST_DATABASE_URL!, (admin) => admin.query('select pg_terminate_backend($1)', [before]));
    // The pool hears of the lost connection a moment later; until then a query may fail on it.
    await expect.poll(() => backend().catch(() => before)).not.toBe(before);
    expect(await countByEmail(db, { email: 'a@example.com' })).toEqual([{ n: 0 }]);
    await db.transaction((tx) => countByEmail(tx, { email: 'a@example.com' }));
    expect(await preparedRuns(db)).toEqual([{ name: expect.stringMatching(/^sw_/), runs: 2 }]);
  });

  it('names at most 200 shapes of one statement on a connection; rarer ones still run, unnamed', async () => {
    const db = await openOneConnection();
    const plus = reusableStatements<{ n: number }>((_db, shape) => sql`select ${sql.raw(shape)}::integer + ${sql.placeholder('x')}::integer as n`);
    for (let shape = 1; shape <= 205; shape += 1) expect(await plus(db, String(shape), { x: 1 })).toEqual([{ n: shape + 1 }]);
    expect(await preparedNames(db)).toHaveLength(200);
  });

  it('prepares nothing by name when told that a pooler in front cannot keep named statements', async () => {
    const db = await openOneConnection(false);
    expect(await countByEmail(db, { email: 'a@example.com' })).toEqual([{ n: 0 }]);
    await db.transaction((tx) => countByEmail(tx, { email: 'a@example.com' }));
    expect(await preparedNames(db)).toEqual([]);
  });
});

/** The rows of a statement run as Drizzle runs any other (unnamed). */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** One customer, inserted by a statement of its own. */
async function customerNamed(db: Database, email: string) {
  await db.insert(customers).values({ email });
}
