import { eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  couponReportSchema,
  dashboardSchema,
  DAY_RANGE_ORDER_MESSAGE,
  productReportSchema,
  REPORT_RANGE_TOO_LONG_MESSAGE,
  revenueReportSchema,
  trialReportSchema,
} from '@store/contracts/admin';
import {
  customers,
  licences,
  lyraUnansweredQuestions,
  orderItems,
  orders,
  outboxMessages,
  productFiles,
  productVersions,
  products,
  refunds,
  webhookLog,
} from '../src/db/schema';
import { ADMIN_API_PREFIX } from '../src/modules/access/admin-api';
import { accessTokenFor, adminRequest, adminTestApp, routeCollector } from './admin-fixtures';
import { TEST_ENGINES, type TestApp } from './helpers';

const TIME_ZONE = 'America/New_York';

describe.each(TEST_ENGINES)('the dashboard and sales reports on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let shopper: ReturnType<typeof adminRequest>;
  const collected = routeCollector(ADMIN_API_PREFIX);
  let paidA: { id: number; path: string; name: string };
  let paidB: { id: number; path: string; name: string };
  let trialOfA: { id: number; path: string; name: string };
  let currency: string;
  let sequence = 0;

  async function customer(email: string) {
    const [row] = await t.database.db.insert(customers).values({ email }).onConflictDoNothing().returning({ id: customers.id });
    if (row) return row.id;
    return (await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)))[0]!.id;
  }

  /** An order written as the orders pipeline records one; returns its lines' ids. */
  async function order(options: {
    at: string;
    email?: string;
    currency?: string;
    kind?: 'sale' | 'complimentary';
    coupons?: string[];
    lines: Array<{ product: { id: number; path: string; name: string }; quantity: number; subtotal: number; discount?: number; refunded?: number }>;
  }) {
    sequence += 1;
    const email = options.email ?? `buyer${sequence}@example.com`;
    const customerId = await customer(email);
    const subtotal = options.lines.reduce((sum, line) => sum + line.subtotal, 0);
    const discount = options.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
    const [row] = await t.database.db
      .insert(orders)
      .values({
        reference: `REP-${sequence}`,
        provider: options.kind === 'complimentary' ? 'store' : 'sandbox',
        kind: options.kind ?? 'sale',
        providerOrderId: `rep-${sequence}`,
        customerId,
        email,
        currency: options.currency ?? currency,
        subtotalMinor: subtotal,
        discountMinor: discount,
        totalMinor: subtotal - discount,
        couponCodes: options.coupons ?? [],
        live: false,
        completedAt: new Date(options.at),
        status: options.lines.some((line) => line.refunded) ? 'partially_refunded' : 'completed',
      })
      .returning({ id: orders.id });
    const items = await t.database.db
      .insert(orderItems)
      .values(
        options.lines.map((line) => ({
          orderId: row!.id,
          productId: line.product.id,
          productPath: line.product.path,
          display: line.product.name,
          quantity: line.quantity,
          subtotalMinor: line.subtotal,
          discountMinor: line.discount ?? 0,
          refundedQuantity: line.refunded ?? 0,
        })),
      )
      .returning({ id: orderItems.id });
    return { orderId: row!.id, customerId, itemIds: items.map((item) => item.id) };
  }

  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine, { env: { STORE_TIMEZONE: TIME_ZONE }, onRoute: collected.onRoute }));
    currency = t.config.currency;
    shopper = adminRequest(t.app, await accessTokenFor(t, 'shopper@example.com'));
    const db = t.database.db;
    const [trial] = await db
      .select({ id: products.id, path: products.path, name: products.displayName, of: products.trialOfProductId })
      .from(products)
      .where(isNotNull(products.trialOfProductId))
      .limit(1);
    const paid = await db
      .select({ id: products.id, path: products.path, name: products.displayName })
      .from(products)
      .where(isNull(products.trialOfProductId))
      .orderBy(products.id);
    paidA = paid.find((product) => product.id === trial!.of)!;
    paidB = paid.find((product) => product.id !== paidA.id)!;
    trialOfA = { id: trial!.id, path: trial!.path, name: trial!.name };

    // March 2024 in New York. A coupon order: revenue 9000 + 4000.
    await order({
      at: '2024-03-10T16:00:00Z',
      coupons: ['SPRING'],
      lines: [
        { product: paidA, quantity: 1, subtotal: 10_000, discount: 1000 },
        { product: paidB, quantity: 2, subtotal: 4000 },
      ],
    });
    // 23:30 on 31 March in New York is 03:30 on 1 April in UTC: a March sale.
    await order({ at: '2024-04-01T03:30:00Z', lines: [{ product: paidA, quantity: 1, subtotal: 5000 }] });
    // Half of this one is refunded on 2 April: the refund counts in April.
    const refunded = await order({ at: '2024-03-15T15:00:00Z', lines: [{ product: paidA, quantity: 2, subtotal: 10_000, refunded: 1 }] });
    await db
      .insert(refunds)
      .values({ provider: 'sandbox', providerReturnId: 'ret-1', orderId: refunded.orderId, amountMinor: 5000, createdAt: new Date('2024-04-02T15:00:00Z') });
    // Not counted: a complimentary order, and one in another currency.
    await order({ at: '2024-03-12T15:00:00Z', kind: 'complimentary', lines: [{ product: paidA, quantity: 1, subtotal: 0 }] });
    await order({ at: '2024-03-20T15:00:00Z', currency: currency === 'EUR' ? 'USD' : 'EUR', lines: [{ product: paidB, quantity: 1, subtotal: 3000 }] });

    // Trials in March: one converted four days later, one not.
    const converting = await order({ at: '2024-03-05T12:00:00Z', email: 'trier@example.com', lines: [{ product: trialOfA, quantity: 1, subtotal: 0 }] });
    const bought = await order({ at: '2024-03-09T12:00:00Z', email: 'trier@example.com', lines: [{ product: paidA, quantity: 1, subtotal: 2000 }] });
    const lapsed = await order({ at: '2024-03-06T12:00:00Z', lines: [{ product: trialOfA, quantity: 1, subtotal: 0 }] });
    const key = (n: number) => `REPT-0000-0000-000${n}`;
    await db.insert(licences).values([
      {
        key: key(1),
        orderItemId: converting.itemIds[0]!,
        customerId: converting.customerId,
        productId: trialOfA.id,
        seats: 1,
        type: 'trial',
        expiresAt: new Date('2024-03-19T12:00:00Z'),
        createdAt: new Date('2024-03-05T12:00:00Z'),
      },
      {
        key: key(2),
        orderItemId: bought.itemIds[0]!,
        customerId: bought.customerId,
        productId: paidA.id,
        seats: 1,
        createdAt: new Date('2024-03-09T12:00:00Z'),
      },
      {
        key: key(3),
        orderItemId: lapsed.itemIds[0]!,
        customerId: lapsed.customerId,
        productId: trialOfA.id,
        seats: 1,
        type: 'trial',
        expiresAt: new Date('2024-03-20T12:00:00Z'),
        createdAt: new Date('2024-03-06T12:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) => admin('GET', `${ADMIN_API_PREFIX}${path}`);
  const MARCH = 'from=2024-03-01&to=2024-03-31';

  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const routes = collected.routes.filter(({ url }) => url.startsWith(`${ADMIN_API_PREFIX}/reports`) || url === `${ADMIN_API_PREFIX}/dashboard`);
    expect(routes.map(({ url }) => url.replace(ADMIN_API_PREFIX, '')).sort()).toEqual(
      ['/dashboard', ...['revenue', 'products', 'coupons', 'trials'].flatMap((name) => [`/reports/${name}`, `/reports/${name}.csv`])].sort(),
    );
    for (const { method, url } of routes) {
      const anonymous = await adminRequest(t.app, undefined)(method as 'GET', url);
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      const signedIn = await shopper(method as 'GET', url);
      expect({ url, status: signedIn.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it('counts revenue by store day: the 23:30 sale is on 31 March, complimentary and other-currency orders are left out', async () => {
    const response = await get(`/reports/revenue?${MARCH}&interval=day`);
    expect(response.statusCode, response.body).toBe(200);
    const report = revenueReportSchema.parse(response.json());
    expect(report.scope).toEqual({ from: '2024-03-01', to: '2024-03-31', timeZone: TIME_ZONE, currency, otherCurrencyOrders: 1 });
    expect(report.periods).toHaveLength(31);
    expect(report.periods.find((period) => period.period === '2024-03-31')).toEqual({
      period: '2024-03-31',
      orders: 1,
      units: 1,
      revenueMinor: 5000,
      refundedMinor: 0,
      netMinor: 5000,
    });
    // Orders 1, 2, 3 and the paid licence after the trial; the trials' free lines are not sales.
    expect(report.totals).toEqual({ orders: 4, units: 7, revenueMinor: 30_000, refundedMinor: 0, netMinor: 30_000 });
    const april = revenueReportSchema.parse((await get('/reports/revenue?from=2024-04-01&to=2024-04-30')).json());
    expect(april.totals).toEqual({ orders: 0, units: 0, revenueMinor: 0, refundedMinor: 5000, netMinor: -5000 });
  });

  it('groups by ISO week and by month, every period present', async () => {
    const weeks = revenueReportSchema.parse((await get(`/reports/revenue?${MARCH}&interval=week`)).json());
    expect(weeks.periods.map((period) => period.period)).toEqual(['2024-02-26', '2024-03-04', '2024-03-11', '2024-03-18', '2024-03-25']);
    expect(weeks.totals.netMinor).toBe(30_000);
    const months = revenueReportSchema.parse((await get('/reports/revenue?from=2024-02-01&to=2024-04-30&interval=month')).json());
    expect(months.periods.map(({ period, netMinor }) => [period, netMinor])).toEqual([
      ['2024-02-01', 0],
      ['2024-03-01', 30_000],
      ['2024-04-01', -5000],
    ]);
  });

  it('reports per product, per coupon and trial conversion', async () => {
    const productsReport = productReportSchema.parse((await get('/reports/products?from=2024-03-01&to=2024-04-30')).json());
    expect(productsReport.products).toEqual([
      { productId: paidA.id, name: paidA.name, unitsSold: 5, unitsRefunded: 1, revenueMinor: 26_000, refundedMinor: 5000, netMinor: 21_000 },
      { productId: paidB.id, name: paidB.name, unitsSold: 2, unitsRefunded: 0, revenueMinor: 4000, refundedMinor: 0, netMinor: 4000 },
    ]);
    expect(productsReport.totals).toEqual({ unitsSold: 7, unitsRefunded: 1, revenueMinor: 30_000, refundedMinor: 5000, netMinor: 25_000 });

    const couponsReport = couponReportSchema.parse((await get(`/reports/coupons?${MARCH}`)).json());
    expect(couponsReport.coupons).toEqual([{ code: 'SPRING', orders: 1, discountMinor: 1000, revenueMinor: 13_000 }]);

    const trials = trialReportSchema.parse((await get(`/reports/trials?${MARCH}`)).json());
    expect(trials.products).toEqual([{ productId: paidA.id, name: paidA.name, trials: 2, converted: 1, conversionRate: 0.5, medianDaysToConvert: 4 }]);
  });

  it('defaults to the current month', async () => {
    const report = revenueReportSchema.parse((await get('/reports/revenue')).json());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    expect(report.scope.from).toBe(`${today.slice(0, 7)}-01`);
    expect(report.scope.to.slice(0, 7)).toBe(today.slice(0, 7));
  });

  it('refuses dates in the wrong order, a bad interval and a range over three years, with clear messages', async () => {
    const reversed = await get('/reports/products?from=2024-03-31&to=2024-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(DAY_RANGE_ORDER_MESSAGE);
    const csvReversed = await get('/reports/revenue.csv?from=2024-03-31&to=2024-03-01');
    expect(csvReversed.statusCode).toBe(400);
    const interval = await get('/reports/revenue?interval=year');
    expect(interval.statusCode).toBe(400);
    expect(interval.json().message).toContain('Choose day, week or month.');
    const long = await get('/reports/revenue?from=2015-01-01&to=2024-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(REPORT_RANGE_TOO_LONG_MESSAGE);
    const notADate = await get('/reports/coupons?from=yesterday');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toContain('YYYY-MM-DD');
  });

  it('exports each report as CSV: one row per period in major units, a currency column, a named file', async () => {
    const response = await get('/reports/revenue.csv?from=2024-03-30&to=2024-04-02');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="revenue-2024-03-30-2024-04-02.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'Day,Currency,Orders,Units,Revenue,Refunded,Net',
      `2024-03-30,${currency},0,0,0,0,0`,
      `2024-03-31,${currency},1,1,50,0,50`,
      `2024-04-01,${currency},0,0,0,0,0`,
      `2024-04-02,${currency},0,0,0,50,-50`,
      '',
    ]);
    const productsCsv = await get('/reports/products.csv?from=2024-03-01&to=2024-04-30');
    expect(productsCsv.body.split('\r\n').slice(0, 2)).toEqual([
      'Product,Currency,Units sold,Units refunded,Revenue,Refunded,Net',
      `${paidA.name},${currency},5,1,260,50,210`,
    ]);
    expect((await get(`/reports/coupons.csv?${MARCH}`)).body).toContain(`SPRING,${currency},1,10,130`);
    expect((await get(`/reports/trials.csv?${MARCH}`)).body).toContain(`${paidA.name},2,1,50,4`);
  });

  it('shows the dashboard with its figures and every open problem, each with a link to fix it', async () => {
    const db = t.database.db;
    const now = new Date();
    const today = await order({ at: now.toISOString(), lines: [{ product: paidB, quantity: 1, subtotal: 1234 }] });
    await db.insert(outboxMessages).values({
      dedupeKey: 'report-failed-1',
      kind: 'order-confirmation',
      toAddress: 'buyer@example.com',
      subject: 'Your order',
      textBody: 'x',
      htmlBody: 'x',
      status: 'failed',
      attempts: 5,
      lastError: 'SMTP said no',
      orderId: today.orderId,
    });
    await db
      .insert(webhookLog)
      .values({ eventId: 'evt-bad', type: 'order.completed', outcome: 'rejected', message: 'Signature did not match', providerOrderId: 'FS-404' });
    await db.insert(lyraUnansweredQuestions).values({ influencer: 'none', question: 'Does it run on a toaster?' });
    const [file] = await db.select({ versionId: productFiles.versionId }).from(productFiles).limit(1);
    await db.insert(productFiles).values({
      versionId: file!.versionId,
      os: 'linux',
      format: 'missing-format',
      filename: 'gone.tar.gz',
      storageKey: 'nowhere/gone.tar.gz',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
    });
    const [version] = await db.select().from(productVersions).where(eq(productVersions.id, file!.versionId));

    // The first call starts the missing-files check in the background; a loaded machine may take seconds.
    const dashboard = await vi.waitFor(
      async () => {
        const answer = dashboardSchema.parse((await get('/dashboard')).json());
        if (answer.problems.missingFiles.checkedAt === null) throw new Error('the missing-files check has not ended');
        return answer;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(dashboard.today).toMatchObject({ orders: 1, units: 1, revenueMinor: 1234, netMinor: 1234 });
    expect(dashboard.month.revenueMinor).toBeGreaterThanOrEqual(1234);
    expect(dashboard.series).toHaveLength(30);
    expect(dashboard.series.at(-1)).toEqual({ day: dashboard.today.day, revenueMinor: 1234, netMinor: 1234 });
    expect(dashboard.topProducts[0]).toMatchObject({ productId: paidB.id, units: 1, revenueMinor: 1234 });
    expect(dashboard.problems.failedEmails).toEqual({
      count: 1,
      latest: [expect.objectContaining({ subject: 'Your order', lastError: 'SMTP said no', href: `/admin/orders/${today.orderId}` })],
    });
    expect(dashboard.problems.webhookEvents).toEqual({
      count: 1,
      latest: [expect.objectContaining({ eventId: 'evt-bad', outcome: 'rejected', message: 'Signature did not match', href: '/admin/orders?q=FS-404' })],
    });
    expect(dashboard.problems.missingFiles).toMatchObject({
      count: 1,
      files: [{ filename: 'gone.tar.gz', version: version!.version, href: `/admin/products/${version!.productId}/releases`, productName: expect.any(String) }],
    });
    expect(dashboard.lyra).toEqual({ count: 1, latest: [expect.objectContaining({ question: 'Does it run on a toaster?' })] });
  });
});
