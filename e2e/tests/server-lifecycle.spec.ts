import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runFailingStart, startBuiltServer } from '../support/built-server';
import { openStoreDatabase } from '../support/store-database';

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
      const db = await openStoreDatabase(dataDir);
      await db.query(`update products set display_name = 'reMIDI 4 (edited)' where path = 'remidi-4'`);
      const before = (await db.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n;
      await db.close();

      const second = await startBuiltServer({ PORT: port, DATA_DIR: dataDir });
      const again = (await (await fetch(`http://localhost:${port}/api/products/remidi-4`)).json()) as { display: string };
      expect(again.display).toBe('reMIDI 4 (edited)');
      const status = (await (await fetch(`http://localhost:${port}/status`)).json()) as { database: string };
      expect(status.database).toBe('pglite');
      expect(await second.stop('SIGINT')).toBe(0);

      const reopened = await openStoreDatabase(dataDir);
      expect((await reopened.query<{ n: number }>('select count(*)::int as n from products')).rows[0]?.n).toBe(before);
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // Killed as the renderer loads, and while it writes: a channel that closed before it looked, and one that closes under it.
  for (const moment of ['as the renderer starts', 'once the renderer has written a WebP'] as const) {
    test(`a store killed outright ${moment} leaves no cover renderer writing into its data folder`, async () => {
      test.setTimeout(120_000);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-killed-'));
      const covers = path.join(dataDir, 'media', 'covers');
      const webps = async () => (await readdir(covers).catch(() => [])).filter((name) => name.endsWith('.webp'));
      const port = String(8300 + test.info().workerIndex);
      try {
        const store = await startBuiltServer({ PORT: port, DATA_DIR: dataDir });
        // The seed covers' WebPs are rendered by a process of the store's own, just after it is ready.
        await expect.poll(() => processesNaming(dataDir), { intervals: [20] }).toHaveLength(1);
        if (moment === 'once the renderer has written a WebP') await expect.poll(async () => (await webps()).length, { intervals: [20] }).toBeGreaterThan(0);
        await store.stop('SIGKILL');
        await expect.poll(() => processesNaming(dataDir), { timeout: 5_000 }).toEqual([]);
        // It stopped with the store instead of finishing its work: some of the covers (each an SVG
        // and three WebPs once rendered) were never written, and nothing is written any more.
        const written = await readdir(covers);
        const svgs = written.filter((name) => name.endsWith('.svg')).length;
        expect((await webps()).length).toBeLessThan(3 * svgs);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await readdir(covers)).toEqual(written);
      } finally {
        await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
      }
    });
  }

  test('an invalid environment stops the start and names every bad variable', async () => {
    const { code, output } = await runFailingStart({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', STORE_CURRENCY: 'dollars' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment');
    for (const name of ['PORT', 'DATABASE_URL', 'STORE_CURRENCY']) expect(output).toContain(name);
  });

  test('a sandbox on a public address starts only when asked to, and prints the key its mailbox then needs', async () => {
    test.setTimeout(120_000);
    const publicUrl = 'https://demo.songwish.example';
    // HOST stays loopback: an https PUBLIC_URL alone says the store is public.
    const refused = await runFailingStart({ HOST: '127.0.0.1', PUBLIC_URL: publicUrl });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('SANDBOX_ON_PUBLIC_HOST=true');

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-lifecycle-'));
    const port = String(Number(process.env.E2E_PORT ?? 8181) + 10 + test.info().workerIndex);
    try {
      const server = await startBuiltServer({ PORT: port, HOST: '127.0.0.1', PUBLIC_URL: publicUrl, SANDBOX_ON_PUBLIC_HOST: 'true', DATA_DIR: dataDir });
      const printed = /Sandbox mailbox \(keep this link private\) (\S+)/.exec(server.output())?.[1];
      expect(printed).toMatch(new RegExp(`^${publicUrl}/dev/mailbox\\?key=[\\w-]{20,}$`));
      const local = `http://127.0.0.1:${port}`;
      expect((await fetch(`${local}/dev/mailbox`)).status).toBe(401);

      const unlock = await fetch(`${local}${new URL(printed!).pathname}${new URL(printed!).search}`, { redirect: 'manual' });
      expect(unlock.status).toBe(303);
      const cookie = (unlock.headers.get('set-cookie') ?? '').split(';')[0]!;
      const mailbox = await fetch(`${local}/dev/mailbox`, { headers: { cookie } });
      expect(mailbox.status).toBe(200);
      expect(await mailbox.text()).toContain('Sandbox mailbox');
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** The command lines of this machine's processes that name `text` (Linux's /proc). */
async function processesNaming(text: string) {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const commandLines = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return commandLines.filter((line) => line.includes(text)).map((line) => line.replaceAll('\0', ' '));
}
