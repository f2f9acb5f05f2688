import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema, customerErasedSchema, customerExportSchema, customerListSchema, type CustomerList } from '@store/contracts/admin';
import {
  accounts,
  auditEvents,
  couponReservations,
  coupons,
  creativeLogEntries,
  customers,
  downloadEvents,
  legacyLicences,
  licenceMachines,
  licences,
  lyraConversations,
  mailPreferences,
  oidcPayloads,
  orderItems,
  orders,
  outboxMessages,
  roleGrants,
} from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessTokenFor, adminRequest, routeCollector } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder, type TestOrderInput } from './webhook-fixtures';

const url = (path = '') => `${ADMIN_API_PREFIX}/customers${path}`;

describe.each(TEST_ENGINES)('customers in the back office on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let shopperToken: string;
  const collected = routeCollector(`${ADMIN_API_PREFIX}/customers`);

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000' }, onRoute: collected.onRoute });
    [admin, shopperToken] = await Promise.all([
      accessTokenFor(t, ADMIN_EMAIL).then((token) => adminRequest(t.app, token)),
      accessTokenFor(t, 'nosy@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An order as the payment provider announces it; the order's row. */
  async function buy(email: string, input: TestOrderInput = {}) {
    const data = testOrder({ email, ...input });
    const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.reference, data.reference));
    return row!;
  }

  const customerOf = async (email: string) => (await t.database.db.select().from(customers).where(eq(customers.email, email)))[0]!;

  async function list(query = ''): Promise<CustomerList> {
    const response = await admin('GET', url(query));
    expect(response.statusCode, response.body).toBe(200);
    return customerListSchema.parse(response.json());
  }

  describe('the guard', () => {
    it('answers 401 without a token and 403 to a shopper on every customers route', async () => {
      expect(collected.routes.map(({ method, url: path }) => `${method} ${path}`).sort()).toEqual([
        `GET ${url()}`,
        `GET ${url('/:customerId')}`,
        `GET ${url('/:customerId/export.json')}`,
        `POST ${url('/:customerId/erase')}`,
      ]);
      for (const { method, url: path } of collected.routes) {
        const target = path.replace(':customerId', '1');
        const body = method === 'POST' ? { confirmEmail: 'x@example.com' } : undefined;
        expect((await adminRequest(t.app, undefined)(method as 'GET', target, body)).statusCode).toBe(401);
        expect((await adminRequest(t.app, shopperToken)(method as 'GET', target, body)).statusCode).toBe(403);
      }
    });
  });

  describe('the list', () => {
    beforeAll(async () => {
      await buy('zoe.ng@example.com', { first: 'Zoë' });
      await buy('zoe.ng@example.com', { first: 'Zoë', items: [{ product: 'remidi-4', quantity: 2, subtotal: 158, discount: 15.8 }] });
      await buy('ivan@example.com', { first: 'Иван' });
      await buy('percent_100@example.com', { first: 'Noor' });
    });

    it('lists the newest customers first with their orders and revenue in the store currency', async () => {
      const { customers: rows, currency } = await list();
      expect(currency).toBe('USD');
      const zoe = rows.find((row) => row.email === 'zoe.ng@example.com')!;
      expect(zoe).toMatchObject({ name: 'Zoë Lovelace', country: 'CA', orders: 2, revenueMinor: 7900 + 15800 - 1580, refundedMinor: 0, erasedAt: null });
      expect(zoe.firstOrderAt).not.toBeNull();
      const ids = rows.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('finds by the start of an email (any case, % and _ taken literally) and by part of a name in any alphabet', async () => {
      expect((await list('?q=ZOE.N')).customers.map((row) => row.email)).toEqual(['zoe.ng@example.com']);
      expect((await list('?q=percent_')).customers.map((row) => row.email)).toEqual(['percent_100@example.com']);
      expect((await list('?q=%25')).customers).toEqual([]);
      expect((await list('?q=_')).customers).toEqual([]);
      expect((await list(`?q=${encodeURIComponent('Иван')}`)).customers.map((row) => row.email)).toEqual(['ivan@example.com']);
      expect((await list(`?q=${encodeURIComponent('zoë lovelace')}`)).customers.map((row) => row.email)).toEqual(['zoe.ng@example.com']);
      expect((await list('?q=ample.com')).customers).toEqual([]);
    });

    it('answers emoji, right-to-left text and NUL with an empty list, and an overlong search with a clear 400', async () => {
      for (const q of ['🎹🎶', 'שלום עולם', 'a\u0000b', '\u0000']) {
        const response = await admin('GET', url(`?q=${encodeURIComponent(q)}`));
        expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      }
      const long = await admin('GET', url(`?q=${'x'.repeat(10_000)}`));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('at most 200 characters');
      const badCursor = await admin('GET', url('?after=not-a-cursor'));
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().message).toContain('first page');
      expect((await admin('GET', url('?limit=0'))).statusCode).toBe(400);
    });

    it('pages by keyset: no customer twice or missed, even when new customers arrive between pages', async () => {
      const seen: number[] = [];
      let page = await list('?limit=2');
      seen.push(...page.customers.map((row) => row.id));
      await buy('newcomer@example.com');
      while (page.next) {
        page = await list(`?limit=2&after=${page.next}`);
        seen.push(...page.customers.map((row) => row.id));
      }
      // Every customer there was when paging began, once each; the newcomer is newer than the first page, so on none.
      const newcomer = await customerOf('newcomer@example.com');
      const all = await t.database.db.select({ id: customers.id }).from(customers);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort((a, b) => a - b)).toEqual(
        all
          .map((row) => row.id)
          .filter((id) => id !== newcomer.id)
          .sort((a, b) => a - b),
      );
    });
  });

  describe('one customer, their export and their erasure', () => {
    const email = 'grace.erase@example.com';
    let customerId: number;
    let orderId: number;

    beforeAll(async () => {
      const order = await buy(email, { first: 'Grace', items: [{ product: 'remidi-4', quantity: 1, subtotal: 79 }] });
      orderId = order.id;
      customerId = order.customerId;
      await signInThroughIdp(t, { email, password: ADMIN_PASSWORD, signUp: true, givenName: 'Grace', familyName: 'Hopper' });
      const db = t.database.db;
      const [licence] = await db.select().from(licences).where(eq(licences.customerId, customerId));
      await db
        .insert(licenceMachines)
        .values({ licenceId: licence!.id, fingerprint: 'fp-grace', name: "Grace's MacBook", platform: 'macos', appVersion: '4.0.0' });
      const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      await db.insert(downloadEvents).values({ customerId, orderId, productId: line!.productId, version: '4.0.0', filename: 'remidi-4.dmg', os: 'macos' });
      await db.insert(mailPreferences).values({ email, releaseEmails: true });
      await db.insert(lyraConversations).values({ owner: email, influencer: 'lyra', title: 'A song for my cat' });
      await db.insert(creativeLogEntries).values({ owner: email, influencer: 'lyra', type: 'wish', data: { text: 'a song for my cat' } });
      await db.insert(legacyLicences).values({ key: 'OLD-GRACE-KEY', product: 'remidi-3', email });
      const [coupon] = await db.select().from(coupons).limit(1);
      await db.insert(couponReservations).values({ couponId: coupon!.id, providerOrderId: 'sandbox-grace', email });
    });

    it('shows the customer with orders, licences and computers, downloads, the verified account, consent and emails', async () => {
      const response = await admin('GET', url(`/${customerId}`));
      expect(response.statusCode, response.body).toBe(200);
      const detail = customerDetailSchema.parse(response.json());
      expect(detail.customer).toMatchObject({ email, firstName: 'Grace', country: 'CA', erasedAt: null });
      expect(detail.orders).toMatchObject([{ id: orderId, email, kind: 'sale', totalMinor: 7900, refundedMinor: 0, products: ['reMIDI 4'] }]);
      expect(detail.licences).toHaveLength(1);
      expect(detail.licences[0]!.machines).toMatchObject([{ name: "Grace's MacBook", platform: 'macos' }]);
      expect(detail.downloads).toMatchObject([{ productName: 'reMIDI 4', version: '4.0.0', filename: 'remidi-4.dmg', os: 'macos' }]);
      expect(detail.account).toMatchObject({ provider: 'embedded', account: { emailVerified: true } });
      if (detail.account.provider === 'embedded') expect(detail.account.account!.lastSignedInAt).not.toBeNull();
      expect(detail.marketing).toMatchObject({ releaseEmails: true });
      expect(detail.emails.map((message) => message.kind)).toEqual(expect.arrayContaining(['verify-email']));
      expect(detail.administrator).toBe(false);
      expect((await admin('GET', url('/999999'))).statusCode).toBe(404);
      expect((await admin('GET', url('/abc'))).statusCode).toBe(400);
    });

    it('exports everything as a JSON download, without the password hash or tokens, and audits it', async () => {
      const response = await admin('GET', url(`/${customerId}/export.json`));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="customer-${customerId}.json"`);
      expect(response.headers['content-type']).toContain('application/json');
      const exported = customerExportSchema.parse(response.json());
      expect(exported.customer).toMatchObject({ email, firstName: 'Grace' });
      expect(exported.orders).toMatchObject([{ id: orderId, totalMinor: 7900, lines: [{ display: 'reMIDI 4' }] }]);
      expect(exported.licences).toMatchObject([{ machines: [{ name: "Grace's MacBook" }] }]);
      expect(exported.account).toMatchObject({ email, emailVerified: true });
      expect(exported.emails.length).toBeGreaterThan(0);
      expect(exported.emails[0]).toHaveProperty('textBody');
      expect(exported.lyraConversations).toMatchObject([{ title: 'A song for my cat' }]);
      expect(exported.lyraCreativeLog).toHaveLength(1);
      expect(exported.legacyLicences).toMatchObject([{ key: 'OLD-GRACE-KEY' }]);
      expect(exported.couponReservations).toHaveLength(1);
      expect(exported.mailPreferences).toMatchObject({ releaseEmails: true });
      expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt\$|tokenHash/);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'customer.export'), eq(auditEvents.subjectId, String(customerId))));
      expect(audit).toMatchObject({ actor: ADMIN_EMAIL, subjectType: 'customer', before: null, after: null });
    });

    it('refuses an erasure without the exact email typed, and changes nothing', async () => {
      for (const confirmEmail of ['', 'someone@example.com']) {
        const response = await admin('POST', url(`/${customerId}/erase`), { confirmEmail });
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toContain("Type the customer's email address to confirm");
      }
      expect((await admin('POST', url(`/${customerId}/erase`), {})).statusCode).toBe(400);
      expect((await customerOf(email)).erasedAt).toBeNull();
    });

    it("refuses to erase an administrator's data until the role is removed", async () => {
      await buy(ADMIN_EMAIL);
      const owner = await customerOf(ADMIN_EMAIL);
      const response = await admin('POST', url(`/${owner.id}/erase`), { confirmEmail: ADMIN_EMAIL });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('remove their administrator role first');
      await t.database.db.insert(roleGrants).values({ email: 'granted@example.com', role: 'admin', grantedBy: ADMIN_EMAIL });
      await buy('granted@example.com');
      const granted = await customerOf('granted@example.com');
      expect((await admin('POST', url(`/${granted.id}/erase`), { confirmEmail: 'granted@example.com' })).statusCode).toBe(409);
    });

    it('erases the person everywhere, keeps the order amounts and the licence, and says so when asked twice', async () => {
      const db = t.database.db;
      const [account] = await db.select().from(accounts).where(eq(accounts.email, email));
      expect(await db.$count(oidcPayloads, eq(oidcPayloads.accountId, account!.id))).toBeGreaterThan(0);
      const [orderBefore] = await db.select().from(orders).where(eq(orders.id, orderId));

      const response = await admin('POST', url(`/${customerId}/erase`), { confirmEmail: ' GRACE.Erase@example.com ' });
      expect(response.statusCode, response.body).toBe(200);
      const erased = customerErasedSchema.parse(response.json());
      const placeholder = `erased-${customerId}@erased.invalid`;
      expect(erased.email).toBe(placeholder);

      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      expect(customer).toMatchObject({ email: placeholder, firstName: null, lastName: null, region: null, city: null, postalCode: null, country: 'CA' });
      expect(customer!.erasedAt).not.toBeNull();
      const [orderAfter] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(orderAfter).toEqual({ ...orderBefore, email: placeholder });
      expect(await db.$count(accounts, eq(accounts.email, email))).toBe(0);
      expect(await db.$count(oidcPayloads, eq(oidcPayloads.accountId, account!.id))).toBe(0);
      expect(await db.$count(outboxMessages, eq(outboxMessages.toAddress, email))).toBe(0);
      const scrubbed = await db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, placeholder));
      expect(scrubbed.length).toBeGreaterThan(0);
      for (const message of scrubbed) expect(message).toMatchObject({ subject: '[erased]', textBody: '', htmlBody: '' });
      expect(await db.$count(mailPreferences, eq(mailPreferences.email, email))).toBe(0);
      expect(await db.$count(lyraConversations, eq(lyraConversations.owner, email))).toBe(0);
      expect(await db.$count(creativeLogEntries, eq(creativeLogEntries.owner, email))).toBe(0);
      const [legacy] = await db.select().from(legacyLicences).where(eq(legacyLicences.key, 'OLD-GRACE-KEY'));
      expect(legacy!.email).toBeNull();
      expect(await db.$count(couponReservations, eq(couponReservations.email, email))).toBe(0);
      expect(await db.$count(couponReservations, eq(couponReservations.email, placeholder))).toBe(1);
      const [licence] = await db.select().from(licences).where(eq(licences.customerId, customerId));
      expect(licence!.status).toBe('active');
      const [machine] = await db.select().from(licenceMachines).where(eq(licenceMachines.licenceId, licence!.id));
      expect(machine).toMatchObject({ name: null, fingerprint: 'fp-grace' });

      // No table holds the address any more (the audit log names the customer by id only).
      const [leftovers] = await db
        .execute<{ n: number }>(sql`select count(*)::int as n from audit_events where before::text ilike ${'%grace%'} or after::text ilike ${'%grace%'}`)
        .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
      expect(leftovers!.n).toBe(0);
      const [audit] = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'customer.erase'), eq(auditEvents.subjectId, String(customerId))));
      expect(audit).toMatchObject({ actor: ADMIN_EMAIL, before: null, after: null });

      expect((await list(`?q=${encodeURIComponent(email)}`)).customers).toEqual([]);
      expect((await list('?q=grace')).customers).toEqual([]);
      const detail = customerDetailSchema.parse((await admin('GET', url(`/${customerId}`))).json());
      expect(detail.customer).toMatchObject({ email: placeholder, firstName: null });
      expect(detail.customer.erasedAt).not.toBeNull();
      expect(detail.orders).toMatchObject([{ id: orderId, email: placeholder, totalMinor: 7900 }]);
      expect(detail.account).toEqual({ provider: 'embedded', account: null });

      const again = await admin('POST', url(`/${customerId}/erase`), { confirmEmail: placeholder });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('already erased on');
    });

    it('lets the same address buy again as a new customer', async () => {
      await buy(email, { first: 'Grace' });
      const fresh = await customerOf(email);
      expect(fresh.id).not.toBe(customerId);
      expect(fresh.erasedAt).toBeNull();
    });
  });
});
