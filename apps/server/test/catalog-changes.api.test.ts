import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_APPLICATION_NAME } from '../src/db/database-changes';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, productForm } from './admin-fixtures';
import { buildSecondApp, createTestApp, type TestApp } from './helpers';

const API = '/api/admin';
const WITHIN_MS = 1000;

const product = productForm();

/** Asks `app` for the product until `accept` likes the answer; how long that took, or Infinity after the limit. */
async function msUntil(app: FastifyInstance, accept: (response: Awaited<ReturnType<FastifyInstance['inject']>>) => boolean, limitMs = 3000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (accept(await app.inject('/api/products/tape-echo'))) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

// Only PostgreSQL has other processes on the same data (PGlite's one process invalidates locally, covered in admin-products).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two store processes on one PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let as: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    t = await createTestApp('postgresql', { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000' } });
    second = await buildSecondApp(t);
    await second.ready();
    as = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a catalogue write through one drops the other’s cache within a second', async () => {
    const created = await as('POST', `${API}/products`, product);
    expect(created.statusCode, created.body).toBe(201);
    // The second process caches the product as it is now (its cache would keep it for a minute).
    expect((await second.inject('/api/products/tape-echo')).json().display).toBe('Tape Echo');

    const saved = await as('PUT', `${API}/products/${created.json().id}`, { ...product, displayName: 'Tape Echo II', version: created.json().version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await msUntil(second, (response) => response.json().display === 'Tape Echo II')).toBeLessThan(WITHIN_MS);

    await as('POST', `${API}/products/${created.json().id}/live`, { live: false, version: saved.json().version });
    expect(await msUntil(second, (response) => response.statusCode === 404)).toBeLessThan(WITHIN_MS);
  });

  it('listens again after its connection is cut, and hears the next write', async () => {
    const [item] = (await as('GET', `${API}/products?search=tape-echo`)).json().products;
    const live = await as('POST', `${API}/products/${item.id}/live`, { live: true, version: item.version });
    expect(live.statusCode, live.body).toBe(200);

    // Both processes' listening connections (on this test's database) end, as when PostgreSQL restarts or a proxy drops them.
    const listeners = sql`select count(*)::int as n from pg_stat_activity where application_name = ${CHANGES_APPLICATION_NAME} and datname = current_database()`;
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGES_APPLICATION_NAME} and datname = current_database()`,
    );
    const listenerCount = async () => Number(((await t.database.db.execute(listeners)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    const started = performance.now();
    while ((await listenerCount()) < 2 && performance.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await listenerCount()).toBe(2);

    expect((await second.inject('/api/products/tape-echo')).json().display).toBe('Tape Echo II');
    await as('PUT', `${API}/products/${item.id}`, { ...product, displayName: 'Tape Echo III', version: live.json().version });
    expect(await msUntil(second, (response) => response.json().display === 'Tape Echo III')).toBeLessThan(WITHIN_MS);
  });
});
