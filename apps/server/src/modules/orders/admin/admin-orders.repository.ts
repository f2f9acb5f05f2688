import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { customers, orderItems, orders, refundRequests, refunds, webhookLog } from '#server/db/schema.ts';

type OrderStatus = (typeof orders.$inferSelect)['status'];
type OrderKind = (typeof orders.$inferSelect)['kind'];

/** The back office's order filters, resolved: instants, normalised codes, the search in each of its forms. */
export interface OrderFilter {
  search?: {
    /** As typed (trimmed): a reference or a provider order id. */
    text: string;
    /** Upper-cased: a licence key, or a reference typed in lower case. */
    upper: string;
    /** A `like` pattern for the start of an email: lower-cased, `%`, `_` and `\` escaped. */
    emailPrefix: string;
  };
  start?: Date;
  end?: Date;
  productId?: number;
  status?: OrderStatus;
  /** Upper-cased as the orders store their codes. */
  coupon?: string;
  kind?: OrderKind;
}

/** Where a page starts: after the order with this completion time (PostgreSQL's text, microseconds) and id. */
export interface OrderCursor {
  completedAt: string;
  id: number;
}

/** A line's revenue (tax excluded) and its refunded amount, per the store's money definitions. */
const lineRevenue = sql`(${orderItems.subtotalMinor} - ${orderItems.discountMinor})`;
const lineRefunded = sql`round(${lineRevenue} * ${orderItems.refundedQuantity}::numeric / ${orderItems.quantity})`;

/** The completion time as text exact to the microsecond (a JavaScript date keeps milliseconds): the cursor's key. */
const cursorTime = sql<string>`to_char(${orders.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** What the list and the CSV show of an order and its customer (the list adds its lines' names and refunds). */
const orderColumns = {
  id: orders.id,
  reference: orders.reference,
  kind: orders.kind,
  status: orders.status,
  email: orders.email,
  customerId: orders.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  country: customers.country,
  couponCodes: orders.couponCodes,
  currency: orders.currency,
  taxMinor: orders.taxMinor,
  totalMinor: orders.totalMinor,
  provider: orders.provider,
  providerOrderId: orders.providerOrderId,
  live: orders.live,
  completedAt: orders.completedAt,
  cursorTime,
};

function conditions(filter: OrderFilter, after?: OrderCursor): SQL[] {
  const where: SQL[] = [];
  const { search } = filter;
  if (search) {
    // Each form of the search on its own index, put together: one plan however the text reads.
    where.push(sql`${orders.id} in (
      select o.id from ${orders} o where o.reference in (${search.text}, ${search.upper})
      union all
      select o.id from ${orders} o where o.provider in ('sandbox', 'fastspring', 'store') and o.provider_order_id = ${search.text}
      union all
      select oi.order_id from licences l join ${orderItems} oi on oi.id = l.order_item_id where l.key = ${search.upper}
      union all
      select o.id from ${orders} o where o.email like ${search.emailPrefix}
    )`);
  }
  if (filter.start) where.push(sql`${orders.completedAt} >= ${filter.start.toISOString()}::timestamptz`);
  if (filter.end) where.push(sql`${orders.completedAt} < ${filter.end.toISOString()}::timestamptz`);
  if (filter.productId !== undefined) {
    where.push(sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} = ${filter.productId})`);
  }
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.kind) where.push(eq(orders.kind, filter.kind));
  if (filter.coupon) where.push(sql`${orders.couponCodes} @> array[${filter.coupon}]::text[]`);
  if (after) where.push(sql`(${orders.completedAt}, ${orders.id}) < (${`${after.completedAt}Z`}::timestamptz, ${after.id})`);
  return where;
}

/** Up to `limit` of the orders the filter keeps after the cursor, newest first. */
function newestAfter<Query extends PgSelect>(query: Query, filter: OrderFilter, limit: number, after?: OrderCursor) {
  return query
    .where(and(...conditions(filter, after)))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(limit);
}

/**
 * The back office's reads of the orders module's tables (orders, lines, customers, refunds,
 * refund requests, the webhook log) and its writes of refund requests. `db` may be a transaction.
 */
