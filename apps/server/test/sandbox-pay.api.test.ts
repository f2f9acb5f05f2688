import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fastspringOrderSchema,
  sandboxErrorSchema,
  sandboxPayResponseSchema,
  sandboxSessionResponseSchema,
  webhookEnvelopeSchema,
  type SandboxOrderReceived,
} from '@store/contracts';
import { couponRedemptions, coupons, customers, orders, sandboxCarts, sandboxOrders, sandboxWebhookDeliveries } from '../src/db/schema';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, shopperContact } from './sandbox-fixtures';

const API = SANDBOX_API;
const STUB_PATH = '/test/fastspring-webhook-stub';

const contact = shopperContact;
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvc: '123' });
const GOOD = card('4242 4242 4242 4242');

/**
 * Stands in for the store's `POST /webhooks/fastspring` (written elsewhere): verifies the
 * signature over the raw body, as the real endpoint must, and records what it received.
 */
function webhookStub(secret: () => string, received: string[]) {
  return async (app: FastifyInstance) => {
    await app.register(async (stub) => {
      stub.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      stub.post(STUB_PATH, async (request, reply) => {
        const raw = request.body as string;
        const expected = Buffer.from(createHmac('sha256', secret()).update(raw).digest('base64'));
        const given = Buffer.from(String(request.headers['x-fs-signature'] ?? ''));
        if (request.headers['content-type'] !== 'application/json' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply.code(401).send({ error: 'Unauthorized', message: 'bad signature' });
        }
        received.push(raw);
        return reply.code(200).send({ ok: true });
      });
    });
  };
}

