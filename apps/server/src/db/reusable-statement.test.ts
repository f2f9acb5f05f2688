import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databasePerTest, TEST_ENGINES } from '#server-test/helpers.ts';
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
