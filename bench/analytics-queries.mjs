// The analytics dashboard at scale: 10,000,000 events over a year on PostgreSQL, generated with
// set-based SQL in a scratch database (created and dropped here). Every finished UTC day is rolled
// up with the store's own code (timed per day), then `GET /api/admin/analytics` for the last 30
// and the last 365 days and `GET /api/admin/analytics/live` are asked ROUNDS times each after a
// warm-up; prints the median and p95 in ms (target: p95 < 500 ms). The store runs on core 0 and
// this script on core 1; the rollup runs on core 0 too, before the store is asked anything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hasTaskset, median, pinSelf, startPinned, withScratchDatabase, percentile, startIssuer, STORE_MAIN } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
pinSelf(1);

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const DAYS = 365;
const EVENTS_PER_VISITOR = 9;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 8471);
const ISSUER_PORT = PORT + 1;
const ADMIN = 'bench-admin@example.com';
const TIME_ZONE = 'America/New_York';
const TARGET_MS = 500;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Visitor-days of nine events each, spread over the last year and ending two hours ago: a
 * pageview from one of 15 referrers (or none) with UTM on one in ten, then pageviews over 20
 * pages, with a product view for half, an add to cart for 15%, a checkout for 5%, a purchase for 3%
 * (always of the viewed product, a second product on some checkouts). Plus 300 visitors now.
 */
async function generate(db) {
  const started = performance.now();
  const visitors = Math.ceil(EVENTS / EVENTS_PER_VISITOR);
  await db.query(
    `insert into analytics_events (occurred_at, name, visitor_id, pathname, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, os, props)
     select at, name, md5(v::text), case when name in ('product_view', 'add_to_cart') then '/products/' || product else page end,
       case when k = 1 and v % 5 <> 0 then 'ref' || (v % 15) || '.example' end,
       case when k = 1 and v % 10 = 3 then (array['newsletter', 'mastodon', 'youtube'])[1 + v % 3] end,
       case when k = 1 and v % 10 = 3 then 'social' end, case when k = 1 and v % 10 = 3 then 'autumn' end,
       (array['desktop', 'desktop', 'mobile', 'tablet', 'other'])[1 + v % 5], (array['Firefox', 'Chrome', 'Safari', 'Edge'])[1 + v % 4],
       (array['Windows', 'macOS', 'iOS', 'Android', 'Linux'])[1 + v % 5],
       case when name in ('product_view', 'add_to_cart', 'preview_played') then jsonb_build_object('product', product)
            when name in ('checkout_start', 'purchase') then jsonb_build_object('checkout', md5(v::text || 'checkout'),
              'products', product || case when v % 3 = 0 then ',product-' || (1 + (v + 5) % 12) else '' end) end
     from generate_series(1, $1::int) v
     cross join lateral (select now() - interval '2 hours' - (v % ${DAYS}) * interval '1 day' - random() * interval '22 hours' as base,
                                'product-' || (1 + (v * 7) % 12) as product) visitor
     cross join lateral generate_series(1, ${EVENTS_PER_VISITOR}) k
     cross join lateral (select base + (k * 4 + random() * 3) * interval '1 minute' as at,
       case when k = 2 and v % 2 = 0 then 'product_view'
            when k = 4 and v % 100 < 15 and v % 2 = 0 then 'add_to_cart'
            when k = 6 and v % 100 < 5 and v % 2 = 0 then 'checkout_start'
            when k = 8 and v % 100 < 3 and v % 2 = 0 then 'purchase'
            when k = 5 and v % 7 = 0 then 'preview_played'
            else 'pageview' end as name,
       (array['/', '/products', '/about', '/blog', '/faq', '/contact', '/account', '/blog/first', '/blog/second',
              '/products/product-1', '/products/product-2', '/products/product-3', '/products/product-4', '/products/product-5',
              '/products/product-6', '/products/product-7', '/products/product-8', '/category/synths', '/category/effects', '/cart'])[1 + (v + k * 3) % 20] as page) event`,
    [visitors],
  );
  await db.query(
    `insert into analytics_events (occurred_at, name, visitor_id, pathname, device, browser, os)
     select now() - random() * interval '25 minutes', 'pageview', 'live-' || (n % 300), '/', 'desktop', 'Firefox', 'Windows' from generate_series(1, 900) n`,
  );
  await db.query('analyze analytics_events');
  const { rows } = await db.query(`select count(*)::int as events, min(occurred_at) as first, max(occurred_at) as last from analytics_events`);
  console.log(`  generated ${rows[0].events} events in ${seconds(started)} s (${rows[0].first.toISOString()} to ${rows[0].last.toISOString()})`);
}

