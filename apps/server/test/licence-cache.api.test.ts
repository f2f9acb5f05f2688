import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_APPLICATION_NAME } from '../src/db/database-changes';
import { customers, licenceMachines, licences } from '../src/db/schema';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository';
import { createLicenceCache } from '../src/modules/licensing/licence-cache';
import { createLicensingRepository } from '../src/modules/licensing/licensing.repository';
import { createLicensingService } from '../src/modules/licensing/licensing.service';
import { loadLicensingKeys } from '../src/modules/licensing/signing-key';
import { buildSecondApp, createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder, testReturn } from './webhook-fixtures';

const API = '/api/licensing/v1';
const WITHIN_MS = 1000;
const DAY_MS = 86_400_000;

let sequence = 0;
const fingerprint = () => `cache-${process.pid}-${++sequence}-abcdef`;
const nextAddress = () => `203.0.113.${(sequence++ % 250) + 1}`;

async function post(app: FastifyInstance, path: string, body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: `${API}${path}`, payload: body, remoteAddress: nextAddress() });
  return { status: response.statusCode, body: response.json() };
}

/** Buys one reMIDI 4 through the signed order webhook; the order and its key. */
async function buy(t: TestApp, email: string) {
  const order = testOrder({ email, items: [{ product: 'remidi-4', quantity: 1, subtotal: 79 }] });
  expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(order))).statusCode).toBe(200);
  const [row] = await t.database.db
    .select({ key: licences.key })
    .from(licences)
    .innerJoin(customers, eq(customers.id, licences.customerId))
    .where(eq(customers.email, email))
    .orderBy(sql`${licences.id} desc`)
    .limit(1);
  return { order, key: row!.key };
}

const refund = (t: TestApp, order: ReturnType<typeof testOrder>) =>
  postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(testReturn(order, { items: [{ product: 'remidi-4' }] }), { type: 'return.created' }));

const plugin = (app: FastifyInstance) => ({
  activate: (key: string, fp: string, extra: Record<string, unknown> = {}) =>
    post(app, '/activate', { licenseKey: key, product: 'remidi-4', fingerprint: fp, ...extra }),
  validate: (key: string, fp: string) => post(app, '/validate', { licenseKey: key, product: 'remidi-4', fingerprint: fp }),
  deactivate: (key: string, fp: string) => post(app, '/deactivate', { licenseKey: key, fingerprint: fp }),
});

const testEnv = { RATE_LIMIT_MAX: '100000', LICENSING_REQUESTS_PER_MINUTE: '100000', LICENSING_KEY_REQUESTS_PER_MINUTE: '10000' };

// Each check validates first, so the answer is cached before the write, then expects the write's effect at once.
describe.each(TEST_ENGINES)('the licence cache in one store process on %s', (engine) => {
  let t: TestApp;
  let api: ReturnType<typeof plugin>;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: testEnv });
    api = plugin(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates a computer activated after the key was checked', async () => {
    const { key } = await buy(t, 'cache-activate@example.com');
    const fp = fingerprint();
    expect((await api.validate(key, fp)).body.code).toBe('NO_MACHINE');
    expect((await api.activate(key, fp, { machineName: 'Studio' })).status).toBe(201);
    expect((await api.validate(key, fp)).body).toMatchObject({ valid: true, machine: { name: 'Studio' }, license: { activationsUsed: 1 } });
    expect((await api.activate(key, fp, { machineName: 'Studio renamed' })).status).toBe(200);
    expect((await api.validate(key, fp)).body.machine.name).toBe('Studio renamed');
  });

  it('answers NO_MACHINE right after the plugin deactivates', async () => {
    const { key } = await buy(t, 'cache-deactivate@example.com');
    const [kept, freed] = [fingerprint(), fingerprint()];
    await api.activate(key, kept);
    await api.activate(key, freed);
    expect((await api.validate(key, freed)).body.code).toBe('VALID');
    expect((await api.deactivate(key, freed)).status).toBe(200);
    expect((await api.validate(key, freed)).body.code).toBe('NO_MACHINE');
    expect((await api.validate(key, kept)).body).toMatchObject({ code: 'VALID', license: { activationsUsed: 1 } });
  });

  it('answers NO_MACHINE right after the shopper frees the computer on the account page', async () => {
    const email = 'cache-account@example.com';
    const { tokens } = await signInThroughIdp(t, { email, password: 'correct horse battery', signUp: true });
    const { key } = await buy(t, email);
    const fp = fingerprint();
    const machineId = (await api.activate(key, fp)).body.machine.id;
    expect((await api.validate(key, fp)).body.code).toBe('VALID');
    const freed = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/licences/${key}/machines/${machineId}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await api.validate(key, fp)).body.code).toBe('NO_MACHINE');
  });

  it('answers REVOKED right after the refund', async () => {
    const { key, order } = await buy(t, 'cache-refund@example.com');
    const fp = fingerprint();
    await api.activate(key, fp);
    expect((await api.validate(key, fp)).body.code).toBe('VALID');
    expect((await refund(t, order)).statusCode).toBe(200);
    expect((await api.validate(key, fp)).body).toMatchObject({ valid: false, code: 'REVOKED', license: { status: 'revoked' } });
  });

  it('answers NO_MACHINE once the stale job freed the computer', async () => {
    const { key } = await buy(t, 'cache-stale@example.com');
    const fp = fingerprint();
    await api.activate(key, fp);
    // The job's service, with a cache and told of its own writes as app.ts wires them.
    const repository = createLicensingRepository(t.database.db);
    const cache = createLicenceCache({ load: (candidate) => repository.loadLicence(candidate), listening: () => true });
    const dropped: Array<string | undefined> = [];
    const service = createLicensingService({
      repository,
      reads: cache,
      changes: {
        announce: async () => undefined,
        afterCommit: () => undefined,
        committed: async (...ids) => {
          dropped.push(...(ids.length === 0 ? [undefined] : ids));
          cache.invalidate(undefined);
        },
      },
      catalog: createCatalogRepository(t.database.db),
      keys: loadLicensingKeys(t.secrets.LICENSING_SIGNING_KEY),
      publicUrl: t.config.publicUrl,
      fileTtlDays: t.config.licensing.fileTtlDays,
      staleDays: t.config.licensing.staleDays,
    });
    const input = { licenseKey: key, product: 'remidi-4', fingerprint: fp };
    expect((await service.validate(input)).code).toBe('VALID');
    await t.database.db
      .update(licenceMachines)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.licensing.staleDays + 1) * DAY_MS) })
      .where(and(eq(licenceMachines.fingerprint, fp), isNull(licenceMachines.releasedAt)));
    expect(await service.releaseStaleMachines()).toBeGreaterThanOrEqual(1);
    expect(dropped).toEqual([undefined]);
    expect((await service.validate(input)).code).toBe('NO_MACHINE');
  });
});

