import {
  fastspringReturnSchema,
  sandboxErrorSchema,
  sandboxPayResponseSchema,
  sandboxRefundResponseSchema,
  sandboxSessionResponseSchema,
  webhookEnvelopeSchema,
} from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, orderItems, orders, outboxMessages, sandboxWebhookDeliveries } from '../src/db/schema';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API } from './sandbox-fixtures';

const API = SANDBOX_API;
const PAGE = '/sandbox/fastspring/orders';
const buyer = { email: 'sandbox.refund@example.com', firstName: 'Sam', lastName: 'Ple', country: 'DE', region: '', city: 'Berlin', postalCode: '10115' };
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

async function waitFor<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

describe.each(TEST_ENGINES)('sandbox refunds on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  /** Pays a sandbox cart and waits until the store has recorded the order. */
  async function paidOrder(items: Record<string, number>) {
    const { session } = sandboxSessionResponseSchema.parse((await post(`${API}/sessions`, {})).json());
    for (const [path, quantity] of Object.entries(items)) {
      await t.app.inject({ method: 'PUT', url: `${API}/sessions/${session}/items/${path}`, payload: { quantity } });
    }
    const paid = await post(`${API}/sessions/${session}/pay`, { ...buyer, ...GOOD_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = sandboxPayResponseSchema.parse(paid.json());
    const row = await waitFor(async () => (await t.database.db.select().from(orders).where(eq(orders.providerOrderId, order.id)))[0]);
    return { sandboxId: order.id, orderId: row.id, reference: order.reference };
  }

  const orderRow = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const returnBodies = async () =>
    (await t.database.db.select().from(sandboxWebhookDeliveries)).map((row) => row.body).filter((body) => body.includes('"return.created"'));

  it('refunds through its API with the same signed return.created event as FastSpring, and the store takes the order back', async () => {
    const { sandboxId, orderId, reference } = await paidOrder({ 'remidi-4': 2, rechannel: 1 });
    const response = await post(`${API}/orders/${sandboxId}/refund`, { items: [{ product: 'remidi-4', quantity: 1 }], reason: 'Duplicate purchase' });
    expect(response.statusCode, response.body).toBe(201);
    expect(sandboxRefundResponseSchema.parse(response.json()).return.items).toEqual([{ product: 'remidi-4', quantity: 1 }]);

    // The webhook body is FastSpring's envelope, and its data reads as FastSpring's return.
    const [body] = (await returnBodies()).filter((raw) => raw.includes(reference));
    const [event] = webhookEnvelopeSchema.parse(JSON.parse(body!)).events;
    const data = fastspringReturnSchema.parse(event!.data);
    expect(data).toMatchObject({
      original: { id: sandboxId, reference },
      reason: 'Duplicate purchase',
      type: 'RETURN',
      items: [{ product: 'remidi-4', quantity: 1 }],
    });

    await waitFor(async () => (await orderRow(orderId)).status === 'partially_refunded');
    const states = await t.database.db
      .select({ status: licences.status })
      .from(licences)
      .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productPath, 'remidi-4')));
    expect(states.map((row) => row.status).sort()).toEqual(['active', 'revoked']);

    // Another site's form cannot refund it.
    const returnsBefore = (await returnBodies()).length;
    const forged = await t.app.inject({
      method: 'POST',
      url: `${PAGE}/${sandboxId}/refund`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect((await returnBodies()).length).toBe(returnsBefore);

    // The rest, from the order page's button: a form post, then back to the page.
    const form = await t.app.inject({
      method: 'POST',
      url: `${PAGE}/${sandboxId}/refund`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`${PAGE}/${sandboxId}?refunded=1`);
    await waitFor(async () => (await orderRow(orderId)).status === 'refunded');
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, buyer.email), eq(outboxMessages.kind, 'refund-confirmation')));
    expect(mails).toHaveLength(2);

    const page = await t.app.inject(`${PAGE}/${sandboxId}?refunded=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Everything in this order is refunded.');
    expect(page.body).toContain('Sandbox — no real payment');

    const again = await post(`${API}/orders/${sandboxId}/refund`, {});
    expect(again.statusCode).toBe(409);
    expect(sandboxErrorSchema.parse(again.json()).code).toBe('nothing_to_refund');
  });

  it('shows a refund button per line, and refuses unknown orders and products', async () => {
    const { sandboxId } = await paidOrder({ 'remidi-4': 1 });
    const page = await t.app.inject(`${PAGE}/${sandboxId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit" name="product" value="remidi-4">Refund reMIDI 4</button>');
    expect(page.body).toContain('Refund the whole order');

    const { reference } = (await t.app.inject(`${PAGE}/${sandboxId}`)).body.match(/Order (?<reference>SON[\d-]+)/)!.groups!;
    const found = await t.app.inject(`${PAGE}?reference=${reference}`);
    expect(found.statusCode).toBe(303);
    expect(found.headers.location).toBe(`${PAGE}/${sandboxId}`);
    expect((await t.app.inject(`${PAGE}?reference=NOPE-1`)).statusCode).toBe(404);
    expect((await t.app.inject(`${PAGE}?reference=<x>`)).statusCode).toBe(404);
    expect((await t.app.inject(`${PAGE}/${'x'.repeat(22)}`)).statusCode).toBe(404);
    expect((await t.app.inject(`${PAGE}/not-an-id`)).statusCode).toBe(404);
    const unknown = await post(`${API}/orders/${'x'.repeat(22)}/refund`, {});
    expect(unknown.statusCode).toBe(404);
    expect(sandboxErrorSchema.parse(unknown.json()).code).toBe('unknown_order');
    const wrongProduct = await post(`${API}/orders/${sandboxId}/refund`, { items: [{ product: 'rechannel' }] });
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json().message).toContain('rechannel');
    expect((await post(`${API}/orders/${sandboxId}/refund`, { items: [] })).statusCode).toBe(400);
  });
});
