import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDataSchema } from '@store/contracts';
import { complimentaryLicenceCreatedSchema, complimentaryProductsSchema, licenceDetailSchema, licenceListSchema } from '@store/contracts/admin';
import { auditEvents, customers, entitlements, licences, orderItems, orders, outboxMessages, products } from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { ADMIN_EMAIL, accessTokenFor, adminRequest } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { envelope, postWebhook, testOrder, testReturn } from './webhook-fixtures';

const LICENSING = '/api/licensing/v1';
const DAY_MS = 86_400_000;
let fingerprintSequence = 0;
const fingerprint = () => `desk-${process.pid}-${++fingerprintSequence}-abcdef`;
let addressSequence = 0;
const nextAddress = () => `203.0.113.${(addressSequence++ % 250) + 1}`;

describe.each(TEST_ENGINES)('the licence desk on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let shopper: ReturnType<typeof adminRequest>;
  let anonymous: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000', LICENSING_REQUESTS_PER_MINUTE: '100000', LICENSING_KEY_REQUESTS_PER_MINUTE: '1000' },
    });
    admin = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
    shopper = adminRequest(t.app, await accessTokenFor(t, 'shopper-desk@example.com'));
    anonymous = adminRequest(t.app, undefined);
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = (path = '') => `${ADMIN_API_PREFIX}/licences${path}`;

  const plugin = async (path: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: `${LICENSING}${path}`, payload: body, remoteAddress: nextAddress() });
    return { status: response.statusCode, body: response.json() };
  };
  const activate = (key: string, fp: string, product = 'remidi-4') => plugin('/activate', { licenseKey: key, product, fingerprint: fp, machineName: 'Studio' });
  const validate = (key: string, fp: string, product = 'remidi-4') => plugin('/validate', { licenseKey: key, product, fingerprint: fp });

  /** Buys through the signed order webhook; the new licences of that order. */
  async function buy(email: string, product = 'remidi-4', quantity = 1) {
    const order = testOrder({ email, items: [{ product, quantity, subtotal: 79 }] });
    const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(order));
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ id: licences.id, key: licences.key })
      .from(licences)
      .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.reference, order.reference))
      .orderBy(licences.id);
    return { order, licences: rows };
  }

  const detailOf = async (id: number) => {
    const response = await admin('GET', url(`/${id}`));
    expect(response.statusCode, response.body).toBe(200);
    return licenceDetailSchema.parse(response.json());
  };
  const search = async (query: string) => {
    const response = await admin('GET', url(`?${query}`));
    expect(response.statusCode, response.body).toBe(200);
    return licenceListSchema.parse(response.json());
  };
  const auditActions = async (id: number) =>
    (
      await t.database.db
        .select({ action: auditEvents.action, actor: auditEvents.actor })
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectType, 'licence'), eq(auditEvents.subjectId, String(id))))
        .orderBy(auditEvents.id)
    ).map((row) => row.action);

  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const id = 1;
    const machine = '00000000-0000-4000-8000-000000000000';
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', url()],
      ['GET', url('/complimentary/products')],
      ['POST', url('/complimentary'), { email: 'a@example.com', productId: 1, purpose: 'press' }],
      ['GET', url(`/${id}`)],
      ['POST', url(`/${id}/machines/${machine}/free`)],
      ['POST', url(`/${id}/revoke`), { reason: 'x' }],
      ['POST', url(`/${id}/restore`)],
      ['POST', url(`/${id}/extend-trial`), { days: 3 }],
    ];
    for (const [method, path, body] of routes) {
      expect({ path, status: (await anonymous(method, path, body)).statusCode }).toEqual({ path, status: 401 });
      expect({ path, status: (await shopper(method, path, body)).statusCode }).toEqual({ path, status: 403 });
    }
  });

  it('finds a licence by its key in any case, with or without dashes or spaces, and by the start of the email', async () => {
    const { licences: bought } = await buy('Searchable.Person@Example.com');
    const { key, id } = bought[0]!;
    for (const typed of [key, key.toLowerCase(), key.replaceAll('-', ''), ` ${key.replaceAll('-', ' ')} `]) {
      const list = await search(`q=${encodeURIComponent(typed)}`);
      expect(list.licences.map((row) => row.id)).toEqual([id]);
    }
    const byEmail = await search('q=SEARCHABLE.p');
    expect(byEmail.licences).toEqual([
      expect.objectContaining({
        id,
        key,
        email: 'searchable.person@example.com',
        productName: 'reMIDI 4',
        type: 'perpetual',
        status: 'active',
        activeMachines: 0,
      }),
    ]);
    // Wildcards are literal; any alphabet and emoji are a search that finds nothing, not an error.
    expect((await search(`q=${encodeURIComponent('%')}`)).licences).toEqual([]);
    expect((await search(`q=${encodeURIComponent('_earchable')}`)).licences).toEqual([]);
    expect((await search(`q=${encodeURIComponent('Ωμέγα 🎹 鍵')}`)).licences).toEqual([]);
    const tooLong = await admin('GET', url(`?q=${'x'.repeat(201)}`));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('at most 200 characters');
    expect((await admin('GET', url('?status=lost'))).statusCode).toBe(400);
    expect((await admin('GET', url('?after=nonsense'))).statusCode).toBe(400);
  });

  it('pages newest first and stays stable while licences are issued', async () => {
    for (let index = 0; index < 3; index += 1) await buy(`pager-${index}@example.com`);
    const first = await search('q=pager-&limit=2');
    expect(first.licences.map((row) => row.email)).toEqual(['pager-2@example.com', 'pager-1@example.com']);
    await buy('pager-3@example.com');
    const second = await search(`q=pager-&limit=2&after=${first.next}`);
    expect(second.licences.map((row) => row.email)).toEqual(['pager-0@example.com']);
    expect(second.next).toBeNull();
  });

  it('frees a computer without counting it as the customer’s deactivation; it can activate again', async () => {
    const { licences: bought } = await buy('free-desk@example.com');
    const { key, id } = bought[0]!;
    const fp = fingerprint();
    expect((await activate(key, fp)).status).toBe(201);
    const machineId = (await detailOf(id)).licence.machines[0]!.id;

    const freed = await admin('POST', url(`/${id}/machines/${machineId}/free`));
    expect(freed.statusCode, freed.body).toBe(200);
    const detail = licenceDetailSchema.parse(freed.json());
    expect(detail.licence.machines[0]).toMatchObject({ id: machineId, releasedReason: 'freed', releasedAt: expect.any(String) });
    expect(detail.history[0]).toMatchObject({ event: 'back-office', summary: 'Freed Studio', actor: ADMIN_EMAIL });
    expect((await validate(key, fp)).body.code).toBe('NO_MACHINE');

    const again = await admin('POST', url(`/${id}/machines/${machineId}/free`));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('released already');
    expect((await admin('POST', url(`/${id}/machines/00000000-0000-4000-8000-000000000000/free`))).statusCode).toBe(404);
    expect((await admin('POST', url(`/${id}/machines/not-a-uuid/free`))).statusCode).toBe(400);

    expect((await activate(key, fp)).status).toBe(201);
    const account = await t.app.inject({
      url: '/api/account/licences',
      headers: { authorization: `Bearer ${await accessTokenFor(t, 'free-desk@example.com')}` },
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().licenses[0]).toMatchObject({ deactivationsLeft: 3 });
    expect(await auditActions(id)).toEqual(['licence.free-machine']);
  });

  it('revokes a licence (the plugin is told REVOKED), refuses twice, and restores it (valid once activated again)', async () => {
    const { licences: bought } = await buy('revoke-desk@example.com');
    const { key, id } = bought[0]!;
    const fp = fingerprint();
    expect((await activate(key, fp)).status).toBe(201);
    expect((await validate(key, fp)).body.valid).toBe(true);

    expect((await admin('POST', url(`/${id}/revoke`), { reason: '   ' })).statusCode).toBe(400);
    const revoked = await admin('POST', url(`/${id}/revoke`), { reason: 'Chargeback' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const detail = licenceDetailSchema.parse(revoked.json());
    expect(detail).toMatchObject({ status: 'revoked', restoreBlocked: null, licence: { status: 'revoked', machines: [{ releasedReason: 'revoked' }] } });
    expect(detail.history.filter((entry) => entry.event === 'revoked')).toEqual([]);
    expect(detail.history[0]).toMatchObject({ summary: 'Revoked: Chargeback', actor: ADMIN_EMAIL });
    expect((await validate(key, fp)).body.code).toBe('REVOKED');
    expect((await admin('POST', url(`/${id}/revoke`), { reason: 'Again' })).statusCode).toBe(409);

    const restored = await admin('POST', url(`/${id}/restore`));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(licenceDetailSchema.parse(restored.json())).toMatchObject({ status: 'active', licence: { status: 'active', revokedAt: null } });
    expect((await validate(key, fp)).body.code).toBe('NO_MACHINE');
    expect((await activate(key, fp)).status).toBe(201);
    expect((await validate(key, fp)).body).toMatchObject({ valid: true, code: 'VALID' });
    expect((await admin('POST', url(`/${id}/restore`))).statusCode).toBe(409);
    expect(await auditActions(id)).toEqual(['licence.revoke', 'licence.restore']);
  });

  it('refuses to restore a licence whose purchase was refunded', async () => {
    const { order, licences: bought } = await buy('refunded-desk@example.com');
    const refund = testReturn(order);
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(refund, { type: 'return.created' }))).statusCode).toBe(200);
    const { id } = bought[0]!;
    const detail = await detailOf(id);
    expect(detail.status).toBe('revoked');
    expect(detail.restoreBlocked).toContain('purchase was refunded');
    expect(detail.history[0]).toMatchObject({ event: 'revoked', actor: null });
    const restore = await admin('POST', url(`/${id}/restore`));
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(
      "This licence's purchase was refunded; restoring it would give away the product. Issue a complimentary licence instead.",
    );
    expect((await detailOf(id)).status).toBe('revoked');
  });

  it('extends a trial from its end (or from now once it ended), seen by validate; refuses other licences', async () => {
    const { licences: bought } = await buy('trial-desk@example.com', 'remidi-4-trial');
    const { key, id } = bought[0]!;
    const ended = new Date(Date.now() - DAY_MS);
    await t.database.db.update(licences).set({ type: 'trial', expiresAt: ended }).where(eq(licences.id, id));
    expect((await validate(key, fingerprint())).body.code).toBe('EXPIRED');

    const extended = await admin('POST', url(`/${id}/extend-trial`), { days: 7 });
    expect(extended.statusCode, extended.body).toBe(200);
    const detail = licenceDetailSchema.parse(extended.json());
    const expiresAt = Date.parse(detail.licence.expiresAt!);
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    expect(expiresAt).toBeLessThan(Date.now() + 7 * DAY_MS + 60_000);
    expect(detail.status).toBe('active');
    const fp = fingerprint();
    expect((await activate(key, fp)).status).toBe(201);
    expect((await validate(key, fp)).body).toMatchObject({ valid: true, license: { expiresAt: detail.licence.expiresAt } });

    const again = licenceDetailSchema.parse((await admin('POST', url(`/${id}/extend-trial`), { days: 3 })).json());
    expect(Date.parse(again.licence.expiresAt!) - expiresAt).toBe(3 * DAY_MS);

    expect((await admin('POST', url(`/${id}/extend-trial`), { days: 0 })).statusCode).toBe(400);
    expect((await admin('POST', url(`/${id}/extend-trial`), { days: 366 })).statusCode).toBe(400);
    expect((await admin('POST', url(`/${id}/extend-trial`), {})).statusCode).toBe(400);
    expect((await admin('POST', url(`/${id}/extend-trial`), { until: '2000-01-01T00:00:00Z' })).statusCode).toBe(400);

    const { licences: paid } = await buy('trial-desk-paid@example.com');
    const notTrial = await admin('POST', url(`/${paid[0]!.id}/extend-trial`), { days: 3 });
    expect(notTrial.statusCode).toBe(422);
    expect(notTrial.json().message).toContain('not a trial');
    expect(await auditActions(id)).toEqual(['licence.extend-trial', 'licence.extend-trial']);
    expect((await admin('GET', url('/999999'))).statusCode).toBe(404);
  });

  it('issues a complimentary licence: a $0 complimentary order, the key, the download right, the email, and the account lists it', async () => {
    const [product] = await t.database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    const offered = complimentaryProductsSchema.parse((await admin('GET', url('/complimentary/products'))).json());
    expect(offered.products).toContainEqual({ id: product!.id, displayName: 'reMIDI 4', seats: 3, live: true });
    expect(offered.products.every((candidate) => candidate.seats > 0)).toBe(true);

    const created = await admin('POST', url('/complimentary'), {
      email: '  Press.Person@Example.com ',
      productId: product!.id,
      purpose: 'nfr',
      note: 'Review for Synth Weekly',
      seats: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = complimentaryLicenceCreatedSchema.parse(created.json());
    expect(answer.reference).toMatch(/^COMP-\d{6}-[0-9A-Z]{5}$/);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({ kind: 'complimentary', provider: 'store', totalMinor: 0, subtotalMinor: 0, live: true, email: 'press.person@example.com' });
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.id, answer.licenceId));
    expect(licence).toMatchObject({ key: answer.key, type: 'nfr', seats: 2, status: 'active' });
    expect(await t.database.db.$count(entitlements, eq(entitlements.orderItemId, licence!.orderItemId))).toBe(1);
    const [email] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, answer.orderId));
    expect(email).toMatchObject({ kind: 'order-confirmation', toAddress: 'press.person@example.com' });
    expect(email!.textBody).toContain(answer.key);
    expect(email!.textBody).toContain('(complimentary)');
    const [audited] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'licence.complimentary'));
    expect(audited).toMatchObject({ actor: ADMIN_EMAIL, subjectType: 'licence', subjectId: String(answer.licenceId) });
    expect(audited!.after).toMatchObject({ purpose: 'nfr', note: 'Review for Synth Weekly' });

    const detail = await detailOf(answer.licenceId);
    expect(detail.order).toEqual({ id: answer.orderId, reference: answer.reference, kind: 'complimentary' });
    expect(detail.history.map((entry) => entry.event)).toEqual(expect.arrayContaining(['issued', 'back-office']));

    // The recipient signs up with that address and sees the order, the product and the key.
    const token = await accessTokenFor(t, 'press.person@example.com');
    const account = accountDataSchema.parse((await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } })).json());
    expect(account.orders).toHaveLength(1);
    expect(account.orders[0]).toMatchObject({
      order_reference: answer.reference,
      total: 0,
      kind: 'complimentary',
      licenses: [{ license_key: answer.key, type: 'nfr' }],
      products: [{ product_id: 'remidi-4' }],
    });
    expect((await activate(answer.key, fingerprint())).status).toBe(201);
  });

  it('refuses a malformed email (400 with the field), and a product that cannot be given (422), leaving nothing behind', async () => {
    const [paid] = await t.database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    const ordersBefore = await t.database.db.$count(orders);
    for (const email of ['not-an-email', 'a@b', '', 'ann@@example.com']) {
      const response = await admin('POST', url('/complimentary'), { email, productId: paid!.id, purpose: 'press' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.email).toBeTruthy();
    }
    expect((await admin('POST', url('/complimentary'), { email: 'x@example.com', productId: paid!.id, purpose: 'gift' })).statusCode).toBe(400);

    const [trialProduct] = await t.database.db.select().from(products).where(isNotNull(products.trialOfProductId)).limit(1);
    const [unlicensed] = await t.database.db.select().from(products).where(isNull(products.licenceSeats)).limit(1);
    const candidates = [999_999, trialProduct?.id, unlicensed?.id].filter((id): id is number => id !== undefined);
    for (const productId of candidates) {
      const response = await admin('POST', url('/complimentary'), { email: 'x@example.com', productId, purpose: 'press' });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().fields.productId).toBeTruthy();
    }
    expect(await t.database.db.$count(orders)).toBe(ordersBefore);
    expect(await t.database.db.$count(customers, eq(customers.email, 'x@example.com'))).toBe(0);
  });
});