export function createAdminOrdersRepository(db: Database) {
  return {
    /** A page of orders, newest first, one more than `limit` so the caller knows whether another follows. */
    listOrders(filter: OrderFilter, limit: number, after?: OrderCursor) {
      return newestAfter(
        db
          .select({
            ...orderColumns,
            products: sql<
              string[]
            >`(select coalesce(array_agg(${orderItems.display} order by ${orderItems.id}), '{}') from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
            refundedMinor: sql<number>`(select coalesce(sum(${lineRefunded}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(
              Number,
            ),
          })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .$dynamic(),
        filter,
        limit + 1,
        after,
      );
    },

    /**
     * The sums of every order the filter keeps (not only a page), one row per currency. Orders are
     * counted on their own table and the lines summed in one join grouped by currency (two queries
     * at once): adding the lines up per order first costs three times as much at 100,000 orders.
     */
    async totals(filter: OrderFilter) {
      const [counts, sums] = await Promise.all([
        db
          .select({ currency: orders.currency, orders: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(and(...conditions(filter)))
          .groupBy(orders.currency),
        db
          .select({
            currency: orders.currency,
            totalMinor: sql<number>`coalesce(sum(${lineRevenue}), 0)`.mapWith(Number),
            // Most lines were never refunded: skip the division for them.
            refundedMinor: sql<number>`coalesce(sum(case when ${orderItems.refundedQuantity} = 0 then 0 else ${lineRefunded} end), 0)`.mapWith(Number),
          })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(and(...conditions(filter)))
          .groupBy(orders.currency),
      ]);
      return counts
        .map(({ currency, orders: count }) => {
          const sum = sums.find((row) => row.currency === currency);
          return { currency, orders: count, totalMinor: sum?.totalMinor ?? 0, refundedMinor: sum?.refundedMinor ?? 0 };
        })
        .sort((a, b) => a.currency.localeCompare(b.currency));
    },

    /** A batch of orders for the CSV, newest first, with who bought them. */
    exportOrders(filter: OrderFilter, limit: number, after?: OrderCursor) {
      return newestAfter(db.select(orderColumns).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).$dynamic(), filter, limit, after);
    },

    linesOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.orderId), asc(orderItems.id));
    },

    async findOrder(orderId: number) {
      const [row] = await db
        .select({ order: orders, customer: customers })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId));
      return row;
    },

    /** The order, locked until the transaction ends: refund requests of one order are decided one after the other. */
    async lockOrder(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    refundsOf(orderId: number) {
      return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
    },

    refundRequestsOf(orderId: number) {
      return db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)).orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
    },

    /** The provider events about the order: those linked to it, and those that named its provider order id (a rejected one links to nothing). */
    webhookEventsOf(orderId: number, providerOrderId: string) {
      return db
        .select()
        .from(webhookLog)
        .where(or(eq(webhookLog.orderId, orderId), eq(webhookLog.providerOrderId, providerOrderId)))
        .orderBy(desc(webhookLog.receivedAt), desc(webhookLog.id))
        .limit(200);
    },

    /** Gives up on the order's pending requests asked before `before`: their event never came. */
    async failStaleRequests(orderId: number, before: Date, failure: string) {
      await db
        .update(refundRequests)
        .set({ status: 'failed', failure, completedAt: sql`now()` })
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'pending'), lt(refundRequests.createdAt, before)));
    },

    async pendingRequest(orderId: number) {
      const [row] = await db
        .select()
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'pending')))
        .limit(1);
      return row;
    },

    async insertRequest(request: typeof refundRequests.$inferInsert) {
      const [row] = await db.insert(refundRequests).values(request).returning();
      return row!;
    },

    /** The provider accepted the request: its return id links the request to the provider's event. */
    async setReturnId(requestId: number, providerReturnId: string) {
      await db.update(refundRequests).set({ providerReturnId }).where(eq(refundRequests.id, requestId));
    },

    /** The provider refused (or could not be reached): the request ends, so the order can be refunded again. */
    async markFailed(requestId: number, failure: string) {
      const [row] = await db
        .update(refundRequests)
        .set({ status: 'failed', failure, completedAt: sql`now()` })
        .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'pending')))
        .returning();
      return row;
    },

    async findRequest(requestId: number) {
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
      return row;
    },
  };
}

export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
