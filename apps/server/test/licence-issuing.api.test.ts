import { accountDataSchema } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, legacyLicences, licenceMachines, licences, orderItems, orders, outboxMessages, products } from '../src/db/schema';
import { LICENCE_KEY_PATTERN } from '../src/modules/licensing/licence-key';
import { TEST_ENGINES } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { countRows as count, envelope, postWebhook, testOrder, testReturn, useWebhookStore, type TestOrderInput } from './webhook-fixtures';

const DAY_MS = 86_400_000;
const TRIAL = [{ product: 'remidi-4-trial', quantity: 1, subtotal: 0 }];

describe.each(TEST_ENGINES)('licence issuing on %s', (engine) => {
  const t = useWebhookStore(engine);

  async function placeOrder(email: string, items: TestOrderInput['items'], extra: TestOrderInput = {}) {
    const data = testOrder({ email, items, ...extra });
    const response = await postWebhook(t.app, t.secret, envelope(data));
    expect(response.statusCode).toBe(200);
    expect(response.json().processed[0].result).toBe('order-created');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    return { data, order: order! };
  }

  async function licencesOfOrder(orderId: number) {
    return t.database.db
      .select({ licence: licences })
      .from(licences)
      .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(licences.id)
      .then((rows) => rows.map((row) => row.licence));
  }

  async function confirmationOf(orderId: number) {
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'order-confirmation'), eq(outboxMessages.dedupeKey, `order-confirmation:${orderId}`)));
    return mail!;
  }

  it('issues a trial product a trial key that ends after the configured days', async () => {
    const before = Date.now();
    const { order } = await placeOrder('trial.first@example.com', TRIAL);
    const [licence, ...others] = await licencesOfOrder(order.id);
    expect(others).toEqual([]);
    expect(licence).toMatchObject({ type: 'trial', status: 'active', seats: 1 });
    expect(licence!.key).toMatch(LICENCE_KEY_PATTERN);
    const days = t.config.licensing.trialDays;
    expect(days).toBe(14);
    expect(licence!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + days * DAY_MS);
    expect(licence!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + days * DAY_MS);

    const mail = await confirmationOf(order.id);
    expect(mail.textBody).toContain(licence!.key);
    expect(mail.textBody).toMatch(/This trial key ends on \w+ \d+, \d{4}\./);
  });

  it('gives a second trial order of the same email the key it already has, and no new licence', async () => {
    const first = await placeOrder('Trial.Twice@Example.com', TRIAL);
    const [original] = await licencesOfOrder(first.order.id);
    const second = await placeOrder('trial.twice@example.com', TRIAL);

    // The line is recorded; no key belongs to it.
    expect(await count(t, orderItems, eq(orderItems.orderId, second.order.id))).toBe(1);
    expect(await licencesOfOrder(second.order.id)).toEqual([]);
    expect(await count(t, licences, eq(licences.customerId, first.order.customerId))).toBe(1);

    const mail = await confirmationOf(second.order.id);
    expect(mail.textBody).toContain(original!.key);
    expect(mail.textBody).toContain('This is the trial key you received before');
    expect(mail.htmlBody).toContain('one trial per email address');
  });

  it('lets two concurrent trial orders of one email end with one trial key', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => postWebhook(t.app, t.secret, envelope(testOrder({ email: 'trial.race@example.com', items: TRIAL })))),
    );
    expect(results.map((response) => response.json().processed[0].result)).toEqual(['order-created', 'order-created', 'order-created']);
    const customerOrders = await t.database.db.select().from(orders).where(eq(orders.email, 'trial.race@example.com'));
    expect(await count(t, licences, eq(licences.customerId, customerOrders[0]!.customerId))).toBe(1);
  });

  it('revokes refunded licences and releases their computers in the refund’s transaction', async () => {
    const { data, order } = await placeOrder('refund.machines@example.com', [{ product: 'remidi-4', quantity: 1, subtotal: 79 }]);
    const [licence] = await licencesOfOrder(order.id);
    await t.database.db.insert(licenceMachines).values([
      { licenceId: licence!.id, fingerprint: 'studio-mac-0001', name: 'Studio Mac', platform: 'macos' },
      { licenceId: licence!.id, fingerprint: 'laptop-win-0002', platform: 'windows' },
    ]);
    const refund = await postWebhook(t.app, t.secret, envelope(testReturn(data, { total: 79 }), { type: 'return.created' }));
    expect(refund.json().processed[0].result).toBe('refund-recorded');

    const [revoked] = await licencesOfOrder(order.id);
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    const machines = await t.database.db.select().from(licenceMachines).where(eq(licenceMachines.licenceId, licence!.id));
    expect(machines).toHaveLength(2);
    for (const machine of machines) {
      expect(machine.releasedReason).toBe('revoked');
      expect(machine.releasedAt!.getTime()).toBe(revoked!.revokedAt!.getTime());
    }
  });

  it('links the licence bought with an upgrade coupon to its legacy licence, once', async () => {
    const [remidi4] = await t.database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    await t.database.db
      .update(products)
      .set({ upgradeOffers: [{ from: 'remidi-3', fromName: 'reMIDI 3', percentOff: 100 }] })
      .where(eq(products.id, remidi4!.id));
    await t.database.db.insert(coupons).values({ code: 'UPG-R3-TEST1', kind: 'percent', percentOff: 100, productIds: [remidi4!.id], maxRedemptions: 1 });
    const [legacy] = await t.database.db
      .insert(legacyLicences)
      .values({ key: 'R3-OLD-KEY-0001', product: 'remidi-3', email: 'upgrader@example.com', upgradeCouponCode: 'UPG-R3-TEST1' })
      .returning();
    // A legacy key of a product the offer does not name is left alone.
    await t.database.db.insert(legacyLicences).values({ key: 'R1-OLD-KEY-0001', product: 'remidi-1', upgradeCouponCode: 'UPG-R1-TEST1' });

    const item = [{ product: 'remidi-4', quantity: 2, subtotal: 158, discount: 158 }];
    const first = await placeOrder('upgrader@example.com', item, { coupons: ['upg-r3-test1', 'UPG-R1-TEST1'] });
    const issued = await licencesOfOrder(first.order.id);
    expect(issued.map((licence) => licence.upgradedFromLegacyId)).toEqual([legacy!.id, null]);
    const [marked] = await t.database.db.select().from(legacyLicences).where(eq(legacyLicences.id, legacy!.id));
    expect(marked!.upgradedAt).toBeInstanceOf(Date);
    const [untouched] = await t.database.db.select().from(legacyLicences).where(eq(legacyLicences.key, 'R1-OLD-KEY-0001'));
    expect(untouched!.upgradedAt).toBeNull();

    // The same code on another order: the legacy licence stays marked by the first, and nothing links.
    const second = await placeOrder('someone.else@example.com', item, { coupons: ['UPG-R3-TEST1'] });
    expect((await licencesOfOrder(second.order.id)).map((licence) => licence.upgradedFromLegacyId)).toEqual([null, null]);
    const [still] = await t.database.db.select().from(legacyLicences).where(eq(legacyLicences.id, legacy!.id));
    expect(still!.upgradedAt!.getTime()).toBe(marked!.upgradedAt!.getTime());
  });

  it('fills the account’s licence fields from the licences: type, status, activations and expiry', async () => {
    const email = 'account.licences@example.com';
    const paid = await placeOrder(email, [{ product: 'remidi-4', quantity: 1, subtotal: 79 }]);
    const trial = await placeOrder(email, TRIAL);
    const [perpetual] = await licencesOfOrder(paid.order.id);
    const [trialLicence] = await licencesOfOrder(trial.order.id);
    await t.database.db.insert(licenceMachines).values([
      { licenceId: perpetual!.id, fingerprint: 'studio-mac-0001' },
      { licenceId: perpetual!.id, fingerprint: 'laptop-win-0002' },
      // Released computers do not count.
      { licenceId: perpetual!.id, fingerprint: 'old-linux-0003', releasedAt: new Date(), releasedReason: 'deactivated' },
    ]);

    const { tokens } = await signInThroughIdp(t, { email, password: 'correct horse battery', signUp: true });
    const read = async () => {
      const response = await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(response.statusCode).toBe(200);
      return accountDataSchema.parse(response.json());
    };
    let data = await read();
    const byKey = (key: string) => data.licensespring_licenses.find((licence) => licence.license_key === key);
    expect(byKey(perpetual!.key)).toEqual({ product_name: 'reMIDI 4', license_key: perpetual!.key, status: 'Active', activations_used: 2, expiration: null });
    expect(byKey(trialLicence!.key)).toMatchObject({ status: 'Active', activations_used: 0, expiration: trialLicence!.expiresAt!.toISOString() });
    const trialOrder = data.orders.find((order) => order.order_reference === trial.data.reference)!;
    expect(trialOrder.licenses).toEqual([expect.objectContaining({ license_key: trialLicence!.key, type: 'trial', status: 'Active' })]);

    // Once the trial has ended it reads 'Expired'; a refunded licence 'Revoked'.
    await t.database.db
      .update(licences)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(licences.id, trialLicence!.id));
    await postWebhook(t.app, t.secret, envelope(testReturn(paid.data, { total: 79 }), { type: 'return.created' }));
    data = await read();
    expect(byKey(trialLicence!.key)).toMatchObject({ status: 'Expired' });
    expect(byKey(perpetual!.key)).toMatchObject({ status: 'Revoked', activations_used: 0 });
    const paidOrder = data.orders.find((order) => order.order_reference === paid.data.reference)!;
    expect(paidOrder.licenses).toEqual([expect.objectContaining({ type: 'perpetual', status: 'Revoked' })]);
  });
});
