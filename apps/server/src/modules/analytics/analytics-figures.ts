import { ANALYTICS_TOP_ROWS, FUNNEL_STEPS, type AnalyticsDashboard, type BreakdownRow, type FunnelStepName, type TrafficTotals } from '@store/contracts/admin';
import type { FiguresRow } from './analytics-dashboard.repository';
import { funnelOf, shareOf } from './analytics-funnel';

/** How many products get a funnel of their own, the most viewed first. */
export const FUNNEL_PRODUCTS = 20;
/** The value the rollup gives the funnel of every product together. */
export const ALL_PRODUCTS = '*';
const FUNNEL_PREFIX = 'funnel:';

type Sums = Pick<FiguresRow, 'visitors' | 'visits' | 'pageviews' | 'bounces' | 'durationSeconds'>;
const zero = (): Sums => ({ visitors: 0, visits: 0, pageviews: 0, bounces: 0, durationSeconds: 0 });
function addInto(sums: Sums, row: Sums): Sums {
  sums.visitors += row.visitors;
  sums.visits += row.visits;
  sums.pageviews += row.pageviews;
  sums.bounces += row.bounces;
  sums.durationSeconds += row.durationSeconds;
  return sums;
}

export function totalsOf(rows: FiguresRow[]): TrafficTotals {
  const sums = rows.reduce(addInto, zero());
  const duration = shareOf(sums.durationSeconds, sums.visits);
  return {
    visitors: sums.visitors,
    visits: sums.visits,
    pageviews: sums.pageviews,
    bounceRate: shareOf(sums.bounces, sums.visits),
    visitDurationSeconds: duration === null ? null : Math.round(duration),
  };
}

/** Every store day of the range, in order, with the current period's totals of that day (0 when none). */
export function daysOf(rows: FiguresRow[], storeDays: string[]): AnalyticsDashboard['days'] {
  const byDay = new Map<string, Sums>();
  for (const row of rows) if (row.day) byDay.set(row.day, addInto(byDay.get(row.day) ?? zero(), row));
  return storeDays.map((day) => {
    const sums = byDay.get(day) ?? zero();
    return { day, visitors: sums.visitors, visits: sums.visits, pageviews: sums.pageviews };
  });
}

/**
 * A dimension's busiest values ('' is "none": null), by `rank`, then by value for a stable order.
 * `taggedOnly` leaves "none" out (UTM sources list the tagged visits, not the untagged rest).
 */
export function breakdownOf(
  rows: FiguresRow[],
  dimension: string,
  { rank = 'visitors', taggedOnly = false }: { rank?: 'visitors' | 'pageviews'; taggedOnly?: boolean } = {},
): BreakdownRow[] {
  return rows
    .filter((row) => row.dimension === dimension && !(taggedOnly && row.value === ''))
    .sort((a, b) => b[rank] - a[rank] || b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, ANALYTICS_TOP_ROWS)
    .map((row) => ({ value: row.value === '' ? null : row.value, visitors: row.visitors, visits: row.visits, pageviews: row.pageviews }));
}

/** Each product's visitors per funnel step, in FUNNEL_STEPS order. */
export function funnelVisitors(rows: FiguresRow[]): Map<string, number[]> {
  const byProduct = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.dimension.startsWith(FUNNEL_PREFIX)) continue;
    const step = FUNNEL_STEPS.indexOf(row.dimension.slice(FUNNEL_PREFIX.length) as FunnelStepName);
    if (step < 0) continue;
    const visitors = byProduct.get(row.value) ?? FUNNEL_STEPS.map(() => 0);
    visitors[step]! += row.visitors;
    byProduct.set(row.value, visitors);
  }
  return byProduct;
}

/** The most viewed products' funnels (named from the catalogue, null when gone) and every product's together. */
export function funnelsOf(rows: FiguresRow[], names: Map<string, string>): Pick<AnalyticsDashboard, 'funnels' | 'allProductsFunnel'> {
  const byProduct = funnelVisitors(rows);
  const all = byProduct.get(ALL_PRODUCTS) ?? FUNNEL_STEPS.map(() => 0);
  const funnels = [...byProduct.entries()]
    .filter(([product]) => product !== ALL_PRODUCTS)
    .sort(([a, first], [b, second]) => second[0]! - first[0]! || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FUNNEL_PRODUCTS)
    .map(([product, visitors]) => ({ product, name: names.get(product) ?? null, ...funnelOf(visitors) }));
  return { funnels, allProductsFunnel: funnelOf(all) };
}

/** The products whose funnels are shown: the most viewed. */
export function funnelProducts(rows: FiguresRow[]): string[] {
  return funnelsOf(rows, new Map()).funnels.map((funnel) => funnel.product);
}
