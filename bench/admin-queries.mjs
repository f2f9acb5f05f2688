// The back office at scale: 100,000 orders and 20,000 customers on PostgreSQL, generated with
// set-based SQL in a scratch database (created and dropped here). Each admin endpoint is asked
// ROUNDS times over HTTP after a warm-up; prints the median and p95 in ms (target: p95 < 200 ms).
// The store runs on core 0 and this script on core 1. The administrator signs in through a tiny
// OpenID provider served by this script (the store's external-provider path, OIDC_ISSUER).
// Also measures the storefront's catalogue before and after the data exists: the admin's data
// must not slow the storefront. Endpoints not built yet answer 404 and print "missing".
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hasTaskset, load, median, pinSelf, startPinned, withScratchDatabase, percentile, startIssuer, STORE_MAIN } from './lib.mjs';

pinSelf(1);

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PORT = 8405;
const ISSUER_PORT = 8406;
const ADMIN = 'bench-admin@example.com';
const TARGET_MS = 200;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;

/** 20,000 customers and 100,000 orders over two years, with lines, licences, coupons, refunds, trials and problems. */
async function generate(db) {
  const started = performance.now();
  const { rows: paid } = await db.query(`select id, path, display_name, price_minor from products where trial_of_product_id is null order by id`);
  const { rows: trials } = await db.query(`select id, path, display_name, trial_of_product_id from products where trial_of_product_id is not null order by id`);
  const { rows: settings } = await db.query(`select currency from products limit 1`);
  const currency = settings[0].currency;
  await db.query('begin');
  await db.query(
    `insert into customers (email, first_name, last_name, country, created_at, updated_at)
     select 'bench-customer-' || n || '@example.com', 'Bench', 'Customer ' || n, 'CA', t, t
     from generate_series(1, $1::int) n, lateral (select now() - (random() * interval '730 days') as t) x`,
    [CUSTOMERS],
  );
  const { rows: range } = await db.query(`select min(id) as lo, max(id) as hi from customers where email like 'bench-customer-%'`);
  const [lo, hi] = [Number(range[0].lo), Number(range[0].hi)];
  // Orders: 1% complimentary, 2% in EUR, 10% with a coupon, 5% trials (a $0 line of a trial product).
  await db.query(
    `insert into orders (reference, provider, kind, provider_order_id, customer_id, email, currency, subtotal_minor, discount_minor, tax_minor, total_minor, status, coupon_codes, live, completed_at, created_at)
     select 'BENCH' || n, case when n % 100 = 0 then 'store' else 'sandbox' end, case when n % 100 = 0 then 'complimentary' else 'sale' end,
       'bench-' || n, c.id, c.email, case when n % 50 = 1 then 'EUR' else $2 end, 0, 0, 0, 0, 'completed',
       case when n % 10 = 3 then array['BENCH' || (n % 7)] else '{}'::text[] end, false, t, t
     from generate_series(1, $1::int) n
     cross join lateral (select $3::int + ((n * 7919) % ($4::int - $3::int + 1)) as customer_id, now() - (random() * interval '730 days') as t) x
     join customers c on c.id = x.customer_id`,
    [ORDERS, currency, lo, hi],
  );
  const paidIds = paid.map((product) => product.id);
  const trialIds = trials.map((product) => product.id);
  // First line: a paid product (or a trial product for 5%); a second paid line on 30% of orders.
  await db.query(
    `insert into order_items (order_id, product_id, product_path, display, quantity, subtotal_minor, discount_minor)
     select o.id, p.id, p.path, p.display_name, 1,
       case when o.kind = 'complimentary' or p.trial_of_product_id is not null then 0 else p.price_minor end,
       case when cardinality(o.coupon_codes) > 0 and p.trial_of_product_id is null and o.kind = 'sale' then p.price_minor / 10 else 0 end
     from orders o
     cross join lateral (select case when o.id % 20 = 0 and cardinality($2::int[]) > 0 then ($2::int[])[1 + o.id % cardinality($2::int[])]
                                     else ($1::int[])[1 + o.id % cardinality($1::int[])] end as product_id) pick
     join products p on p.id = pick.product_id
     where o.reference like 'BENCH%'`,
    [paidIds, trialIds],
  );
  await db.query(
    `insert into order_items (order_id, product_id, product_path, display, quantity, subtotal_minor, discount_minor)
     select o.id, p.id, p.path, p.display_name, 1 + o.id % 2, case when o.kind = 'complimentary' then 0 else p.price_minor * (1 + o.id % 2) end, 0
     from orders o
     cross join lateral (select ($1::int[])[1 + (o.id + 1) % cardinality($1::int[])] as product_id) pick
     join products p on p.id = pick.product_id
     where o.reference like 'BENCH%' and o.id % 10 < 3 and o.id % 20 <> 0
     on conflict do nothing`,
    [paidIds],
  );
  await db.query(
    `update orders o set subtotal_minor = s.subtotal, discount_minor = s.discount, total_minor = s.subtotal - s.discount
     from (select order_id, sum(subtotal_minor) subtotal, sum(discount_minor) discount from order_items group by order_id) s
     where s.order_id = o.id and o.reference like 'BENCH%'`,
  );
  // A licence per line (trial keys for trial products); paid keys of converted trials come later.
  await db.query(
    `insert into licences (key, order_item_id, customer_id, product_id, seats, type, expires_at, created_at)
     select upper(substr(md5(i.id::text || 'k'), 1, 4) || '-' || substr(md5(i.id::text || 'k'), 5, 4) || '-' || substr(md5(i.id::text || 'k'), 9, 4) || '-' || substr(md5(i.id::text || 'k'), 13, 4)),
       i.id, o.customer_id, i.product_id, 1,
       case when p.trial_of_product_id is not null then 'trial' else 'perpetual' end,
       case when p.trial_of_product_id is not null then o.completed_at + interval '14 days' end, o.completed_at
     from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
     where o.reference like 'BENCH%'
     on conflict do nothing`,
  );
  // 2% refunded in full, three days after the order.
  await db.query(
    `with picked as (select id, completed_at from orders where reference like 'BENCH%' and kind = 'sale' and id % 50 = 7),
     lines as (update order_items set refunded_quantity = quantity where order_id in (select id from picked)),
     marked as (update orders set status = 'refunded' where id in (select id from picked))
     insert into refunds (provider, provider_return_id, order_id, reason, created_at)
     select 'sandbox', 'bench-return-' || id, id, 'Bench refund', completed_at + interval '3 days' from picked`,
  );
  // Problems for the dashboard.
  await db.query(
    `insert into outbox_messages (dedupe_key, kind, to_address, subject, text_body, html_body, status, attempts, last_error, order_id, created_at)
     select 'bench-failed-' || n, 'order-confirmation', 'bench-customer-' || n || '@example.com', 'Your order', 'x', 'x', 'failed', 5, 'Mailbox unavailable',
       (select min(id) from orders) + n, now() - n * interval '1 hour' from generate_series(1, 200) n`,
  );
  await db.query(
    `insert into webhook_log (event_id, type, outcome, message, provider_order_id, received_at)
     select 'bench-evt-' || n, 'order.completed', case when n % 10 = 0 then 'rejected' else 'order-created' end,
       case when n % 10 = 0 then 'Signature did not match' end, 'bench-' || n, now() - (random() * interval '60 days')
     from generate_series(1, 20000) n`,
  );
  await db.query(
    `insert into lyra_unanswered_questions (influencer, question, created_at)
     select 'none', 'Bench question ' || n, now() - (random() * interval '60 days') from generate_series(1, 500) n`,
  );
  await db.query('commit');
  await db.query('analyze');
  const { rows: counts } = await db.query(
    `select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as lines, (select count(*) from customers)::int as customers, (select count(*) from licences)::int as licences, (select count(*) from refunds)::int as refunds`,
  );
  console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts[0])}`);
}

/** What an administrator opens, as data: endpoints not built yet print "missing". */
async function endpoints(db) {
  const month = new Date();
  month.setUTCDate(1);
  const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const { rows: order } = await db.query(`select o.id, o.email from orders o where o.reference like 'BENCH%' order by o.id desc limit 1 offset 500`);
  const { rows: product } = await db.query(`select product_id from order_items group by product_id order by count(*) desc limit 1`);
  const { rows: key } = await db.query(`select key from licences order by id desc limit 1 offset 700`);
  const emailPrefix = order[0].email.slice(0, 18);
  return [
    { name: 'orders', path: '/orders' },
    { name: 'orders by email prefix', path: `/orders?q=${encodeURIComponent(emailPrefix)}` },
    { name: 'orders refunded', path: '/orders?status=refunded' },
    { name: 'orders of a product', path: `/orders?productId=${product[0].product_id}` },
    { name: 'order detail', path: `/orders/${order[0].id}` },
    { name: 'orders CSV (a month)', path: `/orders/export.csv?from=${from}&to=${to}` },
    { name: 'customers', path: '/customers' },
    { name: 'customers search', path: `/customers?q=${encodeURIComponent('bench-customer-1234')}` },
    { name: 'licences by key', path: `/licences?q=${key[0].key}` },
    { name: 'dashboard', path: '/dashboard' },
    { name: 'revenue (this month, days)', path: '/reports/revenue' },
    { name: 'revenue (a year, weeks)', path: `/reports/revenue?from=${yearAgo}&to=${today}&interval=week` },
    { name: 'revenue (a year, months)', path: `/reports/revenue?from=${yearAgo}&to=${today}&interval=month` },
    { name: 'revenue CSV (a year, days)', path: `/reports/revenue.csv?from=${yearAgo}&to=${today}` },
    { name: 'products (a year)', path: `/reports/products?from=${yearAgo}&to=${today}` },
    { name: 'coupons (a year)', path: `/reports/coupons?from=${yearAgo}&to=${today}` },
    { name: 'trials (a year)', path: `/reports/trials?from=${yearAgo}&to=${today}` },
  ];
}

async function timeEndpoint(base, token, endpoint) {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${endpoint.path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const first = await ask();
  if (first.status === 404) return { missing: true };
  if (first.status !== 200) return { error: first.status };
  for (let warm = 0; warm < 2; warm++) await ask();
  const times = [];
  for (let round = 0; round < ROUNDS; round++) times.push((await ask()).ms);
  return { median: median(times), p95: percentile(times, 95) };
}

async function catalogueRate(base) {
  await load(`${base}/api/products/`, { duration: 1, connections: 20 });
  const rates = [];
  for (let round = 0; round < 3; round++) rates.push((await load(`${base}/api/products/`, { duration: 3, connections: 20 })).requests.average);
  return median(rates);
}

async function main() {
  await withScratchDatabase(POSTGRES_URL, 'store_bench_admin', async (databaseUrl) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-admin-'));
    const issuer = await startIssuer(ISSUER_PORT, ADMIN);
    let store;
    const db = new pg.Client({ connectionString: databaseUrl });
    try {
      store = await startPinned(0, process.execPath, [STORE_MAIN], {
        env: {
          PORT: String(PORT),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          RATE_LIMIT_MAX: '1000000000',
          LOG_LEVEL: 'warn',
          ...issuer.env,
        },
        readyPattern: /is ready at/,
      });
      await db.connect();
      const base = `http://localhost:${PORT}`;
      console.log(`Admin queries on PostgreSQL: ${ORDERS} orders, ${CUSTOMERS} customers; ${ROUNDS} timed requests each after a warm-up`);
      console.log(hasTaskset ? 'store pinned to core 0, this script to core 1' : 'taskset missing: processes are NOT pinned');
      const before = await catalogueRate(base);
      await generate(db);
      const after = await catalogueRate(base);
      console.log('');
      console.log(`  ${'endpoint'.padEnd(30)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`);
      let slow = 0;
      for (const endpoint of await endpoints(db)) {
        const result = await timeEndpoint(`${base}/api/admin`, issuer.token, endpoint);
        if (result.missing) console.log(`  ${endpoint.name.padEnd(30)} missing (404: not on this branch)`);
        else if (result.error) console.log(`  ${endpoint.name.padEnd(30)} answered ${result.error}`);
        else {
          if (result.p95 >= TARGET_MS) slow += 1;
          console.log(
            `  ${endpoint.name.padEnd(30)} ${result.median.toFixed(1).padStart(6)} ms ${result.p95.toFixed(1).padStart(6)} ms${result.p95 >= TARGET_MS ? '  OVER TARGET' : ''}`,
          );
        }
      }
      console.log(
        `\n  storefront GET /api/products/  ${before.toFixed(0)} req/s before the data, ${after.toFixed(0)} req/s after (ratio ${(after / before).toFixed(2)})`,
      );
      console.log(`  p95 target < ${TARGET_MS} ms: ${slow === 0 ? 'met by every endpoint measured' : `${slow} endpoint(s) over`}`);
    } finally {
      await db.end().catch(() => {});
      await store?.stop();
      await issuer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

await main();
