import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startBuiltServer } from '../support/built-server';
import { openStoreDatabase } from '../support/store-database';

/**
 * The orders pipeline must give exactly one order per FastSpring order even when the store
 * process is killed (SIGKILL: no cleanup at all) while it processes the webhook, and the
 * provider delivers again after the restart.
 */
const SECRET = 'reliability-test-webhook-secret-0123456789';

function orderEvent(reference: string, quantity: number) {
  return JSON.stringify({
    events: [
      {
        id: `evt-${randomUUID()}`,
        type: 'order.completed',
        created: Date.now(),
        live: false,
        data: {
          id: `order-${randomUUID()}`,
          reference,
          completed: true,
          live: false,
          currency: 'USD',
          total: 79 * quantity,
          subtotal: 79 * quantity,
          discount: 0,
          tax: 0,
          customer: { first: 'Kill', last: 'Test', email: `${reference.toLowerCase()}@example.com` },
          coupons: [],
          items: [{ product: 'remidi-4', quantity, subtotal: 79 * quantity, discount: 0 }],
        },
      },
    ],
  });
}

function deliver(port: string, body: string) {
  return fetch(`http://localhost:${port}/webhooks/fastspring`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fs-signature': createHmac('sha256', SECRET).update(body).digest('base64') },
    body,
  });
}

interface Counts {
  orders: number;
  licences: number;
  emails: number;
}

const COUNT_SQL = `select
  (select count(*)::int from orders where reference = $1) as orders,
  (select count(*)::int from licences l join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id where o.reference = $1) as licences,
  (select count(*)::int from outbox_messages where subject like '%' || $1) as emails`;

test.describe('orders survive a killed store', () => {
  test('PGlite: orders in flight when the process is killed are recorded exactly once after redelivery', async () => {
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-kill-'));
    const port = String(8400 + test.info().workerIndex);
    const env = { PORT: port, DATA_DIR: dataDir, FASTSPRING_WEBHOOK_SECRET: SECRET, RATE_LIMIT_MAX: '100000' };
    try {
      const references = Array.from({ length: 30 }, (_, index) => `KIL261121-${String(1000 + index)}-${randomBytes(2).readUInt16BE(0) + 10000}`);
      const bodies = references.map((reference, index) => orderEvent(reference, (index % 3) + 1));

      const first = await startBuiltServer(env);
      const inFlight = bodies.map((body) =>
        deliver(port, body).then(
          (response) => response.status,
          () => 'killed',
        ),
      );
      await Promise.race(inFlight);
      await first.stop('SIGKILL');
      const before = await Promise.all(inFlight);
      console.log(`before the kill: ${before.filter((status) => status === 200).length} of 30 acknowledged`);

      const second = await startBuiltServer(env);
      for (const body of bodies) expect((await deliver(port, body)).status).toBe(200);
      await second.stop('SIGTERM');

      const db = await openStoreDatabase(dataDir);
      try {
        for (const [index, reference] of references.entries()) {
          const counts = (await db.query<Counts>(COUNT_SQL, [reference])).rows[0];
          expect(counts, reference).toEqual({ orders: 1, licences: (index % 3) + 1, emails: 1 });
        }
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  test('PostgreSQL: an order whose transaction is cut by SIGKILL is recorded once when delivered again', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    test.skip(!adminUrl, 'TEST_DATABASE_URL is not set (the CI run sets it)');
    test.setTimeout(180_000);
    const name = `store_kill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-kill-pg-'));
    const port = String(8410 + test.info().workerIndex);
    const env = { PORT: port, DATA_DIR: dataDir, DATABASE_URL: url.toString(), FASTSPRING_WEBHOOK_SECRET: SECRET };
    const blocker = new pg.Client({ connectionString: url.toString() });
    try {
      const first = await startBuiltServer(env);
      await blocker.connect();
      // Hold the licences table so the webhook's transaction stops half-way: event, customer,
      // order and items are written but not committed when the process dies.
      await blocker.query('begin');
      await blocker.query('lock table licences in access exclusive mode');
      const reference = `KPG261121-4242-${randomBytes(2).readUInt16BE(0) + 10000}`;
      const body = orderEvent(reference, 2);
      const delivery = deliver(port, body).then(
        (response) => response.status,
        () => 'killed',
      );
      await expect
        .poll(async () => {
          const waiting = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name]);
          return waiting.rows[0].n;
        })
        .toBe(1);
      await first.stop('SIGKILL');
      expect(await delivery).toBe('killed');
      await blocker.query('rollback');

      const second = await startBuiltServer(env);
      const redelivered = await deliver(port, body);
      expect(redelivered.status).toBe(200);
      expect(((await redelivered.json()) as { processed: Array<{ result: string }> }).processed[0]?.result).toBe('order-created');
      expect((await deliver(port, body)).status).toBe(200);
      await second.stop('SIGTERM');

      const counts = (await blocker.query<Counts>(COUNT_SQL, [reference])).rows[0];
      expect(counts).toEqual({ orders: 1, licences: 2, emails: 1 });
    } finally {
      await blocker.end().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
});
