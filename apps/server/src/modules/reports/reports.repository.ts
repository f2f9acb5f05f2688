import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
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
} from '#server/db/schema.ts';

/** What a query counts: sales in the store currency between two instants, grouped in the store's time zone. */
export interface ReportWindow {
  start: Date;
  end: Date;
  timeZone: string;
  currency: string;
}

export type PeriodUnit = 'day' | 'week' | 'month';

export interface PeriodRow {
  period: string;
  orders: number;
  units: number;
  revenueMinor: number;
  refundedMinor: number;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const int = (value: unknown) => Number(value ?? 0);
const iso = (value: Date | string) => new Date(value).toISOString();

/** A line's revenue (tax excluded): what every back-office figure adds up. */
const lineRevenue = sql`(${orderItems.subtotalMinor} - ${orderItems.discountMinor})`;
/** A line's refunded amount: its revenue in proportion to the units returned. */
const lineRefunded = sql`round(${lineRevenue}::numeric * ${orderItems.refundedQuantity} / ${orderItems.quantity})`;
/** The store day, week or month an instant falls in, as its first day (`YYYY-MM-DD`). */
const periodOf = (instant: SQL, unit: PeriodUnit, timeZone: string) =>
  sql`to_char(date_trunc(${unit}::text, ${instant} at time zone ${timeZone}::text), 'YYYY-MM-DD')`;
/** A line of a paid product: a trial's free download is counted by the trials report, not as a sale. */
const paidLine = sql`${orderItems.productId} not in (select tp.id from ${products} tp where tp.trial_of_product_id is not null)`;
/** Sales (not complimentary orders) in the store currency. */
const counted = (currency: string) => sql`${orders.kind} = 'sale' and ${orders.currency} = ${currency}`;

/**
 * The orders whose refunds are counted in the window: refunds count when they happen, on the day
 * of the order's latest refund (`refunds.created_at`), for every unit returned by then.
 */
const refundedOrders = (window: ReportWindow) => sql`
  select r.order_id, max(r.created_at) as refunded_at
  from ${refunds} r
  where r.created_at >= ${window.start} and r.created_at < ${window.end}
    and not exists (select 1 from ${refunds} later where later.order_id = r.order_id and later.created_at > r.created_at)
  group by r.order_id`;

/** Figures of the same period added into one row (a figure no part gave is 0), earliest period first. */
function mergePeriods(parts: Array<Partial<PeriodRow> & { period: string }>): PeriodRow[] {
  const byPeriod = new Map<string, PeriodRow>();
  for (const part of parts) {
    const row = byPeriod.get(part.period) ?? { period: part.period, orders: 0, units: 0, revenueMinor: 0, refundedMinor: 0 };
    byPeriod.set(part.period, { ...row, ...part });
  }
  return [...byPeriod.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
}

/**
 * The dashboard's and the reports' queries: read-only, over the orders, refunds, licences, outbox,
 * webhook log, product files and Lyra's unanswered questions. Writes nothing.
 */
export function createReportsRepository(db: Database) {
  return {
    /**
     * Orders, units, revenue (by order day) and refunds (by refund day) per period; only periods with
     * something. Three queries at once: orders counted on their own table, their paid lines summed
     * in one join, the refunds; adding the lines up per order first costs half as much again at
     * 100,000 orders (a per-order aggregate that spills to disk).
     */
    async revenueByPeriod(window: ReportWindow, unit: PeriodUnit): Promise<PeriodRow[]> {
      const period = (instant: SQL) => periodOf(instant, unit, window.timeZone);
      const sold = sql`${orders.completedAt} >= ${window.start} and ${orders.completedAt} < ${window.end} and ${counted(window.currency)}`;
      const [counts, sums, returns] = await Promise.all([
        db.execute(sql`
          select ${period(sql`${orders.completedAt}`)} as period, count(*)::int as orders
          from ${orders}
          where ${sold} and exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${paidLine})
          group by 1`),
        db.execute(sql`
          select ${period(sql`${orders.completedAt}`)} as period, sum(${orderItems.quantity})::int as units, sum(${lineRevenue})::bigint as revenue
          from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${sold} and ${paidLine}
          group by 1`),
        db.execute(sql`
          select ${period(sql`ro.refunded_at`)} as period, sum(${lineRefunded})::bigint as refunded
          from (${refundedOrders(window)}) ro
          join ${orders} on ${orders.id} = ro.order_id join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${counted(window.currency)} and ${orderItems.refundedQuantity} > 0
          group by 1`),
      ]);
      return mergePeriods([
        ...rowsOf<Record<string, unknown>>(counts).map((row) => ({ period: String(row.period), orders: int(row.orders) })),
        ...rowsOf<Record<string, unknown>>(sums).map((row) => ({ period: String(row.period), units: int(row.units), revenueMinor: int(row.revenue) })),
        ...rowsOf<Record<string, unknown>>(returns).map((row) => ({ period: String(row.period), refundedMinor: int(row.refunded) })),
      ]);
    },

    /** Per product: units and revenue sold in the window, units and amounts refunded in it. */
    async byProduct(window: ReportWindow) {
      const result = await db.execute(sql`
        with sold as (
          select ${orderItems.productId} as product_id, sum(${orderItems.quantity})::int as units, sum(${lineRevenue})::bigint as revenue
          from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${orders.completedAt} >= ${window.start} and ${orders.completedAt} < ${window.end} and ${counted(window.currency)} and ${paidLine}
          group by 1
        ), returned as (
          select ${orderItems.productId} as product_id, sum(${orderItems.refundedQuantity})::int as units, sum(${lineRefunded})::bigint as refunded
          from (${refundedOrders(window)}) ro
          join ${orders} on ${orders.id} = ro.order_id join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${counted(window.currency)} and ${orderItems.refundedQuantity} > 0
          group by 1
        )
        select p.id as product_id, p.display_name as name, sold.units as units_sold, sold.revenue, returned.units as units_refunded, returned.refunded
        from sold full join returned on returned.product_id = sold.product_id
        join ${products} p on p.id = coalesce(sold.product_id, returned.product_id)
        order by coalesce(sold.revenue, 0) desc, p.display_name`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        productId: int(row.product_id),
        name: String(row.name),
        unitsSold: int(row.units_sold),
        unitsRefunded: int(row.units_refunded),
        revenueMinor: int(row.revenue),
        refundedMinor: int(row.refunded),
      }));
    },

    /** Per coupon code used by orders in the window: orders, their line discounts and their revenue. */
    async byCoupon(window: ReportWindow) {
      const result = await db.execute(sql`
        select code, count(distinct o.id)::int as orders, sum(o.discount)::bigint as discount, sum(o.revenue)::bigint as revenue
        from (
          select ${orders.id} as id, ${orders.couponCodes} as codes,
            sum(${orderItems.discountMinor}) as discount, sum(${lineRevenue}) as revenue
          from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${orders.completedAt} >= ${window.start} and ${orders.completedAt} < ${window.end} and ${counted(window.currency)}
            and cardinality(${orders.couponCodes}) > 0
          group by ${orders.id}
        ) o cross join lateral unnest(o.codes) as code
        group by code
        order by 3 desc, code`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        code: String(row.code),
        orders: int(row.orders),
        discountMinor: int(row.discount),
        revenueMinor: int(row.revenue),
      }));
    },

    /**
     * Per paid product with a trial: trial licences started in the window, how many a paid licence
     * of that product for the same customer (one customer per email) followed, and the median days.
     */
    async trials(window: Omit<ReportWindow, 'currency'>) {
      const result = await db.execute(sql`
        with started as (
          select t.id, t.customer_id, t.created_at, tp.trial_of_product_id as product_id
          from ${licences} t join ${products} tp on tp.id = t.product_id
          where t.type = 'trial' and tp.trial_of_product_id is not null
            and t.created_at >= ${window.start} and t.created_at < ${window.end}
        ), followed as (
          select s.id, s.product_id,
            (select min(paid.created_at) from ${licences} paid
              where paid.customer_id = s.customer_id and paid.product_id = s.product_id
                and paid.type = 'perpetual' and paid.created_at > s.created_at) as paid_at,
            s.created_at
          from started s
        )
        select f.product_id, p.display_name as name, count(*)::int as trials, count(f.paid_at)::int as converted,
          percentile_cont(0.5) within group (order by extract(epoch from f.paid_at - f.created_at) / 86400) filter (where f.paid_at is not null) as median_days
        from followed f join ${products} p on p.id = f.product_id
        group by f.product_id, p.display_name
        order by p.display_name`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        productId: int(row.product_id),
        name: String(row.name),
        trials: int(row.trials),
        converted: int(row.converted),
        medianDays: row.median_days == null ? null : Number(row.median_days),
      }));
    },

    /** Sales in the window paid in another currency than the store's (left out of the figures). */
    async otherCurrencyOrders(window: ReportWindow): Promise<number> {
      const result = await db.execute(sql`
        select count(*)::int as n from ${orders}
        where ${orders.completedAt} >= ${window.start} and ${orders.completedAt} < ${window.end}
          and ${orders.kind} = 'sale' and ${orders.currency} <> ${window.currency}`);
      return int(rowsOf<{ n: number }>(result)[0]?.n);
    },

    /** Refunds made in the window on sales in the store currency. */
    async refundCount(window: ReportWindow): Promise<number> {
      const result = await db.execute(sql`
        select count(*)::int as n from ${refunds} r join ${orders} on ${orders.id} = r.order_id
        where r.created_at >= ${window.start} and r.created_at < ${window.end} and ${counted(window.currency)}`);
      return int(rowsOf<{ n: number }>(result)[0]?.n);
    },

    async failedEmails(limit: number) {
      const [count, latest] = await Promise.all([
        db.$count(outboxMessages, sql`${outboxMessages.status} = 'failed'`),
        db
          .select({
            id: outboxMessages.id,
            kind: outboxMessages.kind,
            subject: outboxMessages.subject,
            lastError: outboxMessages.lastError,
            createdAt: outboxMessages.createdAt,
            orderId: outboxMessages.orderId,
          })
          .from(outboxMessages)
          .where(sql`${outboxMessages.status} = 'failed'`)
          .orderBy(sql`${outboxMessages.createdAt} desc`, sql`${outboxMessages.id} desc`)
          .limit(limit),
      ]);
      return { count, latest: latest.map((row) => ({ ...row, createdAt: iso(row.createdAt) })) };
    },

    /** Provider events refused or failed since `since`. */
    async webhookProblems(since: Date, limit: number) {
      const problem = sql`${webhookLog.outcome} in ('rejected', 'failed') and ${webhookLog.receivedAt} >= ${since}`;
      const [count, latest] = await Promise.all([
        db.$count(webhookLog, problem),
        db
          .select({
            eventId: webhookLog.eventId,
            type: webhookLog.type,
            outcome: webhookLog.outcome,
            message: webhookLog.message,
            receivedAt: webhookLog.receivedAt,
            orderId: webhookLog.orderId,
            providerOrderId: webhookLog.providerOrderId,
          })
          .from(webhookLog)
          .where(problem)
          .orderBy(sql`${webhookLog.receivedAt} desc`, sql`${webhookLog.id} desc`)
          .limit(limit),
      ]);
      return { count, latest: latest.map((row) => ({ ...row, receivedAt: iso(row.receivedAt) })) };
    },

    async unansweredQuestions(since: Date, limit: number) {
      const recent = sql`${lyraUnansweredQuestions.createdAt} >= ${since}`;
      const [count, latest] = await Promise.all([
        db.$count(lyraUnansweredQuestions, recent),
        db
          .select({ id: lyraUnansweredQuestions.id, question: lyraUnansweredQuestions.question, createdAt: lyraUnansweredQuestions.createdAt })
          .from(lyraUnansweredQuestions)
          .where(recent)
          .orderBy(sql`${lyraUnansweredQuestions.createdAt} desc`, sql`${lyraUnansweredQuestions.id} desc`)
          .limit(limit),
      ]);
      return { count, latest: latest.map((row) => ({ ...row, createdAt: iso(row.createdAt) })) };
    },

    /** Every file the catalogue sells, with where it is stored (for the missing-files check). */
    async storedFiles() {
      const result = await db.execute(sql`
        select f.storage_key, f.filename, v.version, p.id as product_id, p.display_name as product_name
        from ${productFiles} f join ${productVersions} v on v.id = f.version_id join ${products} p on p.id = v.product_id
        order by p.display_name, v.released_at desc, f.filename`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        storageKey: String(row.storage_key),
        filename: String(row.filename),
        version: String(row.version),
        productId: int(row.product_id),
        productName: String(row.product_name),
      }));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
