import { randomUUID } from 'node:crypto';
import { ANALYTICS_CHECKOUT_TAG, sandboxSessionResponseSchema } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, orders } from '../src/db/schema';
import type { AnalyticsService } from '../src/modules/analytics/analytics.service';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, TEST_CARD_PAYMENT } from './sandbox-fixtures';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(TEST_ENGINES)('purchases linked to their checkout on %s', (engine) => {
  let t: TestApp;
  let analytics: AnalyticsService;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { ANALYTICS_EVENTS_PER_MINUTE: '1000', RATE_LIMIT_MAX: '100000' },
      onAnalytics: (service) => (analytics = service),
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(analyticsEvents);
  });

  const newCode = () => randomUUID().replaceAll('-', '');

  /** The checkout_start the storefront's script sends, from a shopper who came from a newsletter. */
  async function startCheckout(code: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': SAFARI_IPHONE },
      payload: JSON.stringify({
        name: 'checkout_start',
        url: '/checkout?utm_source=newsletter&utm_campaign=autumn',
        referrer: 'https://mail.example.net/inbox',
        props: { checkout: code, products: 'remidi-4' },
      }),
    });
    expect(response.statusCode).toBe(202);
  }

  const purchases = async () => {
    await analytics.flush();
    return t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'purchase'));
  };

  /** The purchase is counted after the order's commit and not awaited by the webhook: wait for it a little. */
  async function eventualPurchases(expected: number) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const rows = await purchases();
      if (rows.length >= expected) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return purchases();
  }

  const checkoutStart = async (code: string) => {
    await analytics.flush();
    const [row] = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'checkout_start'));
    expect(row?.props).toMatchObject({ checkout: code });
    return row!;
  };

  it('counts a purchase for the checkout whose code the sandbox order carried to the webhook', async () => {
    const code = newCode();
    await startCheckout(code);
    const start = await checkoutStart(code);

    const { session } = sandboxSessionResponseSchema.parse((await t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions`, payload: {} })).json());
    const pushed = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_API}/sessions/${session}/push`,
      payload: { products: [{ path: 'remidi-4', quantity: 1 }], tags: { [ANALYTICS_CHECKOUT_TAG]: code } },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions/${session}/pay`, payload: TEST_CARD_PAYMENT });
    expect(paid.statusCode, paid.body).toBe(200);

    const [purchase, ...others] = await eventualPurchases(1);
    expect(others).toEqual([]);
    expect(purchase).toMatchObject({
      name: 'purchase',
      visitorId: start.visitorId,
      pathname: '/checkout',
      referrerHost: 'mail.example.net',
      utmSource: 'newsletter',
      utmCampaign: 'autumn',
      device: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      props: { checkout: code, products: 'remidi-4' },
    });
    const reference = (paid.json() as { order: { reference: string } }).order.reference;
    expect(await t.database.db.$count(orders, eq(orders.reference, reference))).toBe(1);
  });

  it('finds a checkout still waiting in memory, and counts a resent order once', async () => {
    const code = newCode();
    await startCheckout(code);
    const order = testOrder({ email: 'lin@example.com' });
    const body = envelope({ ...order, tags: { [ANALYTICS_CHECKOUT_TAG]: code } });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, body)).statusCode).toBe(200);
    // FastSpring's manual resend: the same order under a new event id.
    const again = envelope({ ...order, tags: { [ANALYTICS_CHECKOUT_TAG]: code } });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, again)).statusCode).toBe(200);

    const rows = await eventualPurchases(1);
    expect(rows.map((row) => row.props)).toEqual([{ checkout: code, products: 'remidi-4' }]);
  });

  it('counts nothing for an order without a tag, or with a code no checkout sent', async () => {
    await startCheckout(newCode());
    const untagged = envelope(testOrder({ email: 'no-tag@example.com' }));
    const untaggedResponse = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, untagged);
    expect(untaggedResponse.statusCode, untaggedResponse.body).toBe(200);
    const unknown = envelope({ ...testOrder({ email: 'unknown@example.com' }), tags: { [ANALYTICS_CHECKOUT_TAG]: newCode() } });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, unknown)).statusCode).toBe(200);

    // Long enough for a purchase to have been counted, had either order found its checkout.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await purchases()).toEqual([]);
  });

  it('does not link an order to a checkout started more than a day before it', async () => {
    const code = newCode();
    await startCheckout(code);
    const start = await checkoutStart(code);
    await t.database.db
      .update(analyticsEvents)
      .set({ occurredAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(analyticsEvents.id, start.id));
    const late = envelope({ ...testOrder({ email: 'late@example.com' }), tags: { [ANALYTICS_CHECKOUT_TAG]: code } });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, late)).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await purchases()).toEqual([]);
  });

  it('records an order whose tags are odd, dropping what does not fit', async () => {
    const order = testOrder({ email: 'odd-tags@example.com' });
    const body = envelope({ ...order, tags: { 'not a name!': 'x', [ANALYTICS_CHECKOUT_TAG]: 42, long: 'x'.repeat(500) } });
    const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.database.db.$count(orders, and(eq(orders.reference, order.reference), eq(orders.providerOrderId, order.id)))).toBe(1);
  });

  it('still refuses a purchase sent by a browser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: '198.51.100.8',
      headers: { 'content-type': 'text/plain', 'user-agent': FIREFOX },
      payload: JSON.stringify({ name: 'purchase', url: '/checkout', props: { checkout: newCode(), products: 'remidi-4' } }),
    });
    expect(response.statusCode).toBe(400);
    expect(await purchases()).toEqual([]);
  });

  it('refuses session tags out of bounds with a clear message', async () => {
    const { session } = sandboxSessionResponseSchema.parse((await t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions`, payload: {} })).json());
    const push = (tags: unknown) => t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions/${session}/push`, payload: { tags } });

    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`tag_${index}`, 'x']));
    for (const [tags, message] of [
      [eleven, 'At most 10 tags.'],
      [{ 'bad-name': 'x' }, 'Tag names are 1 to 40 letters, digits or underscores.'],
      [{ ['n'.repeat(41)]: 'x' }, 'Tag names are 1 to 40 letters, digits or underscores.'],
      [{ ok: 'v'.repeat(201) }, 'Tag values are at most 200 characters.'],
      [{ ok: 3 }, 'Tag values are strings.'],
    ] as const) {
      const response = await push(tags);
      expect(response.statusCode, JSON.stringify(tags).slice(0, 60)).toBe(400);
      expect(response.body).toContain(message);
    }

    // Ten in all across pushes: the eleventh name is refused, a new value for a known name is not.
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`tag_${index}`, 'x']));
    expect((await push(ten)).statusCode).toBe(200);
    expect((await push({ tag_0: 'y' })).statusCode).toBe(200);
    const over = await push({ tag_10: 'x' });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('A session keeps at most 10 tags.');
  });
});
