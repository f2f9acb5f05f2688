import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import { orderDetailSchema, refundCreatedSchema } from '@store/contracts/admin';
import { auditEvents, licences, orderItems, orders, refundRequests, sandboxWebhookDeliveries } from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, adminTestApp } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, TEST_CARD_PAYMENT } from './sandbox-fixtures';
import { envelope, postWebhook, testOrder, testReturn } from './webhook-fixtures';

const ORDERS = `${ADMIN_API_PREFIX}/orders`;

/** Waits for the sandbox's webhook to be delivered and handled: seconds on a loaded machine, so up to 20. */
async function waitFor<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

const licenceStates = async (t: TestApp, orderId: number) =>
  (
    await t.database.db
      .select({ product: orderItems.productPath, status: licences.status })
      .from(licences)
      .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(licences.id)
  ).map((row) => `${row.product}:${row.status}`);

const requestsOf = (t: TestApp, orderId: number) =>
  t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).orderBy(refundRequests.id);

describe.each(TEST_ENGINES)('refunds from the back office (sandbox) on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Pays a sandbox cart and waits until the store recorded the order; its row and lines. */
  async function paidOrder(items: Record<string, number>) {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const { session } = sandboxSessionResponseSchema.parse((await post(`${SANDBOX_API}/sessions`, {})).json());
    for (const [path, quantity] of Object.entries(items)) {
      await t.app.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/${path}`, payload: { quantity } });
    }
    const email = `buyer.${randomUUID().slice(0, 8)}@example.com`;
    const paid = await post(`${SANDBOX_API}/sessions/${session}/pay`, { ...TEST_CARD_PAYMENT, email });
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = sandboxPayResponseSchema.parse(paid.json());
    const row = await waitFor(async () => (await t.database.db.select().from(orders).where(eq(orders.providerOrderId, order.id)))[0]);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
    const line = (path: string) => lines.find((candidate) => candidate.productPath === path)!;
    return { sandboxId: order.id, row, line };
  }

  const refund = (orderId: number, lines: Array<{ orderItemId: number; quantity: number }>, reason = 'Bought twice by mistake') =>
    admin('POST', `${ORDERS}/${orderId}/refunds`, { lines, reason });

  const returnDeliveries = async (reference: string) =>
    (await t.database.db.select().from(sandboxWebhookDeliveries)).filter((row) => row.body.includes('"return.created"') && row.body.includes(reference));

  it('refunds one line end to end: pending request, the sandbox’s signed event, the request completed, the line refunded and its licence revoked', async () => {
    const { row, line } = await paidOrder({ 'remidi-4': 2, rechannel: 1 });
    const before = orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json());
    expect(before.refund.available).toBe(true);

    const response = await refund(row.id, [{ orderItemId: line('remidi-4').id, quantity: 1 }]);
    expect(response.statusCode, response.body).toBe(202);
    const created = refundCreatedSchema.parse(response.json());
    expect(created.request).toMatchObject({
      reason: 'Bought twice by mistake',
      requestedBy: ADMIN_EMAIL,
      lines: [{ orderItemId: line('remidi-4').id, quantity: 1 }],
    });
    expect(created.message).toMatch(/accepted the refund/);

    const done = await waitFor(async () => (await requestsOf(t, row.id)).find((request) => request.status === 'completed'));
    expect(done.providerReturnId).toBeTruthy();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(order!.status).toBe('partially_refunded');
    expect((await licenceStates(t, row.id)).sort()).toEqual(['rechannel:active', 'remidi-4:active', 'remidi-4:revoked']);

    const after = orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json());
    expect(after.lines.find((candidate) => candidate.productPath === 'remidi-4')!.refundedQuantity).toBe(1);
    expect(after.refundRequests).toEqual([expect.objectContaining({ status: 'completed', failure: null })]);
    expect(after.refunds).toEqual([expect.objectContaining({ providerReturnId: done.providerReturnId, reason: 'Bought twice by mistake' })]);
    expect(after.order.refundedMinor).toBe(Math.round(line('remidi-4').subtotalMinor / 2));
    expect(after.webhookEvents.map((event) => event.outcome)).toEqual(['refund-recorded', 'order-created']);
    expect(after.emails.map((email) => email.kind)).toContain('refund-confirmation');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.refund-request'), eq(auditEvents.subjectId, String(row.id))));
    expect(audit).toMatchObject({ actor: ADMIN_EMAIL, subjectType: 'order' });
  });

  it('refuses a line already refunded, more units than are left, and a line of another order, naming them', async () => {
    const { row, line } = await paidOrder({ 'remidi-4': 2, rechannel: 1 });
    expect((await refund(row.id, [{ orderItemId: line('rechannel').id, quantity: 1 }])).statusCode).toBe(202);
    await waitFor(async () => (await requestsOf(t, row.id)).some((request) => request.status === 'completed'));

    const again = await refund(row.id, [{ orderItemId: line('rechannel').id, quantity: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^reChannel is already refunded/);
    const tooMany = await refund(row.id, [{ orderItemId: line('remidi-4').id, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/^Only 2 of reMIDI 4 left to refund/);
    const foreign = await refund(row.id, [{ orderItemId: 2_000_000_000, quantity: 1 }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toMatch(/Line 2000000000 is not part of order/);
    expect((await refund(2_000_000_000, [{ orderItemId: 1, quantity: 1 }])).statusCode).toBe(404);
    const noReason = await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [{ orderItemId: line('remidi-4').id, quantity: 1 }], reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect((await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [], reason: 'x' })).statusCode).toBe(400);
    // Nothing half-done: no request was recorded for the refusals.
    expect((await requestsOf(t, row.id)).map((request) => request.status)).toEqual(['completed']);
  });

  it('refuses a $0 order and a complimentary one with the licence desk’s way out', async () => {
    const data = testOrder({ items: [{ product: 'remidi-4', subtotal: 0 }] });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, data.id));
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    const response = await refund(row!.id, [{ orderItemId: line!.id, quantity: 1 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This order was free: there is nothing to refund. To take the licence back, revoke it at the licence desk.');

    const { row: paid, line: paidLine } = await paidOrder({ 'remidi-4': 1 });
    await t.database.db.update(orders).set({ kind: 'complimentary' }).where(eq(orders.id, paid.id));
    expect((await refund(paid.id, [{ orderItemId: paidLine('remidi-4').id, quantity: 1 }])).statusCode).toBe(422);
    expect(await requestsOf(t, paid.id)).toEqual([]);
  });

  it('sends one refund when two tabs ask at once: one 202, and the other 409', async () => {
    const { row, line } = await paidOrder({ 'remidi-4': 1 });
    const ask = () => refund(row.id, [{ orderItemId: line('remidi-4').id, quantity: 1 }]);
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    // Told while the first is pending or, when the sandbox's event beat the second tab, that everything is refunded.
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toMatch(
      /^(Another refund of this order is in progress \(asked by .+\)\. Reload the order to see it\.|Every line of this order is refunded already)/,
    );
    await waitFor(async () => (await requestsOf(t, row.id)).some((request) => request.status === 'completed'));
    expect(await returnDeliveries(row.reference)).toHaveLength(1);
    expect(await requestsOf(t, row.id)).toHaveLength(1);
  });

  it('no longer lets a request left pending for 30 minutes block the order: it is marked failed and the new one goes ahead', async () => {
    const { row, line } = await paidOrder({ 'remidi-4': 1 });
    await t.database.db.insert(refundRequests).values({
      orderId: row.id,
      lines: [{ orderItemId: line('remidi-4').id, quantity: 1 }],
      reason: 'Lost event',
      requestedBy: 'someone@example.com',
      createdAt: sql`now() - interval '31 minutes'`,
    });
    const detail = orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json());
    expect(detail.refund.available).toBe(true);
    expect((await refund(row.id, [{ orderItemId: line('remidi-4').id, quantity: 1 }])).statusCode).toBe(202);
    const [stale] = await requestsOf(t, row.id);
    expect(stale).toMatchObject({ status: 'failed', failure: 'No confirmation from the payment provider within 30 minutes' });
  });

  it('shows a pending request instead of the refund button', async () => {
    const { row, line } = await paidOrder({ 'remidi-4': 1 });
    await t.database.db
      .insert(refundRequests)
      .values({ orderId: row.id, lines: [{ orderItemId: line('remidi-4').id, quantity: 1 }], reason: 'Waiting', requestedBy: 'other@example.com' });
    const detail = orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row.id}`)).json());
    expect(detail.refund.available).toBe(false);
    expect(detail.refund.reason).toMatch(/asked by other@example.com/);
    const refused = await refund(row.id, [{ orderItemId: line('remidi-4').id, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Another refund of this order is in progress \(asked by other@example\.com at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)\. Reload the order to see it\.$/,
    );
    expect(await requestsOf(t, row.id)).toHaveLength(1);
  });
});

