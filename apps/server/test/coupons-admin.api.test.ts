import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import { couponDetailSchema, couponListSchema, type CouponFormValues } from '@store/contracts/admin';
import { auditEvents, couponRedemptions, couponReservations, coupons, orders, sandboxWebhookDeliveries } from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { ADMIN_EMAIL, type adminRequest, adminTestApp } from './admin-fixtures';
import { TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API, TEST_CARD_PAYMENT } from './sandbox-fixtures';

const newCoupon = (overrides: Partial<CouponFormValues> = {}): CouponFormValues => ({
  code: 'TEST-CODE',
  description: 'A test coupon',
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  productPaths: [],
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  oncePerCustomer: false,
  active: true,
  ...overrides,
});

describe.each(TEST_ENGINES)('coupons in the back office on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine));
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = (path = '') => `${ADMIN_API_PREFIX}/coupons${path}`;

  async function create(overrides: Partial<CouponFormValues> = {}) {
    const response = await admin('POST', url(), newCoupon(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return couponDetailSchema.parse(response.json()).coupon;
  }

  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(id)));

  /** A sandbox cart with these products and the code typed as given; the cart's answer. */
  async function cart(paths: string[], code: string, email?: string) {
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `${SANDBOX_API}${path}`, payload });
    const { session } = sandboxSessionResponseSchema.parse((await post('/sessions', {})).json());
    const pushed = await post(`/sessions/${session}/push`, {
      products: paths.map((path) => ({ path, quantity: 1 })),
      ...(email ? { paymentContact: { email } } : {}),
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const applied = sandboxSessionResponseSchema.parse((await post(`/sessions/${session}/promo`, { code })).json());
    return applied;
  }

  async function pay(session: string, email: string) {
    const paid = await t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions/${session}/pay`, payload: { ...TEST_CARD_PAYMENT, email } });
    return paid;
  }

  async function allDelivered(): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await t.database.db.$count(sandboxWebhookDeliveries, eq(sandboxWebhookDeliveries.status, 'pending'))) > 0) {
      if (Date.now() > deadline) throw new Error('webhooks still pending');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  describe('saving', () => {
    it('creates a coupon with the code normalised, audits it, and lists it with its status and usage', async () => {
      const created = await create({ code: '  spring-10 ', productPaths: ['remidi-4'], maxRedemptions: 5, oncePerCustomer: true });
      expect(created).toMatchObject({
        code: 'SPRING-10',
        kind: 'percent',
        percentOff: 10,
        products: [{ path: 'remidi-4', name: 'reMIDI 4' }],
        maxRedemptions: 5,
        oncePerCustomer: true,
        uses: 0,
        status: 'active',
        version: 1,
      });
      const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
      expect(row).toMatchObject({ code: 'SPRING-10', perCustomerLimit: 1, productIds: [expect.any(Number)] });
      expect(await auditOf(created.id)).toEqual([
        expect.objectContaining({ actor: ADMIN_EMAIL, action: 'coupon.create', subjectType: 'coupon', before: null }),
      ]);

      const list = couponListSchema.parse((await admin('GET', url())).json());
      expect(list.currency).toBe(t.config.currency);
      expect(list.products).toContainEqual({ path: 'remidi-4', name: 'reMIDI 4' });
      expect(list.coupons.find((coupon) => coupon.code === 'SPRING-10')).toEqual(created);
      expect(list.coupons.find((coupon) => coupon.code === 'SUMMER24')).toMatchObject({ status: 'expired' });
    });

    it('refuses invalid fields with a message beside each', async () => {
      const response = await admin(
        'POST',
        url(),
        newCoupon({ code: 'no spaces', percentOff: 101, validFrom: '2030-02-01T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        code: expect.stringContaining('3 to 40 letters'),
        percentOff: 'A percentage is at most 100',
        validUntil: 'The end must be after the start',
      });

      const amount = await admin('POST', url(), newCoupon({ kind: 'amount', amountOffMinor: 0, maxRedemptions: 0 }));
      expect(amount.json().fields).toEqual({ amountOffMinor: 'Enter an amount greater than zero', maxRedemptions: expect.stringContaining('At least 1') });

      const unknown = await admin('POST', url(), newCoupon({ productPaths: ['remidi-4', 'no-such-product'] }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ productPaths: "No product has the path 'no-such-product'" });

      const tooMany = await admin('POST', url(), newCoupon({ productPaths: Array.from({ length: 51 }, (_, index) => `product-${index}`) }));
      expect(tooMany.json().fields).toEqual({ productPaths: expect.stringContaining('at most 50') });
      expect(await t.database.db.$count(coupons, eq(coupons.code, 'TEST-CODE'))).toBe(0);
    });

    it('refuses a code that exists in another case, writing nothing', async () => {
      const auditBefore = await t.database.db.$count(auditEvents);
      const response = await admin('POST', url(), newCoupon({ code: 'welcome10' }));
      expect(response.statusCode).toBe(409);
      expect(response.json().fields).toEqual({ code: 'Another coupon has this code' });
      expect(await t.database.db.$count(auditEvents)).toBe(auditBefore);
    });

    it('edits with the version opened, refuses a stale version, and audits before and after', async () => {
      const created = await create({ code: 'EDIT-ME' });
      const edited = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'edited', kind: 'amount', amountOffMinor: 300 }), version: 1 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(couponDetailSchema.parse(edited.json()).coupon).toMatchObject({
        code: 'EDITED',
        kind: 'amount',
        amountOffMinor: 300,
        percentOff: null,
        currency: t.config.currency,
        version: 2,
      });
      const stale = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'EDITED', description: 'lost' }), version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('changed by someone else');
      const events = await auditOf(created.id);
      expect(events.map((event) => event.action)).toEqual(['coupon.create', 'coupon.update']);
      expect(events[1]).toMatchObject({ before: expect.objectContaining({ code: 'EDIT-ME' }), after: expect.objectContaining({ code: 'EDITED', version: 2 }) });

      const taken = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'WELCOME10' }), version: 2 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fields).toEqual({ code: 'Another coupon has this code' });
      expect((await admin('GET', url('/999999'))).statusCode).toBe(404);
    });

    it('gives one of two coupons renamed to the same code at once the code, and tells the other it is taken', async () => {
      const [first, second] = await Promise.all([create({ code: 'RACE-A' }), create({ code: 'RACE-B' })]);
      const renames = await Promise.all(
        [first, second].map((coupon) => admin('PUT', url(`/${coupon.id}`), { ...newCoupon({ code: 'RACE-WON' }), version: coupon.version })),
      );
      expect(renames.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const refused = renames.find((response) => response.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ message: expect.stringContaining('RACE-WON exists already'), fields: { code: 'Another coupon has this code' } });
    });

    it('rolls the whole save back when its audit record cannot be written', async () => {
      const created = await create({ code: 'ROLLBACK' });
      // The audit step fails inside the save's transaction: neither the change nor the record may stay.
      await t.database.db.execute(
        sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`),
      );
      await t.database.db.execute(sql.raw('create trigger refuse_audit before insert on audit_events for each row execute function refuse_audit()'));
      try {
        const response = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'ROLLBACK', percentOff: 50 }), version: 1 });
        expect(response.statusCode).toBe(500);
        const expired = await admin('POST', url(`/${created.id}/expire`));
        expect(expired.statusCode).toBe(500);
      } finally {
        await t.database.db.execute(sql.raw('drop trigger refuse_audit on audit_events'));
      }
      const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
      expect(row).toMatchObject({ percentOff: 10, version: 1, validUntil: null });
    });

    it('expires a coupon now, once', async () => {
      const created = await create({ code: 'ENDS-SOON', validFrom: '2099-01-01T00:00:00Z' });
      expect(created.status).toBe('scheduled');
      const first = couponDetailSchema.parse((await admin('POST', url(`/${created.id}/expire`))).json()).coupon;
      expect(first).toMatchObject({ status: 'expired', validFrom: null, version: 2 });
      expect(Date.parse(first.validUntil!)).toBeLessThanOrEqual(Date.now());
      const second = await admin('POST', url(`/${created.id}/expire`));
      expect(second.statusCode).toBe(200);
      expect(couponDetailSchema.parse(second.json()).coupon).toEqual(first);
      expect((await auditOf(created.id)).map((event) => event.action)).toEqual(['coupon.create', 'coupon.expire']);
      const refused = await cart(['remidi-4'], 'ends-soon');
      expect(refused.couponError).toMatchObject({ code: 'expired' });
    });
  });

  describe('the checkout honours what the back office saved', () => {
    it('normalises a typed code: "  spring-sale " is SPRING-SALE', async () => {
      await create({ code: 'SPRING-SALE', percentOff: 10 });
      const applied = await cart(['remidi-4'], '  spring-sale ');
      expect(applied.couponError).toBeUndefined();
      expect(applied.cart).toMatchObject({ coupons: ['SPRING-SALE'], totalValue: 71.1 });
    });

    it('discounts only the products listed', async () => {
      await create({ code: 'ONLY-ONE-PRODUCT', percentOff: 50, productPaths: ['remidi-4'] });
      const applied = await cart(['remidi-4', 'sw-free-chord-starter', 'rechannel'], 'only-one-product');
      const lines = applied.cart.groups[0]!.items.filter((item) => item.selected);
      expect(lines.find((line) => line.path === 'remidi-4')).toMatchObject({ totalValue: 39.5 });
      const other = lines.find((line) => line.path === 'rechannel')!;
      expect(other.totalValue).toBe(other.unitPriceValue);
      const refused = await cart(['rechannel'], 'only-one-product');
      expect(refused.couponError).toMatchObject({ code: 'product_not_in_cart', message: expect.stringContaining('reMIDI 4') });
    });

    it('takes a fixed amount off', async () => {
      await create({ code: 'TAKE-5', kind: 'amount', amountOffMinor: 500 });
      expect((await cart(['remidi-4'], 'take-5')).cart).toMatchObject({ totalValue: 74 });
    });

    it('refuses a code before its start and after its end', async () => {
      await create({ code: 'NOT-YET', validFrom: '2099-01-01T00:00:00Z' });
      await create({ code: 'TOO-LATE', validFrom: '2020-01-01T00:00:00Z', validUntil: '2020-02-01T00:00:00Z' });
      await create({ code: 'SWITCHED-OFF', active: false });
      expect((await cart(['remidi-4'], 'not-yet')).couponError).toMatchObject({ code: 'not_yet_valid' });
      expect((await cart(['remidi-4'], 'too-late')).couponError).toMatchObject({ code: 'expired' });
      expect((await cart(['remidi-4'], 'switched-off')).couponError).toMatchObject({ code: 'inactive' });
    });

    it('holds the total cap, records each redemption once, and then locks the code and discount', async () => {
      const created = await create({ code: 'TWO-ONLY', maxRedemptions: 2 });
      for (const email of ['first@example.com', 'second@example.com']) {
        const { session } = await cart(['remidi-4'], 'two-only');
        const paid = await pay(session, email);
        expect(paid.statusCode, paid.body).toBe(200);
        expect(sandboxPayResponseSchema.parse(paid.json()).order).toMatchObject({ total: 71.1 });
      }
      // Before the webhooks land, the uses are held by reservations, and the list counts them.
      const listed = couponListSchema.parse((await admin('GET', url())).json()).coupons.find((coupon) => coupon.id === created.id);
      expect(listed).toMatchObject({ uses: 2, status: 'used up' });
      expect((await cart(['remidi-4'], 'two-only')).couponError).toMatchObject({ code: 'used_up' });

      await allDelivered();
      const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
      expect(row!.redemptionCount).toBe(2);
      expect(await t.database.db.$count(couponRedemptions, eq(couponRedemptions.couponId, created.id))).toBe(2);
      expect(await t.database.db.$count(couponReservations, eq(couponReservations.couponId, created.id))).toBe(0);
      const recorded = await t.database.db.select({ codes: orders.couponCodes }).from(orders).where(eq(orders.email, 'first@example.com'));
      expect(recorded).toEqual([{ codes: ['TWO-ONLY'] }]);
      expect((await admin('GET', url(`/${created.id}`))).json().coupon).toMatchObject({ uses: 2, status: 'used up' });

      // A used coupon keeps its code and discount; the rest can still change.
      const locked = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'RENAMED', percentOff: 20, maxRedemptions: 2 }), version: 1 });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().fields).toEqual({
        code: 'It has been used 2 times, so its code stays TWO-ONLY. Create a new coupon for a new code.',
        percentOff: 'It has been used 2 times, so its percentage stays 10. Create a new coupon instead.',
      });
      const raised = await admin('PUT', url(`/${created.id}`), { ...newCoupon({ code: 'two-only', maxRedemptions: 3 }), version: 1 });
      expect(raised.statusCode, raised.body).toBe(200);
      expect(raised.json().coupon).toMatchObject({ status: 'active', uses: 2 });
    });

    it('lets each customer use a once-per-customer code once', async () => {
      await create({ code: 'ONCE-EACH', oncePerCustomer: true });
      const first = await cart(['remidi-4'], 'once-each', 'loyal@example.com');
      expect((await pay(first.session, 'loyal@example.com')).statusCode).toBe(200);
      await allDelivered();
      expect((await cart(['remidi-4'], 'once-each', 'Loyal@Example.com')).couponError).toMatchObject({ code: 'already_used' });
      const other = await cart(['remidi-4'], 'once-each', 'new@example.com');
      expect(other.couponError).toBeUndefined();
      expect((await pay(other.session, 'new@example.com')).statusCode).toBe(200);
    });
  });
});
