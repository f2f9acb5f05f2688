import { isNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDashboardSchema, DAY_RANGE_ORDER_MESSAGE, liveVisitorsSchema, REPORT_RANGE_TOO_LONG_MESSAGE } from '@store/contracts/admin';
import { analyticsEvents, analyticsHourly, analyticsRolledDays, products } from '../src/db/schema';
import { createAnalyticsRepository } from '../src/modules/analytics/analytics.repository';
import { rollUpFinishedDays } from '../src/modules/analytics/analytics-rollups';
import { storeDayOf } from '../src/lib/store-days';
import { accessTokenFor, adminRequest, adminTestApp } from './admin-fixtures';
import { analyticsEvent } from './analytics-fixtures';
import { TEST_ENGINES, type TestApp } from './helpers';

// UTC+1 in March: the store day 2025-03-11 starts at 2025-03-10T23:00Z, inside the UTC day 2025-03-10.
const TIME_ZONE = 'Europe/Berlin';
const RANGE = '/api/admin/analytics?from=2025-03-10&to=2025-03-12';
const RETIRED = 'retired-plugin';

describe.each(TEST_ENGINES)('the analytics dashboard API on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let first: { path: string; name: string };
  let second: { path: string; name: string };
  const dashboard = async (url = RANGE) => {
    const response = await admin('GET', url);
    expect(response.statusCode).toBe(200);
    return analyticsDashboardSchema.parse(response.json());
  };

  beforeAll(async () => {
    ({ t, admin } = await adminTestApp(engine, { env: { STORE_TIMEZONE: TIME_ZONE } }));
    const paid = await t.database.db
      .select({ path: products.path, name: products.displayName })
      .from(products)
      .where(isNull(products.trialOfProductId))
      .orderBy(products.path)
      .limit(2);
    [first, second] = [paid[0]!, paid[1]!];
    const checkout = { checkout: 'c0ffee-c0ffee-c0ffee', products: `${first.path},${second.path}` };
    const productPage = `/products/${first.path}`;
    await createAnalyticsRepository(t.database.db).insertEvents([
      // Visitor a: the whole funnel for the first product (the second was bought without a view).
      analyticsEvent('2025-03-10T09:00:00Z', 'a', 'pageview', '/', { referrerHost: 'news.example', utmSource: 'newsletter' }),
      analyticsEvent('2025-03-10T09:05:00Z', 'a', 'product_view', productPage, { props: { product: first.path } }),
      analyticsEvent('2025-03-10T09:06:00Z', 'a', 'pageview', productPage),
      analyticsEvent('2025-03-10T09:07:00Z', 'a', 'add_to_cart', productPage, { props: { product: first.path } }),
      analyticsEvent('2025-03-10T09:10:00Z', 'a', 'checkout_start', productPage, { props: checkout }),
      analyticsEvent('2025-03-10T09:20:00Z', 'a', 'pageview', '/'),
      analyticsEvent('2025-03-10T09:30:00Z', 'a', 'purchase', '/checkout', { props: checkout }),
      // Visitor b, on the store day after (still the UTC day before): adds to cart before viewing, which does not count.
      analyticsEvent('2025-03-10T23:30:00Z', 'b', 'add_to_cart', productPage, {
        device: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        props: { product: first.path },
      }),
      analyticsEvent('2025-03-10T23:35:00Z', 'b', 'product_view', productPage, {
        device: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        props: { product: first.path },
      }),
      analyticsEvent('2025-03-10T23:35:00Z', 'b', 'pageview', productPage, { device: 'mobile', browser: 'Safari', os: 'iOS' }),
      // Visitor c views the second product and one the catalogue no longer has.
      analyticsEvent('2025-03-12T12:00:00Z', 'c', 'pageview', '/', { referrerHost: 'search.example' }),
      analyticsEvent('2025-03-12T12:01:00Z', 'c', 'product_view', '/', { props: { product: second.path } }),
      analyticsEvent('2025-03-12T12:01:00Z', 'c', 'product_view', '/', { props: { product: RETIRED } }),
      // The previous period (2025-03-07 to 2025-03-09), and days outside both.
      analyticsEvent('2025-03-08T10:00:00Z', 'd', 'pageview', '/'),
      analyticsEvent('2025-03-06T22:30:00Z', 'e', 'pageview', '/'),
      analyticsEvent('2025-03-12T23:30:00Z', 'f', 'pageview', '/'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for administrators only', async () => {
    const shopper = adminRequest(t.app, await accessTokenFor(t, 'shopper@example.com'));
    for (const url of [RANGE, '/api/admin/analytics/live']) {
      expect((await adminRequest(t.app, undefined)('GET', url)).statusCode).toBe(401);
      expect((await shopper('GET', url)).statusCode).toBe(403);
    }
  });

  it('refuses dates in the wrong order, a range over three years and what is not a date, with clear messages', async () => {
    const reversed = await admin('GET', '/api/admin/analytics?from=2025-03-12&to=2025-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(DAY_RANGE_ORDER_MESSAGE);
    const long = await admin('GET', '/api/admin/analytics?from=2015-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(REPORT_RANGE_TOO_LONG_MESSAGE);
    const notADate = await admin('GET', '/api/admin/analytics?to=tomorrow');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toContain('YYYY-MM-DD');
  });

  it('defaults to the last 30 store days, today included', async () => {
    const { scope } = await dashboard('/api/admin/analytics');
    const today = storeDayOf(new Date(), TIME_ZONE);
    expect(scope).toMatchObject({ to: today, timeZone: TIME_ZONE, recording: true });
    expect((Date.parse(scope.to) - Date.parse(scope.from)) / 86_400_000).toBe(29);
    expect((Date.parse(scope.previousTo) - Date.parse(scope.previousFrom)) / 86_400_000).toBe(29);
  });

  it('adds up visitors, visits and pageviews over store days, and compares them with the period before', async () => {
    expect(await t.database.db.select().from(analyticsRolledDays)).toEqual([]);
    const report = await dashboard();
    expect(report.scope).toEqual({
      from: '2025-03-10',
      to: '2025-03-12',
      timeZone: TIME_ZONE,
      previousFrom: '2025-03-07',
      previousTo: '2025-03-09',
      recording: true,
    });
    // Visitor a's visit ends at its last pageview (09:20): the purchase at 09:30 is the provider's, not a visit's.
    expect(report.totals).toEqual({ visitors: 3, visits: 3, pageviews: 5, bounceRate: 2 / 3, visitDurationSeconds: (1200 + 300 + 60) / 3 });
    expect(report.previousTotals).toEqual({ visitors: 1, visits: 1, pageviews: 1, bounceRate: 1, visitDurationSeconds: 0 });
    expect(report.days).toEqual([
      { day: '2025-03-10', visitors: 1, visits: 1, pageviews: 3 },
      { day: '2025-03-11', visitors: 1, visits: 1, pageviews: 1 },
      { day: '2025-03-12', visitors: 1, visits: 1, pageviews: 1 },
    ]);
  });

  it('breaks traffic down by page, entry page, source and device, the busiest first', async () => {
    const report = await dashboard();
    expect(report.pages).toEqual([
      { value: '/', visitors: 2, visits: 2, pageviews: 3 },
      { value: `/products/${first.path}`, visitors: 2, visits: 2, pageviews: 2 },
    ]);
    expect(report.entryPages).toEqual([
      { value: '/', visitors: 2, visits: 2, pageviews: 4 },
      { value: `/products/${first.path}`, visitors: 1, visits: 1, pageviews: 1 },
    ]);
    expect(report.referrers).toEqual([
      { value: null, visitors: 1, visits: 1, pageviews: 1 },
      { value: 'news.example', visitors: 1, visits: 1, pageviews: 3 },
      { value: 'search.example', visitors: 1, visits: 1, pageviews: 1 },
    ]);
    // Only tagged visits: the two untagged ones are not a source.
    expect(report.utmSources).toEqual([{ value: 'newsletter', visitors: 1, visits: 1, pageviews: 3 }]);
    expect(report.devices.map((row) => [row.value, row.visitors])).toEqual([
      ['desktop', 2],
      ['mobile', 1],
    ]);
    expect(report.browsers.map((row) => row.value)).toEqual(['Firefox', 'Safari']);
    expect(report.operatingSystems.map((row) => row.value)).toEqual(['Windows', 'iOS']);
  });

  it('counts a funnel step only after the steps before it, per product and for every product together', async () => {
    const report = await dashboard();
    const [firstFunnel, ...others] = report.funnels;
    expect(firstFunnel).toEqual({
      product: first.path,
      name: first.name,
      steps: [
        { name: 'product_view', visitors: 2, conversion: null },
        { name: 'add_to_cart', visitors: 1, conversion: 0.5 },
        { name: 'checkout_start', visitors: 1, conversion: 1 },
        { name: 'purchase', visitors: 1, conversion: 1 },
      ],
      overallConversion: 0.5,
    });
    // Bought without a view: the second product's funnel starts and ends with c's view.
    const viewedOnce = [
      { product: second.path, name: second.name },
      { product: RETIRED, name: null },
    ].sort((a, b) => a.product.localeCompare(b.product));
    expect(
      others.map(({ product, name, steps, overallConversion }) => ({ product, name, visitors: steps.map((step) => step.visitors), overallConversion })),
    ).toEqual(viewedOnce.map((funnel) => ({ ...funnel, visitors: [1, 0, 0, 0], overallConversion: 0 })));
    expect(report.allProductsFunnel.steps.map((step) => step.visitors)).toEqual([3, 1, 1, 1]);
    expect(report.allProductsFunnel.overallConversion).toBe(1 / 3);
  });

  it('answers the same from rolled-up days as from the raw events, part rolled or all', async () => {
    const repository = createAnalyticsRepository(t.database.db);
    const raw = await dashboard();
    expect(await repository.rollUpDay('2025-03-10')).toBe(true);
    expect(await dashboard()).toEqual(raw);
    const rolled = await rollUpFinishedDays(repository, new Date());
    expect(rolled).toEqual(['2025-03-06', '2025-03-08', '2025-03-12']);
    expect(await dashboard()).toEqual(raw);
    // Read from the rollup now: without the raw events of those days the answer stays the same.
    await t.database.db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, new Date('2025-03-13T00:00:00Z')));
    expect(await dashboard()).toEqual(raw);
    // A day is rolled up once: a second try leaves its rows as they are.
    const rows = await t.database.db.select().from(analyticsHourly);
    expect(await repository.rollUpDay('2025-03-10')).toBe(false);
    expect(await t.database.db.select().from(analyticsHourly)).toEqual(rows);
  });

  it('rolls a day up once when two processes try at the same moment', async () => {
    const events = [analyticsEvent('2025-02-01T10:00:00Z', 'g', 'pageview', '/'), analyticsEvent('2025-02-01T10:01:00Z', 'h', 'pageview', '/')];
    await createAnalyticsRepository(t.database.db).insertEvents(events);
    const outcomes = await Promise.all([
      createAnalyticsRepository(t.database.db).rollUpDay('2025-02-01'),
      createAnalyticsRepository(t.database.db).rollUpDay('2025-02-01'),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    const report = await dashboard('/api/admin/analytics?from=2025-02-01&to=2025-02-01');
    expect(report.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 2 });
  });

  it('counts the distinct visitors of the last 30 minutes', async () => {
    const now = Date.now();
    await createAnalyticsRepository(t.database.db).insertEvents([
      analyticsEvent(new Date(now - 5 * 60_000).toISOString(), 'live-1', 'pageview', '/'),
      analyticsEvent(new Date(now - 4 * 60_000).toISOString(), 'live-1', 'pageview', '/about'),
      analyticsEvent(new Date(now - 20 * 60_000).toISOString(), 'live-2', 'pageview', '/'),
      analyticsEvent(new Date(now - 40 * 60_000).toISOString(), 'gone', 'pageview', '/'),
    ]);
    const response = await admin('GET', '/api/admin/analytics/live');
    expect(response.statusCode).toBe(200);
    const live = liveVisitorsSchema.parse(response.json());
    expect(live).toMatchObject({ visitors: 2, recording: true });
    expect(Math.abs(Date.parse(live.since) - (now - 30 * 60_000))).toBeLessThan(60_000);
  });
});