/** A stand-in for FastSpring's API on 127.0.0.1: records each request and answers as told. */
async function fakeFastspring() {
  const received: Array<{ method: string; url: string; authorization: string | undefined; body: unknown }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (next: typeof answer) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FASTSPRING_ENV = {
  PAYMENTS_PROVIDER: 'fastspring',
  FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore',
  MAIL_DISABLED: 'true',
  ADMIN_EMAILS: ADMIN_EMAIL,
  RATE_LIMIT_MAX: '100000',
};

describe.each(TEST_ENGINES)('refunds from the back office (FastSpring) on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let fastspring: Awaited<ReturnType<typeof fakeFastspring>>;

  beforeAll(async () => {
    fastspring = await fakeFastspring();
    t = await createTestApp(engine, {
      env: { ...FASTSPRING_ENV, FASTSPRING_API_USERNAME: 'api-user', FASTSPRING_API_PASSWORD: 'api-secret', FASTSPRING_API_URL: fastspring.url },
    });
    admin = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
  });
  afterAll(async () => {
    await t?.close();
    await fastspring?.close();
  });

  async function liveOrder(items: Array<{ product: string; quantity?: number; subtotal?: number }>) {
    const data = testOrder({ live: true, items });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data, { live: true }))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, data.id));
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id)).orderBy(orderItems.id);
    return { data, row: row!, lines };
  }

  it('asks FastSpring’s returns API with Basic auth, and completes the request when the signed return.created event arrives', async () => {
    const { data, row, lines } = await liveOrder([
      { product: 'remidi-4', quantity: 2, subtotal: 158 },
      { product: 'rechannel', subtotal: 49 },
    ]);
    const returnId = `RET-${randomUUID()}`;
    fastspring.answer({ status: 200, body: { returns: [{ return: returnId, action: 'return.create', result: 'success' }] } });
    const response = await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [{ orderItemId: lines[0]!.id, quantity: 1 }], reason: 'Wrong product' });
    expect(response.statusCode, response.body).toBe(202);
    expect(refundCreatedSchema.parse(response.json()).request.status).toBe('pending');

    const call = fastspring.received.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', url: '/returns', authorization: `Basic ${Buffer.from('api-user:api-secret').toString('base64')}` });
    expect(call.body).toEqual({
      returns: [{ order: data.id, reason: 'OTHER', note: 'Wrong product', notification: 'ORIGINAL', items: [{ product: 'remidi-4', quantity: 1 }] }],
    });
    const [pending] = await requestsOf(t, row.id);
    expect(pending).toMatchObject({ status: 'pending', providerReturnId: returnId });
    // Nothing is taken back before FastSpring confirms.
    expect(await licenceStates(t, row.id)).toEqual(['remidi-4:active', 'remidi-4:active', 'rechannel:active']);

    const event = testReturn({ ...data, live: true }, { returnId, items: [{ product: 'remidi-4', quantity: 1 }], total: 79, reason: 'Wrong product' });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(event, { type: 'return.created', live: true }))).statusCode).toBe(200);
    const [completed] = await requestsOf(t, row.id);
    expect(completed).toMatchObject({ status: 'completed', providerReturnId: returnId });
    expect(await licenceStates(t, row.id)).toEqual(['remidi-4:active', 'remidi-4:revoked', 'rechannel:active']);
  });

  it('asks for a full return when every unit of every line is refunded', async () => {
    const { data, row, lines } = await liveOrder([{ product: 'remidi-4' }]);
    fastspring.answer({ status: 200, body: { returns: [{ return: `RET-${randomUUID()}`, result: 'success' }] } });
    expect(
      (await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [{ orderItemId: lines[0]!.id, quantity: 1 }], reason: 'Changed mind' })).statusCode,
    ).toBe(202);
    expect(fastspring.received.at(-1)!.body).toEqual({ returns: [{ order: data.id, reason: 'OTHER', note: 'Changed mind', notification: 'ORIGINAL' }] });
  });

  it('answers 502 with FastSpring’s reason when it refuses, marks the request failed and takes nothing back', async () => {
    const { row, lines } = await liveOrder([{ product: 'remidi-4' }]);
    fastspring.answer({
      status: 400,
      body: { returns: [{ order: 'x', action: 'return.create', result: 'error', error: { order: 'Order is not eligible for return' } }] },
    });
    const response = await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [{ orderItemId: lines[0]!.id, quantity: 1 }], reason: 'Changed mind' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      "FastSpring refused the refund: Order is not eligible for return. Nothing was refunded; try again or refund in FastSpring's app.",
    );
    const [failed] = await requestsOf(t, row.id);
    expect(failed).toMatchObject({ status: 'failed', failure: 'FastSpring refused: Order is not eligible for return' });
    expect(await licenceStates(t, row.id)).toEqual(['remidi-4:active']);
    // The order can be refunded again at once.
    fastspring.answer({ status: 200, body: { returns: [{ return: `RET-${randomUUID()}`, result: 'success' }] } });
    expect(
      (await admin('POST', `${ORDERS}/${row.id}/refunds`, { lines: [{ orderItemId: lines[0]!.id, quantity: 1 }], reason: 'Changed mind' })).statusCode,
    ).toBe(202);
  });
});

describe('refunds from the back office (FastSpring without API credentials)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: FASTSPRING_ENV });
    admin = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says to refund in FastSpring’s app, on the order page and when asked', async () => {
    const data = testOrder({ live: true });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data, { live: true }))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, data.id));
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    const message =
      "Refunds from here need FASTSPRING_API_USERNAME and FASTSPRING_API_PASSWORD. Refund in FastSpring's app instead: the store records it when FastSpring's event arrives.";
    expect(orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row!.id}`)).json()).refund).toEqual({ available: false, reason: message });
    const response = await admin('POST', `${ORDERS}/${row!.id}/refunds`, { lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
    expect(orderDetailSchema.parse((await admin('GET', `${ORDERS}/${row!.id}`)).json()).emails[0]?.href ?? null).toBeNull();
  });
});
