// POST /api/analytics/event: how many page views a second the store accepts (202) and how many
// it actually writes, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, a scratch database made
// and dropped here). Then the catalogue benchmark (the store's GET /api/products/ against a bare
// node:http server sending the same bytes, both on core 0) alone and with a steady 2,000 events/s
// (BENCH_EVENTS_BESIDE) sent to the store beside it: the counting must leave the catalogue's
// ratio where it was. The store and the bare server run on core 0, this script on core 1.
// Targets: >= 2,000 events/s written on each engine; the catalogue's ratio with the events within
// 0.10 of its ratio without them in the same run (the catalogue's own 0.70 is catalog-throughput's).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hasTaskset, load, median, pinSelf, startPinned, withScratchDatabase, STORE_MAIN } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
pinSelf(1);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const PORT = 8481;
const BARE_PORT = 8482;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_WRITTEN = 2000;
const EVENTS_BESIDE = Number(process.env.BENCH_EVENTS_BESIDE ?? TARGET_WRITTEN);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const eventUrl = `http://127.0.0.1:${PORT}/api/analytics/event`;
const catalogueUrl = `http://127.0.0.1:${PORT}/api/products/`;

/** Valid page views from many visitors: the store trusts the loopback proxy, so each X-Forwarded-For is a visitor. */
function eventRequests() {
  let visitor = 0;
  return [
    {
      method: 'POST',
      path: '/api/analytics/event',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
      setupRequest(request) {
        visitor += 1;
        const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
        const body = JSON.stringify({
          name: 'pageview',
          url: `/products/bench-${visitor % 50}?utm_source=bench&utm_medium=load`,
          referrer: 'https://news.example.com/post',
        });
        return { ...request, headers: { ...request.headers, 'x-forwarded-for': address }, body };
      },
    },
  ];
}

function startStore(dataDir, databaseUrl) {
  return startPinned(0, process.execPath, [STORE_MAIN], {
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      RATE_LIMIT_MAX: '1000000000',
      ANALYTICS_EVENTS_PER_MINUTE: '1000000000',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    readyPattern: /is ready at/,
  });
}

const ingest = (duration, overallRate) => load(eventUrl, { duration, connections: CONNECTIONS, requests: eventRequests(), overallRate });

function accepted(result) {
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`events: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result['2xx'];
}

/** One engine: accepted and written events/s, then the catalogue with and without the event load. */
async function measure(engine, databaseUrl, countRows) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-analytics-'));
  try {
    let store = await startStore(dataDir, databaseUrl);
    await ingest(2); // warm-up: salts, the JIT, the first batches
    await store.stop();
    const before = await countRows(dataDir);

    store = await startStore(dataDir, databaseUrl);
    const started = performance.now();
    const sent = accepted(await ingest(DURATION));
    // Closing the store writes what is still buffered: the time it takes counts against the rate.
    await store.stop();
    const seconds = (performance.now() - started) / 1000;
    const written = (await countRows(dataDir)) - before;

    store = await startStore(dataDir, databaseUrl);
    const ratios = await catalogueRatios(dataDir);
    await store.stop();

    const acceptedRate = sent / DURATION;
    const writtenRate = written / seconds;
    // Kept: the events cost the store no more than the bare server sharing its core (noise allowed).
    const kept = ratios.alone - ratios.beside <= 0.1;
    console.log(`  ${engine}`);
    console.log(`    accepted (202)      ${acceptedRate.toFixed(0).padStart(7)} events/s  (${sent} in ${DURATION} s)`);
    console.log(
      `    written             ${writtenRate.toFixed(0).padStart(7)} events/s  (${written} rows in ${seconds.toFixed(1)} s incl. the final flush; ${Math.max(0, sent - written)} accepted but not written)  target >= ${TARGET_WRITTEN}: ${writtenRate >= TARGET_WRITTEN ? 'met' : 'NOT met'}`,
    );
    console.log(`    catalogue ratio store/bare, medians of ${ROUNDS} rounds:`);
    console.log(
      `      alone             ${ratios.alone.toFixed(2)}  (store ${ratios.store.alone.toFixed(0)} req/s, bare ${ratios.bare.alone.toFixed(0)} req/s)`,
    );
    console.log(
      `      + ${EVENTS_BESIDE} events/s ${ratios.beside.toFixed(2)}  (store ${ratios.store.beside.toFixed(0)} req/s, bare ${ratios.bare.beside.toFixed(0)} req/s; events ${ratios.events.toFixed(0)}/s)  kept: ${kept ? 'yes' : 'NO'}`,
    );
    return { acceptedRate, writtenRate };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The catalogue benchmark's ratio (store ÷ bare server sending the same bytes), alone and with
 * events sent to the store at a steady rate meanwhile. The bare server shares core 0 with the
 * store, so it feels the events' cost as the store does: the ratio says what the counting costs
 * the store beyond the core's time it takes.
 */
async function catalogueRatios(dataDir) {
  const bodyFile = path.join(dataDir, 'products.json');
  writeFileSync(bodyFile, Buffer.from(await (await fetch(catalogueUrl)).arrayBuffer()));
  const bare = await startPinned(0, process.execPath, [path.join(root, 'bench/bare-server.mjs'), bodyFile, String(BARE_PORT)]);
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/`;
  const rates = { store: { alone: [], beside: [] }, bare: { alone: [], beside: [] } };
  const eventRates = [];
  try {
    await load(catalogueUrl, { duration: 2, connections: CONNECTIONS });
    await load(bareUrl, { duration: 2, connections: CONNECTIONS });
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of [
        ['bare', bareUrl],
        ['store', catalogueUrl],
      ]) {
        const alone = await load(url, { duration: DURATION, connections: CONNECTIONS });
        const [beside, events] = await Promise.all([load(url, { duration: DURATION, connections: CONNECTIONS }), ingest(DURATION, EVENTS_BESIDE)]);
        if (alone.non2xx || beside.non2xx || alone.errors || beside.errors) throw new Error(`the ${name} catalogue answered non-2xx or failed`);
        rates[name].alone.push(alone.requests.average);
        rates[name].beside.push(beside.requests.average);
        eventRates.push(accepted(events) / DURATION);
      }
    }
  } finally {
    await bare.stop();
  }
  const of = (name, when) => median(rates[name][when]);
  return {
    store: { alone: of('store', 'alone'), beside: of('store', 'beside') },
    bare: { alone: of('bare', 'alone'), beside: of('bare', 'beside') },
    alone: of('store', 'alone') / of('bare', 'alone'),
    beside: of('store', 'beside') / of('bare', 'beside'),
    events: median(eventRates),
  };
}

async function countPglite(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { database: 'template1' }); // the store's database (apps/server/src/db/pglite-options.ts)
  try {
    const { rows } = await db.query(`select count(*)::int as n from analytics_events`);
    return rows[0].n;
  } finally {
    await db.close();
  }
}

async function onPostgres() {
  await withScratchDatabase(
    POSTGRES_URL,
    'store_bench_analytics',
    (databaseUrl) =>
      measure('PostgreSQL', databaseUrl, async () => {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const { rows } = await db.query(`select count(*)::int as n from analytics_events`);
          return rows[0].n;
        } finally {
          await db.end();
        }
      }),
    { indent: '  ' },
  );
}

console.log(`Analytics ingest: valid page views (text/plain, many visitors), ${CONNECTIONS} connections, ${DURATION} s per load`);
console.log(hasTaskset ? 'store pinned to core 0, load generator to core 1' : 'taskset missing: processes are NOT pinned');
await measure('PGlite', undefined, countPglite);
await onPostgres();
