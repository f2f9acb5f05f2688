import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { analyticsEvents, licenceMachines, licences, orders, outboxMessages, sandboxWebhookDeliveries, webhookEvents, webhookLog } from '#server/db/schema.ts';
import { loadOrCreateSigningKeys } from '#server/modules/identity/signing-keys.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, productForm } from './admin-fixtures';
import { createScratchPostgresDatabase, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { redisAnswers, TEST_REDIS_URL } from './redis-probe.mjs';
import { SANDBOX_API, TEST_CARD_PAYMENT } from './sandbox-fixtures';
import { buildServerIfStale, httpClient, startRoundRobinProxy, startStoreProcess, type StoreProcess } from './store-processes';

const PROXY_PORT = 8420;
const STORE_PORTS = [8421, 8422] as const;
/** The address shoppers use: the proxy's, as the stores know it (PUBLIC_URL). */
const PUBLIC_HOST = 'localhost:8080';
const CHECKOUTS = 6;
const RATE_LIMIT_MAX = 30;
const LYRA_PER_MINUTE = 4;
/** A product made through the back office. */
const NEW_PRODUCT = productForm();
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const reasons = [
  !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set (several stores need PostgreSQL)',
  !(await redisAnswers(TEST_REDIS_URL)) && `no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL)`,
].filter(Boolean);
if (reasons.length > 0) console.warn(`Skipping the two-store-processes test: ${reasons.join('; ')}.`);

/** A client address of its own per use, so one check's requests never count against another's limits. */
const freshAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const count = async (db: DatabaseHandle['db'], query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 15_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(reasons.length > 0)('two store processes behind a round-robin proxy, on one PostgreSQL and one Redis', () => {
  const proxy = httpClient(PROXY_PORT, { host: PUBLIC_HOST });
  const [storeA, storeB] = STORE_PORTS.map((port) => httpClient(port, { host: PUBLIC_HOST }));
  const dataDirs: string[] = [];
  const stores: StoreProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let database: DatabaseHandle;
  let adminToken: string;

  beforeAll(async () => {
    buildServerIfStale();
    scratch = await createScratchPostgresDatabase();
    // What the two processes must share, given in the environment; each keeps its own DATA_DIR.
    const keyDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-multi-keys-'));
    dataDirs.push(keyDir);
    const shared = {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN_EMAIL,
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      LYRA_RATE_LIMIT_PER_MINUTE: String(LYRA_PER_MINUTE),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DOWNLOAD_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      MAIL_LINK_SECRET: randomBytes(32).toString('base64url'),
      FASTSPRING_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
      LICENSING_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      IDP_SIGNING_KEYS: JSON.stringify((await loadOrCreateSigningKeys(keyDir)).privateJwks),
    };
    for (const port of STORE_PORTS) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `songwish-multi-${port}-`));
      // The first store generated the seed's files and covers; the second gets copies, as from S3 and a CDN.
      if (dataDirs.length > 1)
        for (const folder of ['files', 'media']) await cp(path.join(dataDirs[1]!, folder), path.join(dataDir, folder), { recursive: true });
      dataDirs.push(dataDir);
      stores.push(await startStoreProcess({ ...shared, DATA_DIR: dataDir }, port));
    }
    balancer = await startRoundRobinProxy(PROXY_PORT, [...STORE_PORTS]);
    database = await openDatabase({ engine: 'postgresql', url: scratch.url, poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(stores.map((store) => store.stop()));
    await database?.close();
    await scratch?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 30_000);

  it('signs up, confirms and signs in through the embedded provider with each request sent to the next store in turn (no sticky sessions)', async () => {
    const asTestApp = { app: proxy as unknown as FastifyInstance, database } as unknown as TestApp;
    const { tokens } = await signInThroughIdp(asTestApp, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, signUp: true });
    adminToken = tokens.access_token;
    // The token one store issued is accepted by both.
    for (const store of [storeA!, storeB!]) {
      const me = await store.inject({ url: '/api/admin/products?search=remidi', headers: { authorization: `Bearer ${adminToken}` } });
      expect(me.statusCode, me.body).toBe(200);
    }
    expect([...balancer!.served.values()].every((served) => served >= 3)).toBe(true);
  }, 30_000);

  it('records each sandbox checkout once: one order, licence and confirmation email, its webhook delivered and handled once', async () => {
    for (let checkout = 0; checkout < CHECKOUTS; checkout += 1) {
      const remoteAddress = freshAddress();
      const opened = await proxy.inject({ method: 'POST', url: `${SANDBOX_API}/sessions`, payload: {}, remoteAddress });
      const { session } = sandboxSessionResponseSchema.parse(opened.json());
      const added = await proxy.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/remidi-4`, payload: { quantity: 1 }, remoteAddress });
      expect(added.statusCode, added.body).toBe(200);
      const paid = await proxy.inject({ method: 'POST', url: `${SANDBOX_API}/sessions/${session}/pay`, payload: TEST_CARD_PAYMENT, remoteAddress });
      expect(paid.statusCode, paid.body).toBe(200);
      sandboxPayResponseSchema.parse(paid.json());
    }
    const { db } = database;
    await waitFor(
      'every order and its email',
      async () => (await count(db, sql`select count(*)::int as n from ${outboxMessages} where kind = 'order-confirmation'`)) >= CHECKOUTS,
    );
    // Leave the pollers of both stores time to pick anything up twice, were they going to.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect(await count(db, sql`select count(*)::int as n from ${orders}`)).toBe(CHECKOUTS);
    expect(await count(db, sql`select count(*)::int as n from ${licences}`)).toBe(CHECKOUTS);
    expect(await count(db, sql`select count(*)::int as n from ${outboxMessages} where kind = 'order-confirmation'`)).toBe(CHECKOUTS);
    expect(await count(db, sql`select count(distinct order_id)::int as n from ${outboxMessages} where kind = 'order-confirmation'`)).toBe(CHECKOUTS);
    const deliveries = await db.select().from(sandboxWebhookDeliveries);
    expect(deliveries.length).toBeGreaterThanOrEqual(CHECKOUTS);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(deliveries.map(() => ['delivered', 1]));
    // Each event reached the orders pipeline once: one log line and one processed event per delivery.
    expect(await count(db, sql`select count(*)::int as n from ${webhookLog}`)).toBe(deliveries.length);
    expect(await count(db, sql`select count(distinct event_id)::int as n from ${webhookLog}`)).toBe(deliveries.length);
    expect(await count(db, sql`select count(*)::int as n from ${webhookEvents}`)).toBe(deliveries.length);
  }, 40_000);

  it('activates a computer once when the same activation reaches both stores at the same moment', async () => {
    const [licence] = await database.db.select({ id: licences.id, key: licences.key }).from(licences).limit(1);
    const remoteAddress = freshAddress();
    const activate = () =>
      proxy.inject({
        method: 'POST',
        url: '/api/licensing/v1/activate',
        payload: { licenseKey: licence!.key, product: 'remidi-4', fingerprint: 'multi-server-machine-1' },
        remoteAddress,
      });
    const answers = await Promise.all([activate(), activate(), activate(), activate()]);
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const machines = await database.db
      .select()
      .from(licenceMachines)
      .where(and(eq(licenceMachines.licenceId, licence!.id), isNull(licenceMachines.releasedAt)));
    expect(machines).toHaveLength(1);
  });

  it('stores each analytics event once, whichever store buffered it', async () => {
    const sent = 10;
    for (let event = 0; event < sent; event += 1) {
      const answer = await proxy.inject({
        method: 'POST',
        url: '/api/analytics/event',
        headers: { 'user-agent': FIREFOX },
        payload: { name: 'pageview', url: `http://${PUBLIC_HOST}/products/remidi-4?multi=${event}` },
        remoteAddress: freshAddress(),
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    const stored = () => count(database.db, sql`select count(*)::int as n from ${analyticsEvents} where pathname = '/products/remidi-4'`);
    await waitFor('the buffered events', async () => (await stored()) >= sent);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await stored()).toBe(sent);
  }, 30_000);

  it('serves a catalogue edit made through one store from the other within a second, its rendered page too', async () => {
    const admin = (method: string, url: string, payload?: object) =>
      storeA!.inject({ method, url: `/api/admin${url}`, headers: { authorization: `Bearer ${adminToken}` }, payload });
    const created = await admin('POST', '/products', NEW_PRODUCT);
    expect(created.statusCode, created.body).toBe(201);
    // The other store has the product in its cache as it is now (it would keep it for a minute),
    // and its page rendered from it.
    const pageOnB = async () => (await storeB!.inject({ url: '/products/tape-echo', headers: { accept: 'text/html' } })).body;
    expect((await storeB!.inject('/api/products/tape-echo')).json().display).toBe('Tape Echo');
    // (A first render slower than the store's limit is sent unrendered; the next one is warm.)
    await waitFor('the rendered page on the other store', async () => /data-server-rendered>[\s\S]*<h1[^>]*>Tape Echo</.test(await pageOnB()));
    const saved = await admin('PUT', `/products/${created.json().id}`, { ...NEW_PRODUCT, displayName: 'Tape Echo II', version: created.json().version });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = performance.now();
    await waitFor('the edit on the other store', async () => (await storeB!.inject('/api/products/tape-echo')).json().display === 'Tape Echo II', 1_000);
    await waitFor("the edit on the other store's rendered page", async () => /<h1[^>]*>Tape Echo II</.test(await pageOnB()), 1_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('holds the global rate limit across both stores: the request after the limit, over the two, is refused', async () => {
    const remoteAddress = freshAddress();
    const answers: number[] = [];
    for (let request = 0; request < RATE_LIMIT_MAX; request += 1) answers.push((await proxy.inject({ url: '/status', remoteAddress })).statusCode);
    // Each store saw only half of them: limits counted per process would let the next one through.
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await proxy.inject({ url: '/status', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("holds a shared route limit across both stores (Lyra's questions)", async () => {
    const remoteAddress = freshAddress();
    const ask = () => proxy.inject({ method: 'POST', url: '/api/lyra/query', payload: { query: 'How do I get a refund?' }, remoteAddress });
    for (let question = 0; question < LYRA_PER_MINUTE; question += 1) {
      const answer = await ask();
      expect(answer.statusCode, `${answer.body}\n${stores.map((store) => store.output().slice(-2_000)).join('\n')}`).toBe(200);
    }
    expect((await ask()).statusCode).toBe(429);
  });
});
