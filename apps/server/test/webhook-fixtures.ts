import { randomUUID } from 'node:crypto';
import { FASTSPRING_WEBHOOK_PATH } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseEngine } from '../src/db/client';
import { signWebhookBody } from '../src/modules/payments/fastspring/webhook-signature';
import { createTestApp, type TestApp } from './helpers';

/**
 * A seeded store shared by the tests of one describe block (opened before them, closed
 * after), with the secret its webhook checks signatures with.
 */
export function useWebhookStore(engine: DatabaseEngine): TestApp & { readonly secret: string } {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(engine);
  });
  afterAll(async () => {
    await current?.close();
  });
  const opened = () => {
    if (!current) throw new Error('the store opens in beforeAll');
    return current;
  };
  return {
    get app() {
      return opened().app;
    },
    get database() {
      return opened().database;
    },
    get config() {
      return opened().config;
    },
    get secrets() {
      return opened().secrets;
    },
    get dataDir() {
      return opened().dataDir;
    },
    close: () => opened().close(),
    get secret() {
      return opened().secrets.FASTSPRING_WEBHOOK_SECRET;
    },
  };
}

export async function countRows(t: TestApp, table: PgTable, where?: SQL) {
  const query = t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  const [row] = await (where ? query.where(where) : query);
  return row!.n;
}

export interface TestOrderInput {
  orderId?: string;
  reference?: string;
  email?: string;
  first?: string;
  items?: Array<{ product: string; quantity?: number; subtotal?: number; discount?: number }>;
  coupons?: string[];
  total?: number;
  live?: boolean;
}

let sequence = 0;

/** The `data` of an `order.completed` event as FastSpring sends it (amounts in major units). */
export function testOrder(input: TestOrderInput = {}) {
  sequence += 1;
  const items = (input.items ?? [{ product: 'remidi-4', quantity: 1, subtotal: 79 }]).map((item) => ({
    product: item.product,
    quantity: item.quantity ?? 1,
    display: null,
    sku: null,
    subtotal: item.subtotal ?? 10,
    subtotalDisplay: `$${(item.subtotal ?? 10).toFixed(2)}`,
    discount: item.discount ?? 0,
    discountDisplay: `$${(item.discount ?? 0).toFixed(2)}`,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const discount = items.reduce((sum, item) => sum + item.discount, 0);
  return {
    id: input.orderId ?? `order-${randomUUID()}`,
    order: input.orderId ?? `order-${sequence}`,
    reference:
      input.reference ??
      `TST261121-${String(1000 + (sequence % 9000))}-${randomUUID()
        .slice(0, 5)
        .replace(/[^0-9]/g, '7')}`,
    completed: true,
    live: input.live ?? false,
    currency: 'USD',
    changed: Date.UTC(2026, 10, 21, 12, 0, 0),
    total: input.total ?? subtotal - discount,
    totalDisplay: `$${(input.total ?? subtotal - discount).toFixed(2)}`,
    subtotal,
    discount,
    tax: 0,
    customer: { first: input.first ?? 'Ada', last: 'Lovelace', email: input.email ?? 'ada@example.com', company: null, phone: null },
    account: { id: 'acct-1', contact: { first: input.first ?? 'Ada', last: 'Lovelace', email: input.email ?? 'ada@example.com' } },
    address: { country: 'CA', region: 'QC', city: 'Montréal', postalCode: 'H2X 1Y4' },
    coupons: input.coupons ?? [],
    items,
  };
}

export function envelope(data: unknown, options: { eventId?: string; type?: string; live?: boolean } = {}) {
  return JSON.stringify({ events: [event(data, options)] });
}

/** One event of an envelope; `batch` puts several in one delivery. */
export function event(data: unknown, options: { eventId?: string; type?: string; live?: boolean } = {}) {
  return { id: options.eventId ?? `evt-${randomUUID()}`, type: options.type ?? 'order.completed', created: Date.now(), live: options.live ?? false, data };
}

export function batch(...events: Array<ReturnType<typeof event>>) {
  return JSON.stringify({ events });
}

/** The `data` of a `return.created` event (a refund) of an order made by `testOrder`. */
export function testReturn(
  order: { id: string; reference: string; live?: boolean },
  input: { returnId?: string; items?: Array<{ product: string; quantity?: number }>; total?: number; reason?: string } = {},
) {
  return {
    return: input.returnId ?? `return-${randomUUID()}`,
    reference: `${order.reference}R`,
    completed: true,
    changed: Date.UTC(2026, 10, 22, 12, 0, 0),
    live: order.live ?? false,
    currency: 'USD',
    totalReturn: input.total ?? 10,
    totalReturnDisplay: `$${(input.total ?? 10).toFixed(2)}`,
    reason: input.reason ?? 'Customer request',
    note: null,
    type: 'RETURN',
    original: { id: order.id, order: order.id, reference: order.reference },
    items: (input.items ?? []).map((item) => ({ product: item.product, quantity: item.quantity ?? 1, display: null, subtotal: 10 })),
  };
}

/** Posts a body to the webhook, signed like FastSpring does unless a signature is given. */
export function postWebhook(app: FastifyInstance, secret: string, body: string, signature = signWebhookBody(secret, body)) {
  return app.inject({
    method: 'POST',
    url: FASTSPRING_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'X-FS-Signature': signature },
    payload: body,
  });
}