describe.each(TEST_ENGINES)('sandbox payment on %s', (engine) => {
  let t: TestApp;
  const received: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { RATE_LIMIT_MAX: '100000' },
      sandboxPayments: { webhookPath: STUB_PATH, webhookRetry: { baseDelayMs: 20, maxDelayMs: 200, pollIntervalMs: 100 } },
      configure: webhookStub(() => t.secrets.FASTSPRING_WEBHOOK_SECRET, received),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object });

  async function cartWith(items: Record<string, number>, coupon?: string): Promise<string> {
    const created = await post('/sessions', {});
    const { session } = sandboxSessionResponseSchema.parse(created.json());
    for (const [path, quantity] of Object.entries(items)) {
      expect((await t.app.inject({ method: 'PUT', url: `${API}/sessions/${session}/items/${path}`, payload: { quantity } })).statusCode).toBe(200);
    }
    if (coupon) expect(sandboxSessionResponseSchema.parse((await post(`/sessions/${session}/promo`, { code: coupon })).json()).couponError).toBeUndefined();
    return session;
  }

  async function paid(session: string, body: object): Promise<SandboxOrderReceived> {
    const response = await post(`/sessions/${session}/pay`, body);
    expect(response.statusCode, response.body).toBe(200);
    return sandboxPayResponseSchema.parse(response.json()).order;
  }

  async function refused(session: string, body: object, status: number, code: string) {
    const response = await post(`/sessions/${session}/pay`, body);
    expect(response.statusCode, response.body).toBe(status);
    const error = sandboxErrorSchema.parse(response.json());
    expect(error.code).toBe(code);
    return error;
  }

  const cartRow = async (session: string) => (await t.database.db.select().from(sandboxCarts).where(eq(sandboxCarts.id, session)))[0]!;
  const ordersOf = (session: string) => t.database.db.select().from(sandboxOrders).where(eq(sandboxOrders.cartId, session));

  async function deliveredBody(reference: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const body = received.find((raw) => raw.includes(`"reference":"${reference}"`));
      if (body) return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no webhook for ${reference}`);
  }

  it('takes payment, records the order, empties the cart and delivers a signed order.completed webhook', async () => {
    const session = await cartWith({ 'remidi-4': 1, rechannel: 2 }, 'welcome10');
    const order = await paid(session, { ...contact, ...GOOD });
    expect(order).toMatchObject({ live: false, currency: 'USD', total: 112.86, totalDisplay: '$112.86' });
    expect(order.reference).toMatch(/^SON\d{6}-\d{4}-\d{5}$/);
    expect(order.items).toEqual([
      { product: 'remidi-4', quantity: 1, display: 'reMIDI 4' },
      { product: 'rechannel', quantity: 2, display: 'reChannel' },
    ]);

    const [row] = await ordersOf(session);
    expect(row).toMatchObject({ id: order.id, reference: order.reference, email: 'maria@example.com', totalMinor: 11286, currency: 'USD' });
    expect(await cartRow(session)).toMatchObject({ items: [], couponCode: null, completedOrderId: order.id });
    const view = sandboxSessionResponseSchema.parse((await t.app.inject(`${API}/sessions/${session}`)).json());
    expect(view.cart).toMatchObject({ selections: 0, total: '$0.00' });

    const body = await deliveredBody(order.reference);
    const envelope = webhookEnvelopeSchema.parse(JSON.parse(body));
    expect(envelope.events).toHaveLength(1);
    const [event] = envelope.events;
    expect(event).toMatchObject({ type: 'order.completed', live: false });
    expect(event?.created).toBeGreaterThan(Date.now() - 60_000);
    const data = fastspringOrderSchema.parse(event?.data);
    expect(data).toMatchObject({
      id: order.id,
      reference: order.reference,
      completed: true,
      currency: 'USD',
      subtotal: 125.4,
      discount: 12.54,
      tax: 0,
      total: 112.86,
      coupons: ['WELCOME10'],
      customer: { first: 'Maria', last: 'Lopez', email: 'maria@example.com' },
      address: { country: 'ES', region: 'Madrid', city: 'Madrid', postalCode: '28001' },
    });
    expect(data.items.map((item) => [item.product, item.quantity, item.subtotal, item.discount, item.coupon])).toEqual([
      ['remidi-4', 1, 79, 7.9, 'WELCOME10'],
      ['rechannel', 2, 46.4, 4.64, 'WELCOME10'],
    ]);
    expect(event?.data).toMatchObject({ account: { id: expect.any(String) }, totalDisplay: '$112.86' });

    // The deliverer marks the row after the answer came back: on a busy machine that is a moment after the stub saw the body.
    const deadline = Date.now() + 10_000;
    let [delivery] = await t.database.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, event!.id));
    while (delivery?.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [delivery] = await t.database.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, event!.id));
    }
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, body });
    expect(row?.eventData).toEqual(event?.data);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined. Try another card.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds. Try another card.'],
  ])('refuses the test card %s with 402 and writes nothing', async (number, code, message) => {
    const session = await cartWith({ 'remidi-4': 1 });
    const before = await cartRow(session);
    const deliveries = await t.database.db.$count(sandboxWebhookDeliveries);
    const error = await refused(session, { ...contact, ...card(number) }, 402, code);
    expect(error.message).toBe(message);
    expect(await cartRow(session)).toEqual(before);
    expect(await ordersOf(session)).toEqual([]);
    expect(await t.database.db.$count(sandboxWebhookDeliveries)).toBe(deliveries);
    // The shopper tries another card.
    expect((await paid(session, { ...contact, ...GOOD })).reference).toMatch(/^SON/);
  });

  it('names every bad field', async () => {
    const session = await cartWith({ rechannel: 1 });
    const error = await refused(
      session,
      { ...contact, email: 'not-an-email', firstName: ' ', country: 'XX', cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' },
      400,
      'invalid_request',
    );
    expect(error.fields).toMatchObject({ email: 'Enter a valid email address', firstName: 'Enter your first name' });
    const second = await refused(session, { ...contact, country: 'XX', cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' }, 400, 'invalid_request');
    expect(second.fields).toEqual({
      country: 'Choose your country',
      cardNumber: 'This card number is not valid. Check it and try again.',
      expiry: 'This card has expired',
      cvc: 'Enter the 3 or 4 digits on the back of the card',
    });
    const missing = await refused(session, { ...contact }, 400, 'invalid_request');
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
    const notObject = await t.app.inject({
      method: 'POST',
      url: `${API}/sessions/${session}/pay`,
      headers: { 'content-type': 'application/json' },
      payload: '"not an object"',
    });
    expect(sandboxErrorSchema.parse(notObject.json())).toMatchObject({ code: 'invalid_request', message: 'The payment request must be a JSON object.' });
    await refused(session, { ...contact, ...GOOD, cardNumber: '4'.repeat(41) }, 400, 'invalid_request');
    expect(await ordersOf(session)).toEqual([]);
  });

  it('takes a free order without card fields', async () => {
    const session = await cartWith({ 'remidi-4-trial': 1, 'sw-free-chord-starter': 1 });
    const order = await paid(session, { ...contact, cardNumber: 'garbage' });
    expect(order).toMatchObject({ total: 0, totalDisplay: '$0.00' });
    const data = fastspringOrderSchema.parse(JSON.parse(await deliveredBody(order.reference)).events[0].data);
    expect(data).toMatchObject({ total: 0, subtotal: 0 });
    expect(data.items.map((item) => item.product)).toEqual(['remidi-4-trial', 'sw-free-chord-starter']);
  });

  it('creates one order however often the same payment is sent, even at once', async () => {
    const session = await cartWith({ 'sw-select-sample-loops-vol-2': 2 });
    const responses = await Promise.all([1, 2, 3].map(() => post(`/sessions/${session}/pay`, { ...contact, ...GOOD })));
    const ids = responses.map((response) => sandboxPayResponseSchema.parse(response.json()).order.id);
    expect(new Set(ids).size).toBe(1);
    const again = await paid(session, { ...contact, ...GOOD });
    expect(again.id).toBe(ids[0]);
    expect(await ordersOf(session)).toHaveLength(1);
    const bodies = await t.database.db.select().from(sandboxWebhookDeliveries);
    expect(bodies.filter((delivery) => delivery.body.includes(ids[0]!))).toHaveLength(1);
  });

  it('starts a new order when the session is filled again after paying', async () => {
    const session = await cartWith({ 'remidi-4': 1 });
    const first = await paid(session, { ...contact, ...GOOD });
    expect((await t.app.inject({ method: 'PUT', url: `${API}/sessions/${session}/items/rechannel`, payload: { quantity: 1 } })).statusCode).toBe(200);
    const second = await paid(session, { ...contact, ...GOOD });
    expect(second.id).not.toBe(first.id);
    expect(second.reference).not.toBe(first.reference);
    expect(await ordersOf(session)).toHaveLength(2);
  });

  it('refuses to pay for an empty cart, an unknown session, or a total that changed', async () => {
    const empty = await cartWith({});
    await refused(empty, { ...contact, ...GOOD }, 409, 'empty_cart');
    await refused('D'.repeat(32), { ...contact, ...GOOD }, 404, 'unknown_session');
    const session = await cartWith({ 'remidi-4': 1 });
    const changed = await refused(session, { ...contact, ...GOOD, expectedTotal: 7000 }, 409, 'price_changed');
    expect(changed.message).toContain('$79.00');
    await paid(session, { ...contact, ...GOOD, expectedTotal: 7900 });
  });

  it('refuses a coupon the paying customer has used up, and takes it from someone else', async () => {
    const [customer] = await t.database.db.insert(customers).values({ email: 'repeat@example.com' }).returning();
    const [order] = await t.database.db
      .insert(orders)
      .values({
        reference: 'SON200101-0000-00000',
        provider: 'sandbox',
        providerOrderId: 'earlier',
        customerId: customer!.id,
        email: 'repeat@example.com',
        currency: 'USD',
        subtotalMinor: 7900,
        discountMinor: 500,
        totalMinor: 7400,
        live: false,
        completedAt: new Date(),
      })
      .returning();
    const [fiveOff] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FIVEOFF'));
    await t.database.db.insert(couponRedemptions).values({ couponId: fiveOff!.id, orderId: order!.id, customerId: customer!.id });

    const session = await cartWith({ 'remidi-4': 1 }, 'FIVEOFF');
    const error = await refused(session, { ...contact, email: 'Repeat@Example.com', ...GOOD }, 409, 'coupon_refused');
    expect(error.message).toContain('You have already used this code');
    expect(await ordersOf(session)).toEqual([]);
    expect((await paid(session, { ...contact, email: 'new@example.com', ...GOOD })).total).toBe(74);
  });

  it('refuses a coupon whose redemptions ran out since it was applied', async () => {
    await t.database.db.insert(coupons).values({ code: 'ONCEONLY', kind: 'percent', percentOff: 50, maxRedemptions: 1 });
    const session = await cartWith({ 'remidi-4': 1 }, 'onceonly');
    await t.database.db.update(coupons).set({ redemptionCount: 1 }).where(eq(coupons.code, 'ONCEONLY'));
    const error = await refused(session, { ...contact, ...GOOD }, 409, 'coupon_refused');
    expect(error.message).toContain('This code has been used up');
  });

  describe('checkout page', () => {
    it('shows the order, the sandbox label, prefilled contact, test cards and accessible fields', async () => {
      const session = await cartWith({ 'remidi-4': 2, rechannel: 1 }, 'WELCOME10');
      await post(`/sessions/${session}/contact`, {
        paymentContact: { email: 'maria@example.com', firstName: 'Maria', lastName: '<script>alert(1)</script>' },
        billingAddress: { country: 'ES', postalCode: '28001' },
      });
      const response = await t.app.inject(`/sandbox/fastspring/checkout/${session}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const html = response.body;
      expect(html).toContain('Sandbox — no real payment');
      expect(html).toContain('reMIDI 4');
      expect(html).toContain('× 2');
      expect(html).toContain('WELCOME10');
      expect(html).toContain('Pay $163.08');
      expect(html).toContain('4242 4242 4242 4242');
      expect(html).toContain('4000 0000 0000 0002');
      expect(html).toContain('4000 0000 0000 9995');
      expect(html).toContain('value="maria@example.com"');
      expect(html).toContain('<option value="ES" selected>Spain</option>');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle=/);
      expect(html).not.toMatch(/\son[a-z]+=/);
      for (const [, id] of html.matchAll(/<(?:input|select)[^>]*\bid="([^"]+)"/g)) {
        expect(html).toContain(`<label for="${id}">`);
      }
      for (const [, ids] of html.matchAll(/aria-describedby="([^"]+)"/g)) {
        for (const id of ids!.split(' ')) expect(html).toContain(`id="${id}"`);
      }
    });

    it('asks for no card on a free order', async () => {
      const session = await cartWith({ 'remidi-4-trial': 1 });
      const html = (await t.app.inject(`/sandbox/fastspring/checkout/${session}`)).body;
      expect(html).toContain('Get your free products');
      expect(html).not.toContain('cc-number');
      expect(html).not.toContain('Test cards');
    });

    it('shows a completed order, an empty cart, and a missing session', async () => {
      const session = await cartWith({ 'remidi-4': 1 });
      const order = await paid(session, { ...contact, ...GOOD });
      const done = (await t.app.inject(`/sandbox/fastspring/checkout/${session}`)).body;
      expect(done).toContain('Payment complete');
      expect(done).toContain(order.reference);
      expect((await t.app.inject(`/sandbox/fastspring/checkout/${await cartWith({})}`)).body).toContain('Your cart is empty');
      for (const id of ['E'.repeat(32), 'bad', '%3Cscript%3E']) {
        const missing = await t.app.inject(`/sandbox/fastspring/checkout/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(missing.body).toContain('This checkout has expired');
        expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      }
    });

    it('follows the theme asked for, else the system preference', async () => {
      const session = await cartWith({ 'remidi-4': 1 });
      expect((await t.app.inject(`/sandbox/fastspring/checkout/${session}?theme=light`)).body).toContain('<html lang="en" class="theme-light">');
      expect((await t.app.inject(`/sandbox/fastspring/checkout/${session}?theme=dark`)).body).toContain('<html lang="en" class="theme-dark">');
      expect((await t.app.inject(`/sandbox/fastspring/checkout/${session}?theme=%22%3E`)).body).toContain('<html lang="en">');
    });

    it("leaves the store pages' policy as it was", async () => {
      const page = await t.app.inject({ url: '/about', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    });
  });
});
