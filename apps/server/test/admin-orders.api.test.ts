import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationResentSchema, DAY_RANGE_ORDER_MESSAGE, orderDetailSchema, orderListSchema, type OrderList } from '@store/contracts/admin';
import { auditEvents, customers, licences, orderItems, orders, outboxMessages, products, webhookLog } from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { createAdminOrdersService, type AdminOrdersModules } from '../src/modules/orders/admin/admin-orders.service';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, adminTestApp } from './admin-fixtures';
import { TEST_ENGINES, type TestApp } from './helpers';
import { envelope, postWebhook, testOrder, type TestOrderInput } from './webhook-fixtures';

const ORDERS = `${ADMIN_API_PREFIX}/orders`;

describe.each(TEST_ENGINES)('the back office’s orders on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let shopper: ReturnType<typeof adminRequest>;
  let anonymous: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine, { env: { STORE_TIMEZONE: 'Europe/Berlin' } }));
    shopper = adminRequest(t.app, await accessTokenFor(t, 'shopper@example.com'));
    anonymous = adminRequest(t.app, undefined);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Records an order through the signed webhook, as FastSpring sends it; its row. */
  async function record(input: TestOrderInput & { changed?: number; currency?: string; tax?: number }) {
    const { changed, currency, tax, ...rest } = input;
    const base = testOrder(rest);
    const data = {
      ...base,
      ...(changed === undefined ? {} : { changed }),
      ...(currency ? { currency } : {}),
      ...(tax === undefined ? {} : { tax, total: base.total + tax }),
    };
    const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, data.id));
    return { data, row: row! };
  }

  const list = async (query: Record<string, string | number>) => {
    const response = await admin('GET', `${ORDERS}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`);
    expect(response.statusCode, response.body).toBe(200);
    return orderListSchema.parse(response.json());
  };

  describe('the guard', () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', ORDERS],
      ['GET', `${ORDERS}/export.csv`],
      ['GET', `${ORDERS}/1`],
      ['POST', `${ORDERS}/1/confirmation-email`],
      ['POST', `${ORDERS}/1/refunds`, { lines: [{ orderItemId: 1, quantity: 1 }], reason: 'x' }],
    ];
    it.each(routes)('%s %s: 401 signed out, 403 for a shopper', async (method, url, body) => {
      expect((await anonymous(method, url, body)).statusCode).toBe(401);
      expect((await shopper(method, url, body)).statusCode).toBe(403);
    });
  });

  describe('bad input', () => {
    it('refuses a damaged cursor, dates in the wrong order, a search too long or with control characters, and bad ids, with clear messages', async () => {
      const cursor = await admin('GET', `${ORDERS}?after=not-a-cursor!`);
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().message).toMatch(/Start again from the first page/);
      const forged = await admin('GET', `${ORDERS}?after=${Buffer.from('2026-01-01|1').toString('base64url')}`);
      expect(forged.statusCode).toBe(400);

      const swapped = await admin('GET', `${ORDERS}?from=2026-03-02&to=2026-03-01`);
      expect(swapped.statusCode).toBe(400);
      expect(swapped.json().message).toContain(DAY_RANGE_ORDER_MESSAGE);
      expect((await admin('GET', `${ORDERS}/export.csv?from=2026-03-02&to=2026-03-01`)).statusCode).toBe(400);
      expect((await admin('GET', `${ORDERS}?from=2026-13-45`)).statusCode).toBe(400);

      const long = await admin('GET', `${ORDERS}?q=${'a'.repeat(201)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(/at most 200 characters/);
      const nul = await admin('GET', `${ORDERS}?q=${encodeURIComponent('abc\u0000def')}`);
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toMatch(/control characters/);

      expect((await admin('GET', `${ORDERS}/abc`)).statusCode).toBe(400);
      expect((await admin('GET', `${ORDERS}/0`)).statusCode).toBe(400);
      const huge = await admin('GET', `${ORDERS}/99999999999`);
      expect(huge.statusCode).toBe(404);
      expect(huge.json().message).toMatch(/No order has the id/);
      expect((await admin('GET', `${ORDERS}?productId=99999999999`)).statusCode).toBe(200);
      expect((await admin('GET', `${ORDERS}?limit=500`)).statusCode).toBe(400);
    });

    it.each(['🎹🎶', 'مرحبا بالعالم', '%', '_', '\\', "o'brien", 'Ωμέγα@example.com'])('searches for %s without failing', async (q) => {
      const page = await list({ q });
      expect(page.orders).toEqual([]);
      expect(page.next).toBeNull();
    });
  });

  describe('the list', () => {
    it('pages newest first with a cursor that stays stable while newer orders arrive', async () => {
      const tag = `page-${randomUUID().slice(0, 8)}`;
      const base = Date.UTC(2026, 0, 10, 12);
      const made = [];
      // Two orders share a completion time: the id breaks the tie.
      for (const [index, offset] of [0, 1, 2, 2, 3].entries())
        made.push(await record({ email: `${tag}-${index}@example.com`, changed: base + offset * 60_000 }));
      const first = await list({ q: tag, limit: 2 });
      expect(first.orders).toHaveLength(2);
      expect(first.next).not.toBeNull();
      // Newer orders arrive between the pages.
      await record({ email: `${tag}-new1@example.com`, changed: base + 10 * 60_000 });
      await record({ email: `${tag}-new2@example.com`, changed: Date.now() });
      const second = await list({ q: tag, limit: 2, after: first.next! });
      const third = await list({ q: tag, limit: 2, after: second.next! });
      expect(third.next).toBeNull();
      const seen = [...first.orders, ...second.orders, ...third.orders].map((order) => order.id);
      const expected = made
        .map(({ row }) => row)
        .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime() || b.id - a.id)
        .map((row) => row.id);
      expect(seen).toEqual(expected);
      // The totals count the whole filtered set, not the page.
      expect(first.totals).toEqual([{ currency: 'USD', orders: 5, totalMinor: 7900 * 5, refundedMinor: 0, netMinor: 7900 * 5 }]);
      const fresh = await list({ q: tag });
      expect(fresh.orders).toHaveLength(7);
    });

    it('finds an order by reference (any case), provider order id, licence key (any case) and the start of an email', async () => {
      const tag = randomUUID().slice(0, 8);
      const { data, row } = await record({ email: `Search.${tag}@Example.com` });
      await record({ email: `other.${tag}@example.com` });
      const [licence] = await t.database.db
        .select({ key: licences.key })
        .from(licences)
        .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
        .where(eq(orderItems.orderId, row.id));
      const ids = async (q: string) => (await list({ q })).orders.map((order) => order.id);
      expect(await ids(data.reference.toLowerCase())).toEqual([row.id]);
      expect(await ids(data.id)).toEqual([row.id]);
      expect(await ids(` ${licence!.key.toLowerCase()} `)).toEqual([row.id]);
      expect(await ids(`SEARCH.${tag}`)).toEqual([row.id]);
      expect(await ids(`search.${tag}@example.com`)).toEqual([row.id]);
      // `_` and `%` are letters in a search, not wildcards.
      expect(await ids(`search_${tag}`)).toEqual([]);
      expect(await ids(`%${tag}`)).toEqual([]);
      const [shown] = (await list({ q: data.reference })).orders;
      expect(shown).toMatchObject({
        reference: data.reference,
        email: `search.${tag}@example.com`,
        customerName: 'Ada Lovelace',
        products: ['reMIDI 4'],
        kind: 'sale',
        status: 'completed',
      });
    });

    it('filters by store days, product, status, coupon and kind, with the totals of the filtered set per currency', async () => {
      const tag = `filter-${randomUUID().slice(0, 8)}`;
      // 23:30 UTC on 31 May is 1 June in Berlin.
      const june = await record({
        email: `${tag}-a@example.com`,
        changed: Date.UTC(2025, 4, 31, 22, 30),
        items: [{ product: 'rechannel', subtotal: 49 }],
        coupons: ['spring-10'],
      });
      const may = await record({ email: `${tag}-b@example.com`, changed: Date.UTC(2025, 4, 31, 21, 30) });
      const euro = await record({
        email: `${tag}-c@example.com`,
        changed: Date.UTC(2025, 5, 2, 10),
        currency: 'EUR',
        items: [{ product: 'remidi-4', quantity: 2, subtotal: 150, discount: 15 }],
      });
      await t.database.db.update(orders).set({ status: 'partially_refunded' }).where(eq(orders.id, euro.row.id));
      await t.database.db.update(orderItems).set({ refundedQuantity: 1 }).where(eq(orderItems.orderId, euro.row.id));

      const ids = async (query: Record<string, string | number>) => (await list({ q: tag, ...query })).orders.map((order) => order.id);
      expect(await ids({ from: '2025-06-01', to: '2025-06-30' })).toEqual([euro.row.id, june.row.id]);
      expect(await ids({ to: '2025-05-31' })).toEqual([may.row.id]);
      expect(await ids({ from: '2025-06-01', to: '2025-06-01' })).toEqual([june.row.id]);
      const [rechannel] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.path, 'rechannel'));
      expect(await ids({ productId: rechannel!.id })).toEqual([june.row.id]);
      expect(await ids({ status: 'partially_refunded' })).toEqual([euro.row.id]);
      expect(await ids({ coupon: ' Spring-10 ' })).toEqual([june.row.id]);
      expect(await ids({ kind: 'complimentary' })).toEqual([]);

      const all = await list({ q: tag });
      expect(all.totals).toEqual([
        { currency: 'EUR', orders: 1, totalMinor: 13500, refundedMinor: 6750, netMinor: 6750 },
        { currency: 'USD', orders: 2, totalMinor: 4900 + 7900, refundedMinor: 0, netMinor: 4900 + 7900 },
      ]);
      expect(all.orders.find((order) => order.id === euro.row.id)).toMatchObject({ refundedMinor: 6750, currency: 'EUR', status: 'partially_refunded' });
    });
  });

  describe('the CSV', () => {
    it('has one row per order line with amounts in major units, store-time dates, defused formulas and the order’s tax on its first line only', async () => {
      const tag = `csv-${randomUUID().slice(0, 8)}`;
      const { data } = await record({
        email: `${tag}@example.com`,
        first: '=HYPERLINK("http://evil.example")',
        changed: Date.UTC(2025, 6, 14, 22, 15),
        tax: 12.5,
        coupons: ['SPRING-10'],
        items: [
          { product: 'remidi-4', quantity: 2, subtotal: 158, discount: 15.8 },
          { product: 'rechannel', quantity: 1, subtotal: 49 },
        ],
      });
      const response = await admin('GET', `${ORDERS}/export.csv?q=${tag}&from=2025-07-01&to=2025-07-31`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2025-07-01-2025-07-31.csv"');
      const rows = response.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe(
        'Order reference,Date,Time,Kind,Status,Customer email,Customer name,Country,Product,Quantity,Unit price,Line subtotal,Line discount,Line revenue,Refunded quantity,Refunded amount,Net,Currency,Coupon codes,Provider,Provider order id,Order tax,Order total',
      );
      expect(rows).toHaveLength(3);
      expect(rows[1]).toBe(
        `${data.reference},2025-07-15,00:15:00,sale,completed,${tag}@example.com,"'=HYPERLINK(""http://evil.example"") Lovelace",CA,reMIDI 4,2,79.00,158.00,15.80,142.20,0,0.00,142.20,USD,SPRING-10,sandbox,${data.id},12.50,203.70`,
      );
      expect(rows[2]).toBe(
        `${data.reference},2025-07-15,00:15:00,sale,completed,${tag}@example.com,"'=HYPERLINK(""http://evil.example"") Lovelace",CA,reChannel,1,49.00,49.00,0.00,49.00,0,0.00,49.00,USD,SPRING-10,sandbox,${data.id},,`,
      );
    });

    it('writes every line of a larger set, the same across internal batches, with one header', async () => {
      const tag = `bulk-${randomUUID().slice(0, 8)}`;
      const recorded = [];
      for (let index = 0; index < 12; index += 1) recorded.push(await record({ email: `${tag}-${index}@example.com` }));
      const response = await admin('GET', `${ORDERS}/export.csv?q=${tag}`);
      const rows = response.body.trimEnd().split('\r\n');
      expect(rows.filter((row) => row.startsWith('Order reference'))).toHaveLength(1);
      expect(rows).toHaveLength(13);
      expect(new Set(rows.slice(1).map((row) => row.split(',')[0]))).toEqual(new Set(recorded.map(({ data }) => data.reference)));
      expect(response.headers['content-disposition']).toBe('attachment; filename="orders-first-last.csv"');

      // Read five orders at a time: the batches join without a repeated header, a lost or a doubled order.
      const small = createAdminOrdersService({
        db: t.database.db,
        modules: {} as AdminOrdersModules,
        timeZone: t.config.timeZone,
        paymentProvider: 'sandbox',
        refunds: undefined,
        exportBatchSize: 5,
      });
      let text = '';
      for await (const chunk of small.exportCsv({ q: tag })) text += String(chunk);
      expect(text).toBe(response.body);
      expect(text.trimEnd().split('\r\n')).toHaveLength(13);
    });
  });

  describe('one order', () => {
    it('shows its lines, customer, licences, emails, provider events and that it can be refunded', async () => {
      const tag = randomUUID().slice(0, 8);
      const { data, row } = await record({ email: `detail.${tag}@example.com`, items: [{ product: 'remidi-4', quantity: 2, subtotal: 158 }] });
      const response = await admin('GET', `${ORDERS}/${row.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = orderDetailSchema.parse(response.json());
      expect(detail.order).toMatchObject({
        id: row.id,
        reference: data.reference,
        provider: 'sandbox',
        kind: 'sale',
        status: 'completed',
        totalMinor: 15800,
        refundedMinor: 0,
      });
      expect(detail.customer).toMatchObject({ email: `detail.${tag}@example.com`, name: 'Ada Lovelace', country: 'CA', erased: false });
      expect(detail.lines).toEqual([expect.objectContaining({ productPath: 'remidi-4', quantity: 2, refundedQuantity: 0, subtotalMinor: 15800 })]);
      expect(detail.licences).toHaveLength(2);
      expect(detail.licences[0]).toMatchObject({ productName: 'reMIDI 4', status: 'active', type: 'perpetual', machines: [] });
      expect(detail.emails).toEqual([expect.objectContaining({ kind: 'order-confirmation', toAddress: `detail.${tag}@example.com` })]);
      expect(detail.emails[0]!.href).toBe(`${t.config.publicUrl}/dev/mailbox/${detail.emails[0]!.id}`);
      expect(detail.webhookEvents).toEqual([expect.objectContaining({ type: 'order.completed', outcome: 'order-created', message: null })]);
      expect(detail.refund).toEqual({ available: true, reason: null });
      expect(detail.downloads).toEqual([]);
    });

    it('says why a free or complimentary order cannot be refunded, and shows an erased customer as erased', async () => {
      const { row } = await record({ items: [{ product: 'remidi-4', subtotal: 0 }], email: `free.${randomUUID().slice(0, 8)}@example.com` });
      const detail = orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json());
      expect(detail.refund).toEqual({
        available: false,
        reason: 'This order was free: there is nothing to refund. To take the licence back, revoke it at the licence desk.',
      });
      await t.database.db.update(customers).set({ erasedAt: new Date() }).where(eq(customers.id, row.customerId));
      expect(orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json()).customer.erased).toBe(true);
    });

    it('logs a rejected provider event with its reason and the order it named, outside the rolled-back transaction', async () => {
      const data = { ...testOrder({ items: [{ product: 'no-such-product' }] }) };
      expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data))).statusCode).toBe(422);
      const [line] = await t.database.db.select().from(webhookLog).where(eq(webhookLog.providerOrderId, data.id));
      expect(line).toMatchObject({ type: 'order.completed', outcome: 'rejected', orderId: null });
      expect(line!.message).toMatch(/names products this store does not sell: no-such-product/);
    });
  });

  describe('sending the confirmation again', () => {
    it('queues a fresh copy with the keys and new links, audited, and refuses a second within a minute', async () => {
      const email = `resend.${randomUUID().slice(0, 8)}@example.com`;
      const { row } = await record({ email });
      const soon = await admin('POST', `${ORDERS}/${row.id}/confirmation-email`);
      expect(soon.statusCode).toBe(409);
      expect(soon.json().message).toMatch(/^A copy was queued a minute ago/);

      await t.database.db.execute(sql`update outbox_messages set created_at = now() - interval '2 minutes' where order_id = ${row.id}`);
      const response = await admin('POST', `${ORDERS}/${row.id}/confirmation-email`);
      expect(response.statusCode, response.body).toBe(200);
      const resent = confirmationResentSchema.parse(response.json());
      expect(resent.email).toMatchObject({ kind: 'order-confirmation', toAddress: email });
      const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, row.id));
      expect(mails).toHaveLength(2);
      const copy = mails.find((mail) => mail.id === resent.email.id)!;
      const [licence] = await t.database.db
        .select({ key: licences.key })
        .from(licences)
        .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
        .where(eq(orderItems.orderId, row.id));
      expect(copy.textBody).toContain(licence!.key);
      expect(copy.textBody).toMatch(/\/api\/downloads\/\d+\?entitlement=/);
      expect(copy.dedupeKey).toMatch(new RegExp(`^order-confirmation:${row.id}:resend:`));
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.resend-confirmation'), eq(auditEvents.subjectId, String(row.id))));
      expect(audit!.actor).toBe(ADMIN_EMAIL);
      expect((await admin('POST', `${ORDERS}/${row.id}/confirmation-email`)).statusCode).toBe(409);
    });

    it('refuses for an erased customer and an unknown order', async () => {
      const { row } = await record({ email: `erased.${randomUUID().slice(0, 8)}@example.com` });
      await t.database.db.execute(sql`update outbox_messages set created_at = now() - interval '2 minutes' where order_id = ${row.id}`);
      await t.database.db.update(customers).set({ erasedAt: new Date() }).where(eq(customers.id, row.customerId));
      const erased = await admin('POST', `${ORDERS}/${row.id}/confirmation-email`);
      expect(erased.statusCode).toBe(409);
      expect(erased.json().message).toMatch(/erased/);
      expect((await admin('POST', `${ORDERS}/2147483000/confirmation-email`)).statusCode).toBe(404);
    });
  });
});

export type { OrderList };