/** Rolls up every finished day with the store's code, pinned to the store's core; returns each day's milliseconds. */
function rollUp(url) {
  const started = performance.now();
  const args = ['--import', 'tsx', path.join(root, 'bench/analytics-rollup-worker.mjs'), url];
  const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const result = spawnSync(command, argv, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`the rollup failed (exit ${result.status})`);
  const { days, times } = JSON.parse(result.stdout.trim().split('\n').at(-1));
  console.log(
    `  rolled up ${days} days in ${seconds(started)} s: one day takes ${median(times).toFixed(0)} ms (median), ${percentile(times, 95).toFixed(0)} ms (p95), ${Math.max(...times).toFixed(0)} ms (max)`,
  );
}

async function timeEndpoint(url, token) {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const first = await ask();
  if (first.status !== 200) return { error: first.status };
  for (let warm = 0; warm < 2; warm++) await ask();
  const times = [];
  for (let round = 0; round < ROUNDS; round++) times.push((await ask()).ms);
  return { median: median(times), p95: percentile(times, 95) };
}

async function main() {
  await withScratchDatabase(POSTGRES_URL, 'store_bench_analytics', async (databaseUrl) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-analytics-'));
    const issuer = await startIssuer(ISSUER_PORT, ADMIN);
    const db = new pg.Client({ connectionString: databaseUrl });
    let store;
    const benchStarted = performance.now();
    try {
      const startStore = () =>
        startPinned(0, process.execPath, [STORE_MAIN], {
          env: {
            PORT: String(PORT),
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            STORE_TIMEZONE: TIME_ZONE,
            RATE_LIMIT_MAX: '1000000000',
            LOG_LEVEL: 'warn',
            ...issuer.env,
          },
          readyPattern: /is ready at/,
        });
      // The first start migrates the database; the store is started again once the data is rolled up.
      store = await startStore();
      await store.stop();
      store = undefined;
      await db.connect();
      console.log(`Analytics queries on PostgreSQL: ${EVENTS} events over ${DAYS} days; ${ROUNDS} timed requests each after a warm-up`);
      console.log(hasTaskset ? 'store and rollup pinned to core 0, this script to core 1' : 'taskset missing: processes are NOT pinned');
      await generate(db);
      rollUp(databaseUrl);
      // As autovacuum would soon after: the planner then knows the rollup's size.
      await db.query('analyze analytics_hourly');
      store = await startStore();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
      const yearAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000));
      const base = `http://localhost:${PORT}/api/admin/analytics`;
      const endpoints = [
        { name: 'last 30 days (default)', url: base },
        { name: 'last 365 days', url: `${base}?from=${yearAgo}&to=${today}` },
        { name: 'live visitors', url: `${base}/live` },
      ];
      console.log(`\n  ${'endpoint'.padEnd(26)} ${'median'.padStart(9)} ${'p95'.padStart(9)}`);
      let slow = 0;
      for (const endpoint of endpoints) {
        const result = await timeEndpoint(endpoint.url, issuer.token);
        if (result.error) {
          slow += 1;
          console.log(`  ${endpoint.name.padEnd(26)} answered ${result.error}`);
          continue;
        }
        if (result.p95 >= TARGET_MS) slow += 1;
        console.log(
          `  ${endpoint.name.padEnd(26)} ${result.median.toFixed(1).padStart(6)} ms ${result.p95.toFixed(1).padStart(6)} ms${result.p95 >= TARGET_MS ? '  OVER TARGET' : ''}`,
        );
      }
      console.log(
        `\n  p95 target < ${TARGET_MS} ms: ${slow === 0 ? 'met by every endpoint' : `${slow} endpoint(s) over`}; the whole bench took ${seconds(benchStarted)} s`,
      );
    } finally {
      await db.end().catch(() => {});
      await store?.stop();
      await issuer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

await main();
