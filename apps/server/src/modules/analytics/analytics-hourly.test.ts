import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '#server-test/analytics-fixtures.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#server-test/helpers.ts';
import type { NewAnalyticsEventRow } from '#server/db/schema.ts';
import { createAnalyticsRepository } from './analytics.repository';
import { hourlyRowsSql } from './analytics-hourly';

type Row = { hour: string; dimension: string; value: string; visitors: number; visits: number; pageviews: number; bounces: number; duration: number };

const event = (visitorId: string, at: string, pathname: string, extra: Partial<NewAnalyticsEventRow> = {}) =>
  analyticsEvent(at, visitorId, 'pageview', pathname, extra);

describe.each(TEST_ENGINES)('visits and hourly figures on %s', (engine) => {
  let database: TestDatabase;
  let rows: Row[];
  const figures = (dimension: string, value = '') =>
    rows
      .filter((row) => row.dimension === dimension && row.value === value)
      .map(({ hour, visitors, visits, pageviews, bounces, duration }) => ({ hour, visitors, visits, pageviews, bounces, duration }));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createAnalyticsRepository(database.db).insertEvents([
      // One visitor's day: a visit of three pageviews under 30 minutes apart from a newsletter link...
      event('a', '2026-11-20T10:00:00Z', '/', { referrerHost: 'news.example', utmSource: 'newsletter' }),
      event('a', '2026-11-20T10:20:00Z', '/products/x'),
      event('a', '2026-11-20T10:45:00Z', '/about'),
      // ...a second one after exactly 30 idle minutes, opened by a product view before its only pageview...
      event('a', '2026-11-20T11:15:00Z', '/products/x', { name: 'product_view', props: { product: 'x' } }),
      event('a', '2026-11-20T11:16:00Z', '/products/x'),
      // ...and one at the end of the UTC day, which the next day's first minutes do not continue.
      event('a', '2026-11-20T23:50:00Z', '/'),
      event('a', '2026-11-21T00:05:00Z', '/'),
      event('b', '2026-11-20T11:30:00Z', '/', { referrerHost: 'search.example', device: 'mobile', browser: 'Safari', os: 'iOS' }),
      // A purchase the payment webhook recorded an hour and a half after the visit: not a visit of its own.
      event('d', '2026-11-20T12:00:00Z', '/cart', { referrerHost: 'forum.example' }),
      event('d', '2026-11-20T13:30:00Z', '/checkout', { name: 'purchase', referrerHost: 'forum.example', props: { products: 'x' } }),
      // Outside the span asked for.
      event('c', '2026-11-22T00:00:00Z', '/'),
    ]);
    const result = await database.db.execute(hourlyRowsSql(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-22T00:00:00Z')));
    rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
      hour: new Date(row.hour as string).toISOString(),
      dimension: String(row.dimension),
      value: String(row.value),
      visitors: Number(row.visitors),
      visits: Number(row.visits),
      pageviews: Number(row.pageviews),
      bounces: Number(row.bounces),
      duration: Number(row.duration_seconds),
    }));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('splits visits at a 30-minute gap and at the UTC day, counting visitors in the hour of their first event', () => {
    expect(figures('total').sort((a, b) => a.hour.localeCompare(b.hour))).toEqual([
      { hour: '2026-11-20T10:00:00.000Z', visitors: 1, visits: 1, pageviews: 3, bounces: 0, duration: 45 * 60 },
      { hour: '2026-11-20T11:00:00.000Z', visitors: 1, visits: 2, pageviews: 2, bounces: 2, duration: 60 },
      { hour: '2026-11-20T12:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 1, duration: 0 },
      { hour: '2026-11-20T23:00:00.000Z', visitors: 0, visits: 1, pageviews: 1, bounces: 1, duration: 0 },
      { hour: '2026-11-21T00:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 1, duration: 0 },
    ]);
  });

  it('takes the entry page from the first pageview, and a visit’s source from its first event', () => {
    expect(figures('entry_page', '/products/x')).toEqual([
      { hour: '2026-11-20T11:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 1, duration: 60 },
    ]);
    expect(figures('referrer', 'news.example')).toEqual([
      { hour: '2026-11-20T10:00:00.000Z', visitors: 1, visits: 1, pageviews: 3, bounces: 0, duration: 2700 },
    ]);
    expect(figures('utm_source', 'newsletter')).toEqual([
      { hour: '2026-11-20T10:00:00.000Z', visitors: 1, visits: 1, pageviews: 3, bounces: 0, duration: 2700 },
    ]);
    // The later visits of the same visitor are direct: counted as visits, the visitor once, first at 11:00.
    expect(figures('referrer').filter((row) => row.hour < '2026-11-21')).toEqual([
      { hour: '2026-11-20T11:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 1, duration: 60 },
      { hour: '2026-11-20T23:00:00.000Z', visitors: 0, visits: 1, pageviews: 1, bounces: 1, duration: 0 },
    ]);
    expect(figures('device', 'mobile')).toEqual([{ hour: '2026-11-20T11:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 1, duration: 0 }]);
  });

  it('counts a page’s pageviews in their hour, its visits in the hour they started, its visitors once a day', () => {
    expect(figures('page', '/products/x').sort((a, b) => a.hour.localeCompare(b.hour))).toEqual([
      { hour: '2026-11-20T10:00:00.000Z', visitors: 1, visits: 1, pageviews: 1, bounces: 0, duration: 0 },
      { hour: '2026-11-20T11:00:00.000Z', visitors: 0, visits: 1, pageviews: 1, bounces: 0, duration: 0 },
    ]);
  });

  it('reads only the span asked for', () => {
    expect(rows.every((row) => row.hour >= '2026-11-20' && row.hour < '2026-11-22')).toBe(true);
  });
});
