import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { runFailingStart, startBuiltServer } from '../support/built-server';

test.describe('running the built store', () => {
  test('first start migrates, seeds and serves; a restart keeps every row; SIGTERM shuts down cleanly', async () => {
    test.setTimeout(120_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-lifecycle-'));
    const port = String(8300 + test.info().workerIndex);
    try {
      const first = await startBuiltServer({ PORT: port, DATA_DIR: dataDir });
      console.log(`first start ready after ${first.readyAfterMs} ms`);
      const products = (await (await fetch(`http://localhost:${port}/api/products/`)).json()) as { path: string }[];
      expect(products.map((product) => product.path)).toContain('remidi-4');
      expect(await first.stop('SIGTERM')).toBe(0);

      // A maker edits the catalogue while the store is stopped.
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await db.query(`update products set display_name = 'reMIDI 4 (edited)' where path = 'remidi-4'`);
      const before = (await db.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n;
      await db.close();

      const second = await startBuiltServer({ PORT: port, DATA_DIR: dataDir });
      const again = (await (await fetch(`http://localhost:${port}/api/products/remidi-4`)).json()) as { display: string };
      expect(again.display).toBe('reMIDI 4 (edited)');
      const status = (await (await fetch(`http://localhost:${port}/status`)).json()) as { database: string };
      expect(status.database).toBe('pglite');
      expect(await second.stop('SIGINT')).toBe(0);

      const reopened = await PGlite.create(path.join(dataDir, 'pglite'));
      expect((await reopened.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n).toBe(before);
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('an invalid environment stops the start and names every bad variable', async () => {
    const { code, output } = await runFailingStart({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', STORE_CURRENCY: 'dollars' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment');
    for (const name of ['PORT', 'DATABASE_URL', 'STORE_CURRENCY']) expect(output).toContain(name);
  });
});
