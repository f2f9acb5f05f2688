import { createHash } from 'node:crypto';
import { FASTSPRING_WEBHOOK_PATH, orderSummarySchema } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, customers, entitlements, licences, orderItems, orders, outboxMessages, products, webhookEvents } from '../src/db/schema';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository';
import { LICENCE_KEY_PATTERN } from '../src/modules/licensing/licence-key';
import { signWebhookBody } from '../src/modules/payments/fastspring/webhook-signature';
import { createTestApp, TEST_ENGINES, type TestApp, withTamperedSignature } from './helpers';
import { countRows as count, envelope, postWebhook, testOrder, useWebhookStore } from './webhook-fixtures';

/** Waits until the outbox sender has dealt with every queued message. */
async function waitForOutbox(t: TestApp) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await count(t, outboxMessages, eq(outboxMessages.status, 'pending'))) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the outbox still has pending messages');
}

describe.each(TEST_ENGINES)('orders pipeline on %s', (engine) => {
  const t = useWebhookStore(engine);

  it('without a mail server, holds the confirmation for the sandbox mailbox as the order commits: the sender never tries it', async () => {
    const data = testOrder({ email: 'held@example.com', items: [{ product: 'remidi-4', quantity: 1, subtotal: 79, discount: 0 }] });
    expect((await postWebhook(t.app, t.secret, envelope(data))).statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order-confirmation:${order!.id}`));
    expect(mail).toMatchObject({ status: 'held', attempts: 0, lastError: null });
  });

  it('records a completed order with licences, entitlements, the coupon use and one email', async () => {
    const data = testOrder({
      email: 'Buyer.One@Example.com',
      items: [
        { product: 'remidi-4', quantity: 2, subtotal: 158, discount: 15.8 },
        { product: 'sw-select-sample-loops-vol-1', quantity: 1, subtotal: 24.99, discount: 2.5 },
      ],
      coupons: ['welcome10'],
    });
    const response = await postWebhook(t.app, t.secret, envelope(data));
    expect(response.statusCode).toBe(200);
    expect(response.json().processed[0].result).toBe('order-created');

    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    expect(order).toMatchObject({ email: 'buyer.one@example.com', currency: 'USD', subtotalMinor: 18299, discountMinor: 1830, totalMinor: 16469 });
    expect(order!.couponCodes).toEqual(['WELCOME10']);
    // The event that announced the order points at it (written with the order's row).
    const [event] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, response.json().processed[0].id));
    expect(event?.orderId).toBe(order!.id);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((item) => [item.productPath, item.quantity])).toEqual([
      ['remidi-4', 2],
      ['sw-select-sample-loops-vol-1', 1],
    ]);
    const keys = await t.database.db.select().from(licences).where(eq(licences.customerId, order!.customerId));
    expect(keys).toHaveLength(2);
    expect(keys.every((licence) => LICENCE_KEY_PATTERN.test(licence.key) && licence.seats === 3)).toBe(true);
    expect(new Set(keys.map((licence) => licence.key)).size).toBe(2);
    expect(await count(t, entitlements, eq(entitlements.customerId, order!.customerId))).toBe(2);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(coupon!.redemptionCount).toBe(1);

    await waitForOutbox(t);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order-confirmation:${order!.id}`));
    expect(mail).toMatchObject({ toAddress: 'Buyer.One@Example.com', status: 'held' });
    expect(mail!.subject).toContain(data.reference);
    for (const licence of keys) expect(mail!.textBody).toContain(licence.key);
    expect(mail!.textBody).toMatch(/http:\/\/localhost:8080\/api\/downloads\/\d+\?entitlement=\d+&expires=\d+&signature=/);
    expect(mail!.htmlBody).toContain(keys[0]!.key);
  });

  it('gives each line of an order written in one statement its own download right, linked in the email', async () => {
    const data = testOrder({
      email: 'lines@example.com',
      items: [
        { product: 'remidi-4', quantity: 1, subtotal: 79, discount: 0 },
        { product: 'sw-select-sample-loops-vol-1', quantity: 1, subtotal: 24.99, discount: 0 },
      ],
    });
    expect((await postWebhook(t.app, t.secret, envelope(data))).statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    const lines = await t.database.db
      .select({ product: orderItems.productId, rightFor: entitlements.productId, right: entitlements.id })
      .from(orderItems)
      .innerJoin(entitlements, eq(entitlements.orderItemId, orderItems.id))
      .where(eq(orderItems.orderId, order!.id));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.rightFor).toBe(line.product);
    await waitForOutbox(t);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order-confirmation:${order!.id}`));
    for (const line of lines) expect(mail!.textBody).toContain(`entitlement=${line.right}&`);
  });

  it("reads the newest published version and files of several products at once as it reads each product's alone", async () => {
    const catalog = createCatalogRepository(t.database.db);
    const ids = (await t.database.db.select({ id: products.id }).from(products)).map((row) => row.id);
    const together = await catalog.findLatestVersions(ids);
    let withFiles = 0;
    for (const id of ids) {
      const alone = await catalog.findLatestVersion(id);
      const expected = alone && {
        version: alone.version,
        files: alone.files.map(({ id: fileId, os, filename, sizeBytes }) => ({ id: fileId, os, filename, sizeBytes })),
      };
      expect(together.get(id)).toEqual(expected);
      if (alone && alone.files.length > 0) withFiles += 1;
    }
    expect(withFiles).toBeGreaterThan(1);
  });

  it('serves the files behind the email links, and refuses altered or expired links', async () => {
    const data = testOrder({ email: 'files@example.com', items: [{ product: 'sw-free-chord-starter', subtotal: 0 }] });
    expect((await postWebhook(t.app, t.secret, envelope(data))).statusCode).toBe(200);
    await waitForOutbox(t);
    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'files@example.com'));
    const link = /http:\/\/localhost:8080(\/api\/downloads\/\S+)/.exec(mail!.textBody)![1]!;

    const download = await t.app.inject(link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(download.headers['x-content-sha256']);

    const tampered = withTamperedSignature(link);
    expect((await t.app.inject(tampered)).statusCode).toBe(403);
    const otherEntitlement = link.replace(/entitlement=(\d+)/, (_match, value: string) => `entitlement=${Number(value) + 1000}`);
    expect((await t.app.inject(otherEntitlement)).statusCode).toBe(403);
    expect((await t.app.inject('/api/downloads/abc?entitlement=1&expires=1&signature=x')).statusCode).toBe(400);
    expect((await t.app.inject('/api/downloads/1')).statusCode).toBe(400);
  });

  it('answers the thank-you page with a public summary', async () => {
    const data = testOrder({ email: 'summary@example.com', items: [{ product: 'rechannel', subtotal: 29, discount: 5.8 }] });
    await postWebhook(t.app, t.secret, envelope(data));
    const response = await t.app.inject({ method: 'POST', url: '/api/orders/', payload: { reference: data.reference } });
    expect(response.statusCode).toBe(200);
    const summary = orderSummarySchema.parse(response.json());
    expect(summary).toMatchObject({ reference: data.reference, total: '$23.20', totalValue: 23.2, items: [{ path: 'rechannel', quantity: 1 }] });
    expect(JSON.stringify(summary)).not.toContain('summary@example.com');

    expect((await t.app.inject({ method: 'POST', url: '/api/orders/', payload: { reference: 'NOPE-1' } })).statusCode).toBe(404);
    for (const payload of [{}, { reference: '' }, { reference: 'x'.repeat(10_000) }, { reference: '<script>' }, []]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/orders/', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/order/i);
    }
  });

  it('refuses a bad or missing signature and writes nothing', async () => {
    const data = testOrder({ email: 'forger@example.com' });
    const body = envelope(data);
    const before = await count(t, webhookEvents);
    expect((await postWebhook(t.app, t.secret, body, 'bm90IHRoZSBzaWduYXR1cmU=')).statusCode).toBe(401);
    expect((await postWebhook(t.app, 'another-secret-of-enough-length', body)).statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: FASTSPRING_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toMatch(/X-FS-Signature/);
    // A body changed after signing no longer matches.
    const signedThenChanged = await postWebhook(t.app, t.secret, body.replace('forger', 'other'), signWebhookBody(t.secret, body));
    expect(signedThenChanged.statusCode).toBe(401);
    expect(await count(t, webhookEvents)).toBe(before);
    expect(await count(t, customers, eq(customers.email, 'forger@example.com'))).toBe(0);
  });

  it('answers malformed bodies with 400 and unknown products with 422, losing nothing', async () => {
    expect((await postWebhook(t.app, t.secret, '{"events":[')).statusCode).toBe(400);
    expect((await postWebhook(t.app, t.secret, '{"events":[]}')).statusCode).toBe(400);
    expect((await postWebhook(t.app, t.secret, '{"nothing":true}')).statusCode).toBe(400);
    const invalid = await postWebhook(t.app, t.secret, envelope({ reference: 'X' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toMatch(/not a valid order/);

    const eventId = 'evt-unknown-product';
    const unknown = testOrder({ email: 'unknown@example.com', items: [{ product: 'no-such-plugin', subtotal: 5 }] });
    const response = await postWebhook(t.app, t.secret, envelope(unknown, { eventId }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('no-such-plugin');
    // Rejected events are not recorded, so FastSpring's retry is processed once the catalogue is fixed.
    expect(await count(t, webhookEvents, eq(webhookEvents.id, eventId))).toBe(0);
    expect(await count(t, orders, eq(orders.reference, unknown.reference))).toBe(0);
  });

  it('acknowledges event types it does not act on', async () => {
    const response = await postWebhook(t.app, t.secret, envelope({ id: 'sub-1' }, { type: 'subscription.activated' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().processed[0].result).toBe('ignored');
  });

  it('turns 50 concurrent deliveries of one event into one order, one set of licences and one email', async () => {
    const data = testOrder({ email: 'concurrent@example.com', items: [{ product: 'remidi-4', quantity: 3, subtotal: 237 }], coupons: ['WELCOME10'] });
    const body = envelope(data, { eventId: 'evt-concurrent' });
    const [before] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    const responses = await Promise.all(Array.from({ length: 50 }, () => postWebhook(t.app, t.secret, body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const results = responses.map((response) => response.json().processed[0].result);
    expect(results.filter((result) => result === 'order-created')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate-event')).toHaveLength(49);

    const rows = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    expect(rows).toHaveLength(1);
    expect(await count(t, licences, eq(licences.customerId, rows[0]!.customerId))).toBe(3);
    expect(await count(t, outboxMessages, eq(outboxMessages.toAddress, 'concurrent@example.com'))).toBe(1);
    expect(await count(t, couponRedemptions, eq(couponRedemptions.orderId, rows[0]!.id))).toBe(1);
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(after!.redemptionCount).toBe(before!.redemptionCount + 1);
  });

  it('keeps one order when the same order is announced again under a new event id', async () => {
    const data = testOrder({ email: 'resent@example.com' });
    const first = (await postWebhook(t.app, t.secret, envelope(data))).json().processed[0];
    expect(first.result).toBe('order-created');
    const again = await postWebhook(t.app, t.secret, envelope(data));
    expect(again.statusCode).toBe(200);
    expect(again.json().processed[0].result).toBe('order-already-recorded');
    expect(await count(t, orders, eq(orders.reference, data.reference))).toBe(1);
    expect(await count(t, outboxMessages, eq(outboxMessages.toAddress, 'resent@example.com'))).toBe(1);
    // Both events point at the one order.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    const linked = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.orderId, order!.id));
    expect(linked.map((event) => event.id).sort()).toEqual([first.id, again.json().processed[0].id].sort());
  });

  it('shows the emails in the sandbox mailbox', async () => {
    await waitForOutbox(t);
    const list = await t.app.inject('/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).toContain('Buyer.One@Example.com');
    const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list.body)![1];
    const page = await t.app.inject(`/dev/mailbox/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Plain text');
    expect((await t.app.inject(`/dev/mailbox/${id}/html`)).body).toContain('Thanks for your order!');
    expect((await t.app.inject('/dev/mailbox/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/dev/mailbox/abc')).statusCode).toBe(400);
  });
});

describe('the sandbox mailbox outside sandbox mode', () => {
  it('does not exist when real payments or a mail server are configured', async () => {
    const modes: Array<Record<string, string>> = [
      { PAYMENTS_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore', MAIL_DISABLED: 'true' },
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
    ];
    for (const env of modes) {
      const t = await createTestApp('pglite', { env, seed: false });
      try {
        const response = await t.app.inject('/dev/mailbox');
        expect(response.statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  });
});
