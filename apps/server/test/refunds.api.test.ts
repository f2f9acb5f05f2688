import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { customers, licences, orderItems, orders, outboxMessages, refunds, webhookEvents } from '../src/db/schema';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { batch, countRows as count, envelope, event, postWebhook, testOrder, testReturn, useWebhookStore } from './webhook-fixtures';

/** The download links of the order-confirmation email sent to this address. */
async function emailLinks(t: TestApp, email: string): Promise<string[]> {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.kind, 'order-confirmation')));
  return [...mail!.textBody.matchAll(/http:\/\/localhost:8080(\/api\/downloads\/\S+)/g)].map((match) => match[1]!);
}

async function orderRow(t: TestApp, reference: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

async function licenceStates(t: TestApp, orderId: number) {
  const rows = await t.database.db
    .select({ product: orderItems.productPath, status: licences.status })
    .from(licences)
    .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(licences.id);
  return rows.map((row) => `${row.product}:${row.status}`);
}

describe.each(TEST_ENGINES)('refunds (return.created) on %s', (engine) => {
  const t = useWebhookStore(engine);

  it('refunds a whole order: licences revoked, email links refused with a page that says why, one refund email', async () => {
    const data = testOrder({ email: 'Refund.Whole@Example.com', first: 'Rae', items: [{ product: 'remidi-4', quantity: 2, subtotal: 158 }] });
    expect((await postWebhook(t.app, t.secret, envelope(data))).statusCode).toBe(200);
    const [link] = await emailLinks(t, 'Refund.Whole@Example.com');
    expect((await t.app.inject(link!)).statusCode).toBe(200);

    const refund = testReturn(data, { total: 158, reason: 'Bought by mistake' });
    const response = await postWebhook(t.app, t.secret, envelope(refund, { type: 'return.created' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().processed[0].result).toBe('refund-recorded');

    const order = await orderRow(t, data.reference);
    expect(order.status).toBe('refunded');
    expect(await licenceStates(t, order.id)).toEqual(['remidi-4:revoked', 'remidi-4:revoked']);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ providerReturnId: refund.return, reason: 'Bought by mistake', amountMinor: 15800 });

    // The link from the order email is still correctly signed and within its 30 days: refused all the same.
    const page = await t.app.inject({ url: link!, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('This purchase was refunded');
    expect(page.body).toContain(t.config.publicConfig.supportEmail);
    const json = await t.app.inject(link!);
    expect(json.statusCode).toBe(403);
    expect(json.json().message).toMatch(/refunded/);

    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'refund-confirmation'));
    const mine = mails.filter((mail) => mail.toAddress === 'refund.whole@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain(data.reference);
    expect(mine[0]!.textBody).toContain('Hi Rae,');
    expect(mine[0]!.textBody).toContain('$158.00');
    expect(mine[0]!.textBody).toContain('reMIDI 4 × 2');
  });

  it('is idempotent by event id and by return id: redeliveries change nothing and send no second email', async () => {
    const data = testOrder({ email: 'refund.twice@example.com' });
    await postWebhook(t.app, t.secret, envelope(data));
    const refund = testReturn(data);
    const body = envelope(refund, { type: 'return.created', eventId: 'evt-refund-twice' });
    const first = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t.app, t.secret, body)));
    expect(first.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(first.filter((response) => response.json().processed[0].result === 'refund-recorded')).toHaveLength(1);
    // FastSpring's manual resend: the same return under a new event id.
    const resent = await postWebhook(t.app, t.secret, envelope(refund, { type: 'return.created' }));
    expect(resent.json().processed[0].result).toBe('refund-already-recorded');

    const order = await orderRow(t, data.reference);
    expect(await count(t, refunds, eq(refunds.orderId, order.id))).toBe(1);
    expect(await count(t, outboxMessages, and(eq(outboxMessages.toAddress, 'refund.twice@example.com'), eq(outboxMessages.kind, 'refund-confirmation')))).toBe(
      1,
    );
  });

  it('refunds only the returned lines of a partial refund', async () => {
    const data = testOrder({
      email: 'refund.partial@example.com',
      items: [
        { product: 'remidi-4', quantity: 1, subtotal: 79 },
        { product: 'sw-free-chord-starter', quantity: 1, subtotal: 0 },
      ],
    });
    await postWebhook(t.app, t.secret, envelope(data));
    const links = await emailLinks(t, 'refund.partial@example.com');
    const response = await postWebhook(
      t.app,
      t.secret,
      envelope(testReturn(data, { items: [{ product: 'remidi-4' }], total: 79 }), { type: 'return.created' }),
    );
    expect(response.statusCode).toBe(200);

    const order = await orderRow(t, data.reference);
    expect(order.status).toBe('partially_refunded');
    expect(await licenceStates(t, order.id)).toEqual(['remidi-4:revoked']);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    expect(lines.map((line) => [line.productPath, line.refundedQuantity])).toEqual([
      ['remidi-4', 1],
      ['sw-free-chord-starter', 0],
    ]);
    const codes = await Promise.all(links.map(async (link) => (await t.app.inject(link)).statusCode));
    // reMIDI 4 has two files (macOS, Windows), the chord starter one; only the refunded product's are refused.
    expect(codes.sort()).toEqual([200, 403, 403]);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, 'refund.partial@example.com'), eq(outboxMessages.kind, 'refund-confirmation')));
    expect(mail!.textBody).toContain('We refunded part of your order');
    expect(mail!.textBody).not.toContain('Chord Starter');
  });

  it('answers 422 for a refund of an order not recorded yet, and records it when FastSpring retries after the order', async () => {
    const data = testOrder({ email: 'refund.early@example.com' });
    const body = envelope(testReturn(data), { type: 'return.created', eventId: 'evt-refund-early' });
    const early = await postWebhook(t.app, t.secret, body);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain(data.reference);
    expect(await count(t, webhookEvents, eq(webhookEvents.id, 'evt-refund-early'))).toBe(0);

    await postWebhook(t.app, t.secret, envelope(data));
    const retried = await postWebhook(t.app, t.secret, body);
    expect(retried.statusCode).toBe(200);
    expect((await orderRow(t, data.reference)).status).toBe('refunded');
  });

  it('rejects a refund naming a product the order does not contain, changing nothing', async () => {
    const data = testOrder({ email: 'refund.wrong@example.com' });
    await postWebhook(t.app, t.secret, envelope(data));
    const response = await postWebhook(t.app, t.secret, envelope(testReturn(data, { items: [{ product: 'rechannel' }] }), { type: 'return.created' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('rechannel');
    const order = await orderRow(t, data.reference);
    expect(order.status).toBe('completed');
    expect(await count(t, refunds, eq(refunds.orderId, order.id))).toBe(0);
  });
});

describe.each(TEST_ENGINES)('one bad event in a batch on %s', (engine) => {
  const t = useWebhookStore(engine);

  it('records the good events, names the rejected ones (202) and duplicates nothing on retry', async () => {
    const taken = testOrder({ email: 'batch.first@example.com' });
    await postWebhook(t.app, t.secret, envelope(taken));
    const good1 = event(testOrder({ email: 'batch.good1@example.com' }), { eventId: 'evt-batch-good-1' });
    const badAmount = event(testOrder({ email: 'batch.huge@example.com', total: 1e16 }), { eventId: 'evt-batch-huge' });
    const colliding = event(testOrder({ email: 'batch.collide@example.com', reference: taken.reference }), { eventId: 'evt-batch-collide' });
    const good2 = event(testOrder({ email: 'batch.good2@example.com' }), { eventId: 'evt-batch-good-2' });
    const body = batch(good1, badAmount, colliding, good2);

    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await postWebhook(t.app, t.secret, body);
      // FastSpring: 202 marks processed exactly the event ids listed in the body, one per line.
      expect(response.statusCode).toBe(202);
      expect(response.body.split('\n').sort()).toEqual(['evt-batch-good-1', 'evt-batch-good-2']);
    }
    const emails = ['batch.good1@example.com', 'batch.good2@example.com', 'batch.huge@example.com', 'batch.collide@example.com'];
    const recorded = await t.database.db.select({ email: orders.email }).from(orders).where(inArray(orders.email, emails));
    expect(recorded.map((row) => row.email).sort()).toEqual(['batch.good1@example.com', 'batch.good2@example.com']);
    expect(await count(t, webhookEvents, like(webhookEvents.id, 'evt-batch-%'))).toBe(2);
    expect(await count(t, outboxMessages, inArray(outboxMessages.toAddress, emails))).toBe(2);
    // The colliding event wrote nothing, not even its customer.
    expect(await count(t, customers, eq(customers.email, 'batch.collide@example.com'))).toBe(0);
  });

  it('explains each rejection when no event of the delivery can be used', async () => {
    const taken = testOrder({ email: 'alone.first@example.com' });
    await postWebhook(t.app, t.secret, envelope(taken));
    const collide = await postWebhook(t.app, t.secret, envelope(testOrder({ reference: taken.reference }), { eventId: 'evt-alone-collide' }));
    expect(collide.statusCode).toBe(422);
    expect(collide.json().message).toMatch(/evt-alone-collide .*reference already belongs to another order/);
    const huge = await postWebhook(t.app, t.secret, envelope(testOrder({ total: 1e16 }), { eventId: 'evt-alone-huge' }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toMatch(/evt-alone-huge .*total/);
  });

  it('records amounts beyond 32-bit minor units exactly (e.g. rupiah)', async () => {
    const data = testOrder({ email: 'batch.big@example.com', items: [{ product: 'remidi-4', subtotal: 3e7 }] });
    const response = await postWebhook(t.app, t.secret, envelope(data));
    expect(response.statusCode).toBe(200);
    const order = await orderRow(t, data.reference);
    expect(order.totalMinor).toBe(3_000_000_000);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line!.subtotalMinor).toBe(3_000_000_000);
  });
});

describe.each(TEST_ENGINES)('FastSpring test orders on %s', (engine) => {
  const fastspring = { PAYMENTS_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore', MAIL_DISABLED: 'true' };

  it('grants nothing for a test order unless FASTSPRING_ACCEPT_TEST_ORDERS is set, and logs the refusal without personal data', async () => {
    const t = await createTestApp(engine, { env: fastspring });
    try {
      const secret = t.secrets.FASTSPRING_WEBHOOK_SECRET;
      const warn = vi.spyOn(t.app.log, 'warn');
      const data = testOrder({ email: 'tester@example.com', live: false });
      const body = envelope(data, { eventId: 'evt-test-order', live: false });
      const response = await postWebhook(t.app, secret, body);
      expect(response.statusCode).toBe(200);
      expect(response.json().processed[0].result).toBe('test-order-refused');
      expect(await count(t, orders, eq(orders.reference, data.reference))).toBe(0);
      expect(await count(t, customers, eq(customers.email, 'tester@example.com'))).toBe(0);
      expect(await count(t, licences)).toBe(0);
      expect(await count(t, outboxMessages)).toBe(0);
      // Seen: a redelivery is a duplicate, not a second refusal.
      expect(await count(t, webhookEvents, eq(webhookEvents.id, 'evt-test-order'))).toBe(1);
      expect((await postWebhook(t.app, secret, body)).json().processed[0].result).toBe('duplicate-event');

      const refusals = warn.mock.calls.filter((call) => String(call[1]).startsWith('test order refused'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]![0]).toEqual({ eventId: 'evt-test-order', providerId: data.id });
      expect(JSON.stringify(refusals)).not.toContain('tester@example.com');

      // Its refund is acknowledged too: there is nothing to take back.
      const refund = await postWebhook(t.app, secret, envelope(testReturn(data), { type: 'return.created', live: false }));
      expect(refund.statusCode).toBe(200);
      expect(refund.json().processed[0].result).toBe('test-order-refused');

      const live = testOrder({ email: 'live@example.com', live: true });
      const liveResponse = await postWebhook(t.app, secret, envelope(live, { live: true }));
      expect(liveResponse.json().processed[0].result).toBe('order-created');
    } finally {
      await t.close();
    }
  });

  it('grants test orders on a staging store (FASTSPRING_ACCEPT_TEST_ORDERS=true)', async () => {
    const t = await createTestApp(engine, { env: { ...fastspring, FASTSPRING_ACCEPT_TEST_ORDERS: 'true' } });
    try {
      const data = testOrder({ email: 'staging@example.com', live: false });
      const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data, { live: false }));
      expect(response.json().processed[0].result).toBe('order-created');
      expect(await count(t, licences, eq(licences.customerId, (await orderRow(t, data.reference)).customerId))).toBe(1);
    } finally {
      await t.close();
    }
  });
});
