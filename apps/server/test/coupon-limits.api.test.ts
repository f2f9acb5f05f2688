import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxErrorSchema, sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import { couponRedemptions, couponReservations, coupons, orders, sandboxWebhookDeliveries } from '../src/db/schema';
import { createCouponRepository } from '../src/modules/coupons/coupons.repository';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API } from './sandbox-fixtures';

const API = SANDBOX_API;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
const contact = (email: string) => ({ email, firstName: 'Maria', lastName: 'Lopez', country: 'ES', postalCode: '28001' });
const SHOPPERS = 10;

/**
 * Coupon limits hold under concurrent payments: the payment reserves the use under the
 * coupon row's lock, before the asynchronous webhook records the redemption.
 */
describe.each(TEST_ENGINES)('coupon limits under concurrent sandbox payments on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The default webhook sender: orders reach the store's real webhook route.
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });

  async function cartWithCoupon(code: string): Promise<string> {
    const { session } = sandboxSessionResponseSchema.parse((await post('/sessions', {})).json());
    expect((await t.app.inject({ method: 'PUT', url: `${API}/sessions/${session}/items/remidi-4`, payload: { quantity: 1 } })).statusCode).toBe(200);
    const applied = sandboxSessionResponseSchema.parse((await post(`/sessions/${session}/promo`, { code })).json());
    expect(applied.couponError).toBeUndefined();
    return session;
  }

  async function couponState(code: string) {
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
    const id = coupon!.id;
    return {
      counter: coupon!.redemptionCount,
      redemptions: await t.database.db.$count(couponRedemptions, eq(couponRedemptions.couponId, id)),
      reservations: await t.database.db.$count(couponReservations, eq(couponReservations.couponId, id)),
    };
  }

  async function allDelivered(): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await t.database.db.$count(sandboxWebhookDeliveries, eq(sandboxWebhookDeliveries.status, 'pending'))) > 0) {
      if (Date.now() > deadline) throw new Error('webhooks still pending');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Pays every session at once; returns the answers in order. */
  async function payAll(sessions: string[], email: (index: number) => string) {
    const responses = await Promise.all(sessions.map((session, index) => post(`/sessions/${session}/pay`, { ...contact(email(index)), ...GOOD_CARD })));
    const paid = responses.filter((response) => response.statusCode === 200).map((response) => sandboxPayResponseSchema.parse(response.json()).order);
    const refused = responses.filter((response) => response.statusCode !== 200);
    return { paid, refused };
  }

  it('lets one of ten concurrent payments by one customer use a once-per-customer code', async () => {
    const sessions = await Promise.all(Array.from({ length: SHOPPERS }, () => cartWithCoupon('fiveoff')));
    const { paid, refused } = await payAll(sessions, () => 'race@example.com');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ total: 74 });
    expect(refused).toHaveLength(SHOPPERS - 1);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(sandboxErrorSchema.parse(response.json())).toMatchObject({
        code: 'coupon_refused',
        message: 'You have already used this code (FIVEOFF). Remove the code from your cart to pay without it.',
      });
    }
    // Until the webhook lands, the use is held by a reservation.
    await allDelivered();
    expect(await couponState('FIVEOFF')).toEqual({ counter: 1, redemptions: 1, reservations: 0 });
    expect(await t.database.db.$count(orders, eq(orders.email, 'race@example.com'))).toBe(1);

    // Later payments see the recorded redemption; another customer may still use the code.
    const again = await post(`/sessions/${await cartWithCoupon('FIVEOFF')}/pay`, { ...contact('RACE@example.com'), ...GOOD_CARD });
    expect(again.statusCode).toBe(409);
    const other = await post(`/sessions/${await cartWithCoupon('FIVEOFF')}/pay`, { ...contact('someone.else@example.com'), ...GOOD_CARD });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('lets one of ten concurrent payments by different customers use a code limited to one use', async () => {
    await t.database.db.insert(coupons).values({ code: 'ONLYONE', kind: 'percent', percentOff: 50, maxRedemptions: 1 });
    const sessions = await Promise.all(Array.from({ length: SHOPPERS }, () => cartWithCoupon('ONLYONE')));
    const { paid, refused } = await payAll(sessions, (index) => `shopper${index}@example.com`);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ total: 39.5 });
    expect(refused.map((response) => [response.statusCode, sandboxErrorSchema.parse(response.json()).message])).toEqual(
      Array.from({ length: SHOPPERS - 1 }, () => [409, 'This code has been used up (ONLYONE). Remove the code from your cart to pay without it.']),
    );
    await allDelivered();
    expect(await couponState('ONLYONE')).toEqual({ counter: 1, redemptions: 1, reservations: 0 });
  });

  it('reserves nothing for a declined payment', async () => {
    await t.database.db.insert(coupons).values({ code: 'ONCEMORE', kind: 'percent', percentOff: 10, maxRedemptions: 1 });
    const session = await cartWithCoupon('ONCEMORE');
    const declined = await post(`/sessions/${session}/pay`, { ...contact('declined@example.com'), ...DECLINED_CARD });
    expect(declined.statusCode).toBe(402);
    expect(await couponState('ONCEMORE')).toEqual({ counter: 0, redemptions: 0, reservations: 0 });
    // The code is still free for the same shopper's next card.
    const paid = await post(`/sessions/${session}/pay`, { ...contact('declined@example.com'), ...GOOD_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    await allDelivered();
    expect(await couponState('ONCEMORE')).toEqual({ counter: 1, redemptions: 1, reservations: 0 });
  });

  it("counts a coupon's uses, and a customer's, each in one statement: a webhook turning a reservation into a redemption between two would hide a use", async () => {
    const [coupon] = await t.database.db
      .insert(coupons)
      .values({ code: 'ONE-SNAPSHOT', kind: 'percent', percentOff: 10, maxRedemptions: 5 })
      .returning({ id: coupons.id });
    await t.database.db.update(coupons).set({ redemptionCount: 1 }).where(eq(coupons.id, coupon!.id));
    await t.database.db.insert(couponReservations).values({ couponId: coupon!.id, providerOrderId: 'SNAPSHOT-1', email: 'held@example.com' });
    let selects = 0;
    const counted = new Proxy(t.database.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const repository = createCouponRepository(counted);
    expect(await repository.countRedemptions(coupon!.id)).toBe(2);
    expect(await repository.countCustomerRedemptions(coupon!.id, ' Held@Example.com ')).toBe(1);
    expect(selects).toBe(2);
  });
});
