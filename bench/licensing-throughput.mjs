// POST /api/licensing/v1/validate and /activate throughput of the store, on PGlite and (when
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set) PostgreSQL. The store runs on core 0,
// the load generator on core 1. Baseline in the same run: GET /public-key, the same route stack
// without the database. Targets on one core: validate >= 2000 req/s, activate >= 300 req/s.
// Licences are bought the honest way: one signed order webhook for BENCH_LICENCES units of reMIDI 4.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hasTaskset, load, median, pinSelf, startPinned, withScratchDatabase, STORE_MAIN } from './lib.mjs';

pinSelf(1);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 20;
const LICENCES = Number(process.env.BENCH_LICENCES ?? 8000);
/** Computers validated over and over (each on its own licence, as plugins in the field are). */
const VALIDATED = 500;
const PORT = 8404;
const BASE = `http://localhost:${PORT}/api/licensing/v1`;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const TARGETS = { validate: 2000, activate: 300 };

const storeEnv = (dataDir, extra) => ({
  PORT: String(PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The limits are not what is measured here: one load generator is one address with few keys.
  RATE_LIMIT_MAX: '1000000000',
  LICENSING_REQUESTS_PER_MINUTE: '1000000000',
  LICENSING_KEY_REQUESTS_PER_MINUTE: '1000000000',
  ...extra,
});

const startStore = (dataDir, extra = {}) => startPinned(0, process.execPath, [STORE_MAIN], { env: storeEnv(dataDir, extra), readyPattern: /is ready at/ });

/** Orders of reMIDI 4 for LICENCES units in all, delivered as FastSpring would, 500 units each. */
async function buyLicences(dataDir) {
  const { FASTSPRING_WEBHOOK_SECRET: secret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  for (let bought = 0; bought < LICENCES; bought += 500) await buyOrder(secret, Math.min(500, LICENCES - bought));
}

async function buyOrder(secret, quantity) {
  const id = `bench-${randomBytes(4).toString('hex')}`;
  const body = JSON.stringify({
    events: [
      {
        id: `evt-${id}`,
        type: 'order.completed',
        created: Date.now(),
        live: false,
        data: {
          id,
          order: id,
          reference: `BENCH-${id}`,
          completed: true,
          live: false,
          currency: 'USD',
          changed: Date.now(),
          total: 79,
          totalDisplay: '$79.00',
          subtotal: 79,
          discount: 0,
          tax: 0,
          customer: { first: 'Bench', last: 'Buyer', email: 'bench-licensing@example.com', company: null, phone: null },
          account: { id: 'bench', contact: { first: 'Bench', last: 'Buyer', email: 'bench-licensing@example.com' } },
          address: { country: 'CA', region: 'QC', city: 'Montréal', postalCode: 'H2X 1Y4' },
          coupons: [],
          items: [{ product: 'remidi-4', quantity, display: null, sku: null, subtotal: 79, subtotalDisplay: '$79.00', discount: 0, discountDisplay: '$0.00' }],
        },
      },
    ],
  });
  const signature = createHmac('sha256', secret).update(body).digest('base64');
  const response = await fetch(`http://localhost:${PORT}/webhooks/fastspring`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-FS-Signature': signature },
    body,
  });
  if (!response.ok) throw new Error(`the order webhook answered ${response.status}: ${await response.text()}`);
}

const KEYS_QUERY = 'select key from licences order by id';

async function post(route, body) {
  const response = await fetch(`${BASE}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
}

/** Rounds of validate, activate and the baseline, alternating so machine noise hits all alike. */
async function measure(keys, engine) {
  const validated = keys.slice(0, VALIDATED).map((licenseKey, index) => ({ licenseKey, product: 'remidi-4', fingerprint: `bench-validated-${index}` }));
  for (const body of validated) await post('/activate', body);
  // Fresh licences for activations: each takes 3 computers.
  const free = keys.slice(VALIDATED);
  let next = 0;
  const activation = () => {
    const index = next++;
    const licenseKey = free[Math.floor(index / 3)];
    if (!licenseKey) throw new Error(`more than ${free.length * 3} activations: raise BENCH_LICENCES`);
    return JSON.stringify({ licenseKey, product: 'remidi-4', fingerprint: `bench-activated-${index}`, machineName: 'Bench', platform: 'linux' });
  };
  let cursor = 0;
  const validation = () => JSON.stringify(validated[cursor++ % validated.length]);
  const json = { 'content-type': 'application/json' };
  const runs = {
    baseline: () => load(`${BASE}/public-key`, { duration: DURATION, connections: CONNECTIONS }),
    validate: () =>
      load(`${BASE}/validate`, {
        duration: DURATION,
        connections: CONNECTIONS,
        requests: [{ method: 'POST', headers: json, setupRequest: (request) => ({ ...request, body: validation() }) }],
      }),
    activate: () =>
      load(`${BASE}/activate`, {
        duration: DURATION,
        connections: CONNECTIONS,
        requests: [{ method: 'POST', headers: json, setupRequest: (request) => ({ ...request, body: activation() }) }],
      }),
  };
  await load(`${BASE}/public-key`, { duration: 1, connections: CONNECTIONS }); // warm-up
  const rates = { baseline: [], validate: [], activate: [] };
  const p99 = { baseline: [], validate: [], activate: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, run] of Object.entries(runs)) {
      const result = await run();
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${engine} ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rates[name].push(result.requests.average);
      p99[name].push(result.latency.p99);
      console.log(`  ${engine} round ${round} ${name.padEnd(8)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${result.latency.p99} ms`);
    }
  }
  console.log('');
  for (const name of Object.keys(runs)) {
    const rate = median(rates[name]);
    const target = TARGETS[name];
    const verdict = target ? `  (target >= ${target}: ${rate >= target ? 'met' : 'NOT met'})` : '  (GET /public-key, no database)';
    console.log(`  ${engine.padEnd(10)} ${name.padEnd(8)} ${rate.toFixed(0).padStart(6)} req/s (median), p99 ${median(p99[name])} ms${verdict}`);
  }
  console.log('');
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-licensing-'));
  try {
    let store = await startStore(dataDir);
    try {
      await buyLicences(dataDir);
    } finally {
      await store.stop();
    }
    // PGlite has one process: the keys are read while the store is stopped.
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { database: 'template1' }); // the store's database (apps/server/src/db/pglite-options.ts)
    const keys = (await db.query(KEYS_QUERY)).rows.map((row) => row.key);
    await db.close();
    store = await startStore(dataDir);
    try {
      await measure(keys, 'PGlite');
    } finally {
      await store.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  await withScratchDatabase(POSTGRES_URL, 'store_bench', async (databaseUrl) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-licensing-pg-'));
    const store = await startStore(dataDir, { DATABASE_URL: databaseUrl });
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      await db.connect();
      await buyLicences(dataDir);
      const keys = (await db.query(KEYS_QUERY)).rows.map((row) => row.key);
      await measure(keys, 'PostgreSQL');
    } finally {
      await db.end();
      await store.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

console.log(`Licensing throughput: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, ${LICENCES} licences`);
console.log(hasTaskset ? 'store pinned to core 0, load generator to core 1' : 'taskset missing: processes are NOT pinned');
await onPglite();
await onPostgres();
