import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyLicences } from '../src/db/schema';
import { importLegacyLicences, LegacyImportError } from '../src/modules/licensing/legacy-import';
import { demoLegacyLicences, seedDemoLegacyLicences } from '../src/modules/licensing/seed/seed-legacy-licences';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from './helpers';

describe.each(TEST_ENGINES)('importing legacy licences on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const keys = async () => (await database.db.select().from(legacyLicences).orderBy(asc(legacyLicences.key))).map((row) => `${row.key} ${row.product}`);
  const problemsOf = (text: string) =>
    importLegacyLicences(database.db, text).then(
      () => [],
      (error: unknown) => {
        if (error instanceof LegacyImportError) return error.problems;
        throw error;
      },
    );

  it('imports nothing from a file with one bad row, and names the row', async () => {
    expect(await problemsOf('key,product,issued_at\nA-1,remidi-3,2020-01-01\nA-2,remidi-3,soon\nA-3,remidi-2,\n')).toEqual([
      { line: 3, problem: 'issued_at is not a date (write 2019-05-01 or 2019-05-01T10:00:00Z)' },
    ]);
    expect(await keys()).toEqual([]);
  });

  it('imports every row of a good file and says how many of each product', async () => {
    const file = 'key,product,email,issued_at\r\na-1,remidi-3,ann@example.com,2020-01-01\r\nA-2,remidi-3,,\r\nB-1,remidi-2,,2018-03-04T05:06:07Z\r\n';
    expect(await importLegacyLicences(database.db, file)).toEqual({ imported: 3, skipped: [], byProduct: { 'remidi-3': 2, 'remidi-2': 1 } });
    expect(await keys()).toEqual(['A-1 remidi-3', 'A-2 remidi-3', 'B-1 remidi-2']);
    const [first] = await database.db.select().from(legacyLicences).orderBy(asc(legacyLicences.key));
    expect(first).toMatchObject({ email: 'ann@example.com', issuedAt: new Date('2020-01-01T00:00:00Z'), upgradeCouponCode: null, upgradedAt: null });
  });

  it('skips the keys imported before when a file is imported again, adding only the new ones', async () => {
    expect(await importLegacyLicences(database.db, 'key,product\nA-1,remidi-3\nA-2,remidi-3\nB-1,remidi-2\n')).toEqual({
      imported: 0,
      skipped: ['A-1', 'A-2', 'B-1'],
      byProduct: {},
    });
    expect(await importLegacyLicences(database.db, 'key,product\nA-1,remidi-3\nA-4,remidi-3\n')).toEqual({
      imported: 1,
      skipped: ['A-1'],
      byProduct: { 'remidi-3': 1 },
    });
    expect(await keys()).toEqual(['A-1 remidi-3', 'A-2 remidi-3', 'A-4 remidi-3', 'B-1 remidi-2']);
  });

  it('refuses a key imported before for another product, importing nothing of that file', async () => {
    expect(await problemsOf('key,product\nC-1,remidi-3\nb-1,remidi-3\n')).toEqual([{ line: 3, problem: 'key B-1 was imported before for remidi-2' }]);
    expect(await keys()).not.toContain('C-1 remidi-3');
  });

  it('refuses a key twice in one file', async () => {
    expect(await problemsOf('key,product\nD-1,remidi-3\nd-1 ,remidi-2\n')).toEqual([{ line: 3, problem: 'key D-1 is also on line 2' }]);
    expect(await keys()).not.toContain('D-1 remidi-3');
  });

  it('seeds the demo keys in the sandbox only, once however often the store starts', async () => {
    expect(await seedDemoLegacyLicences(database.db, { paymentProvider: 'fastspring' })).toEqual([]);
    expect(await seedDemoLegacyLicences(database.db, { paymentProvider: 'sandbox' })).toHaveLength(demoLegacyLicences.length);
    expect(await seedDemoLegacyLicences(database.db, { paymentProvider: 'sandbox' })).toEqual([]);
    expect(await keys()).toEqual(expect.arrayContaining(['REMIDI3-DEMO-0001-FREE remidi-3', 'REMIDI2-DEMO-0001-85OFF remidi-2']));
  });
});
