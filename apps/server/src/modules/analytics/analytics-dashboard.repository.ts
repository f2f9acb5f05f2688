import { and, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { analyticsEvents, analyticsHourly, analyticsRolledDays, products } from '#server/db/schema.ts';
import { hourlyRowsSql } from './analytics-hourly';

/** Instants `[start, end)`. */
export interface Span {
  start: Date;
  end: Date;
}

/** What the dashboard reads: the previous period's start, the current period, and the days not rolled up yet. */
export interface FiguresQuery {
  previousStart: Date;
  current: Span;
  timeZone: string;
  /** Whole UTC days read from the raw events; every other hour is read from `analytics_hourly`. */
  rawSpans: Span[];
}

/** Figures of one dimension's value, added up over the current period or the previous one (then `total` only). */
export interface FiguresRow {
  dimension: string;
  value: string;
  current: boolean;
  /** The store day, for the `total` dimension only. */
  day: string | null;
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  durationSeconds: number;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const inside = (span: Span) => sql`(hour >= ${span.start} and hour < ${span.end})`;

/**
 * Hourly rows added up per dimension's value, period and (for the totals) store day; rows of the
 * current period only are grouped by value alone, which the planner then hashes in memory.
 */
async function grouped(db: Database, { current, timeZone }: FiguresQuery, hourly: SQL, currentOnly = false): Promise<FiguresRow[]> {
  const period = currentOnly
    ? sql`true as current, null::text as day`
    : sql`hour >= ${current.start} as current, case when dimension = 'total' then to_char(hour at time zone ${timeZone}::text, 'YYYY-MM-DD') end as day`;
  const result = await db.execute(sql`
    select dimension, value, ${period},
      sum(visitors)::bigint as visitors, sum(visits)::bigint as visits, sum(pageviews)::bigint as pageviews,
      sum(bounces)::bigint as bounces, sum(duration_seconds)::bigint as duration_seconds
    from (${hourly}) hourly
    group by ${currentOnly ? sql`1, 2` : sql`1, 2, 3, 4`}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    dimension: String(row.dimension),
    value: String(row.value),
    current: row.current === true,
    day: row.day === null ? null : String(row.day),
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    pageviews: Number(row.pageviews),
    bounces: Number(row.bounces),
    durationSeconds: Number(row.duration_seconds),
  }));
}

/** Rows of the same dimension, value, period and day (from stored hours and raw days) added into one. */
export function addUpFigures(rows: FiguresRow[]): FiguresRow[] {
  const byKey = new Map<string, FiguresRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.dimension, row.value, row.current, row.day]);
    const sum = byKey.get(key);
    if (!sum) byKey.set(key, { ...row });
    else for (const figure of ['visitors', 'visits', 'pageviews', 'bounces', 'durationSeconds'] as const) sum[figure] += row[figure];
  }
  return [...byKey.values()];
}

/** The dashboard's reads over the analytics tables and the catalogue's product names. Writes nothing. */
export function createAnalyticsDashboardRepository(db: Database) {
  return {
    /** The UTC days from `first` to `last` (inclusive) already rolled up. */
    async rolledDays(first: string, last: string): Promise<string[]> {
      const rows = await db
        .select({ day: analyticsRolledDays.day })
        .from(analyticsRolledDays)
        .where(and(gte(analyticsRolledDays.day, first), lte(analyticsRolledDays.day, last)));
      return rows.map((row) => row.day);
    },

    /**
     * Every dimension's values added up over the current period, and the totals of the previous
     * one, the totals also per store day. The stored hours and each run of raw days are asked at
     * once (on PostgreSQL each on its own connection) and added up here: the same SQL made both.
     */
    async figures(query: FiguresQuery): Promise<FiguresRow[]> {
      const { previousStart, current, rawSpans } = query;
      const notRaw = sql.join(
        rawSpans.map((span) => sql` and not ${inside(span)}`),
        sql``,
      );
      const parts = await Promise.all([
        // The totals of both periods, per store day: one row per hour at most.
        grouped(db, query, sql`select * from ${analyticsHourly} where dimension = 'total' and hour >= ${previousStart} and hour < ${current.end} ${notRaw}`),
        grouped(
          db,
          query,
          sql`select * from ${analyticsHourly} where dimension <> 'total' and hour >= ${current.start} and hour < ${current.end} ${notRaw}`,
          true,
        ),
        ...rawSpans.map((span) =>
          grouped(
            db,
            query,
            sql`select * from (${hourlyRowsSql(span.start, span.end)}) raw
              where hour >= ${previousStart} and hour < ${current.end} and (dimension = 'total' or hour >= ${current.start})`,
          ),
        ),
      ]);
      return addUpFigures(parts.flat());
    },

    /** Distinct visitors with an event after `since` (read through the events' time index). */
    async visitorsSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ visitors: sql<number>`count(distinct ${analyticsEvents.visitorId})::int` })
        .from(analyticsEvents)
        .where(gt(analyticsEvents.occurredAt, since));
      return Number(row?.visitors ?? 0);
    },

    /** The catalogue's current names of the products at these paths; a path no longer there is absent. */
    async productNames(paths: string[]): Promise<Map<string, string>> {
      if (paths.length === 0) return new Map();
      const rows = await db.select({ path: products.path, name: products.displayName }).from(products).where(inArray(products.path, paths));
      return new Map(rows.map((row) => [row.path, row.name]));
    },
  };
}

export type AnalyticsDashboardRepository = ReturnType<typeof createAnalyticsDashboardRepository>;