/** Validates on `app` until the answer's code is `code`; how long that took, or Infinity after the limit. */
async function msUntilCode(app: FastifyInstance, key: string, fp: string, code: string, limitMs = 3000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await plugin(app).validate(key, fp)).body.code === code) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

// Only PostgreSQL has other processes on the same data.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the licence caches of two store processes on one PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let api: ReturnType<typeof plugin>;

  beforeAll(async () => {
    t = await createTestApp('postgresql', { env: testEnv });
    second = await buildSecondApp(t);
    await second.ready();
    api = plugin(t.app);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a deactivation through one is seen by the other’s next validate within a second', async () => {
    const { key } = await buy(t, 'two-deactivate@example.com');
    const fp = fingerprint();
    await api.activate(key, fp);
    expect((await plugin(second).validate(key, fp)).body.code).toBe('VALID');
    expect((await api.deactivate(key, fp)).status).toBe(200);
    expect(await msUntilCode(second, key, fp, 'NO_MACHINE')).toBeLessThan(WITHIN_MS);
  });

  it('an activation through one is seen by the other within a second', async () => {
    const { key } = await buy(t, 'two-activate@example.com');
    const fp = fingerprint();
    expect((await plugin(second).validate(key, fp)).body.code).toBe('NO_MACHINE');
    expect((await api.activate(key, fp)).status).toBe(201);
    expect(await msUntilCode(second, key, fp, 'VALID')).toBeLessThan(WITHIN_MS);
  });

  it('a refund recorded by one is REVOKED on the other within a second', async () => {
    const { key, order } = await buy(t, 'two-refund@example.com');
    const fp = fingerprint();
    await api.activate(key, fp);
    expect((await plugin(second).validate(key, fp)).body.code).toBe('VALID');
    expect((await refund(t, order)).statusCode).toBe(200);
    expect(await msUntilCode(second, key, fp, 'REVOKED')).toBeLessThan(WITHIN_MS);
  });

  it('reads the database while its listening connection is down, and serves from the cache again once back', async () => {
    const { key } = await buy(t, 'two-outage@example.com');
    const fp = fingerprint();
    await api.activate(key, fp);
    expect((await plugin(second).validate(key, fp)).body.code).toBe('VALID');

    const listeners = sql`select count(*)::int as n from pg_stat_activity where application_name = ${CHANGES_APPLICATION_NAME} and datname = current_database()`;
    const listenerCount = async () => Number(((await t.database.db.execute(listeners)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGES_APPLICATION_NAME} and datname = current_database()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A write nobody announces (as if its notification were lost with the connection): only a read of the database sees it.
    await t.database.db
      .update(licenceMachines)
      .set({ releasedAt: new Date(), releasedReason: 'deactivated' })
      .where(and(eq(licenceMachines.fingerprint, fp), isNull(licenceMachines.releasedAt)));
    expect((await plugin(second).validate(key, fp)).body.code).toBe('NO_MACHINE');

    const started = performance.now();
    while ((await listenerCount()) < 2 && performance.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listenerCount()).toBe(2);
    const again = fingerprint();
    await api.activate(key, again);
    expect(await msUntilCode(second, key, again, 'VALID')).toBeLessThan(WITHIN_MS);
  });
});
