import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { couponRedemptions, customers, orderItems, orders, refunds, type CustomerRow } from '#server/db/schema.ts';

/** A page of the customer list starts strictly after this customer (newest first). */
export interface CustomerPosition {
  /** `created_at` as PostgreSQL writes it (microseconds kept: a JavaScript date would lose them). */
  createdAt: string;
  id: number;
}

export interface CustomerListFilter {
  search?: string;
  after?: CustomerPosition;
  limit: number;
}

export interface CustomerTotals {
  orders: number;
  revenueMinor: number;
  refundedMinor: number;
  firstOrderAt: Date | null;
  lastOrderAt: Date | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A line's revenue and the part of it refunded (docs/behaviour/back-office.md, money). */
const lineRevenue = sql<string>`${orderItems.subtotalMinor} - ${orderItems.discountMinor}`;
const lineRefunded = sql<string>`round((${orderItems.subtotalMinor} - ${orderItems.discountMinor})::numeric * ${orderItems.refundedQuantity} / ${orderItems.quantity})`;

/**
 * The back office's reads and the privacy writes of the orders module's customers and orders
 * (`db` may be a transaction). Order amounts, lines and refunds are never changed here.
 */
export function createCustomersRepository(db: Database) {
  return {
    /** Newest first, one more than `limit` so the caller knows whether there is a next page. */
    async list(filter: CustomerListFilter): Promise<Array<CustomerRow & { position: string }>> {
      const conditions: SQL[] = [];
      if (filter.search) {
        const term = escapeLike(filter.search);
        const name = sql`coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')`;
        conditions.push(or(like(customers.email, `${term.toLowerCase()}%`), sql`${name} ilike ${`%${term}%`}`)!);
      }
      if (filter.after) {
        conditions.push(sql`(${customers.createdAt}, ${customers.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id})`);
      }
      const rows = await db
        .select({ customer: customers, position: sql<string>`${customers.createdAt}::text` })
        .from(customers)
        .where(and(...conditions))
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(filter.limit + 1);
      return rows.map((row) => ({ ...row.customer, position: row.position }));
    },

    /** With `lock`, the row stays locked until the transaction ends (two erasures take turns). */
    async find(id: number, options: { lock?: boolean } = {}): Promise<CustomerRow | undefined> {
      const query = db.select().from(customers).where(eq(customers.id, id)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Orders (all kinds, any currency), and the revenue and refunds of sales in `currency`, per customer. */
    async totals(customerIds: number[], currency: string): Promise<Map<number, CustomerTotals>> {
      if (customerIds.length === 0) return new Map();
      const [counts, money] = await Promise.all([
        db
          .select({
            customerId: orders.customerId,
            orders: sql<number>`count(*)::int`,
            firstOrderAt: sql<string>`min(${orders.completedAt})`,
            lastOrderAt: sql<string>`max(${orders.completedAt})`,
          })
          .from(orders)
          .where(inArray(orders.customerId, customerIds))
          .groupBy(orders.customerId),
        db
          .select({
            customerId: orders.customerId,
            revenueMinor: sql<string>`sum(${lineRevenue})`,
            refundedMinor: sql<string>`sum(${lineRefunded})`,
          })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(and(inArray(orders.customerId, customerIds), eq(orders.kind, 'sale'), eq(orders.currency, currency)))
          .groupBy(orders.customerId),
      ]);
      const totals = new Map<number, CustomerTotals>();
      for (const row of counts) {
        const sums = money.find((candidate) => candidate.customerId === row.customerId);
        totals.set(row.customerId, {
          orders: Number(row.orders),
          revenueMinor: Number(sums?.revenueMinor ?? 0),
          refundedMinor: Number(sums?.refundedMinor ?? 0),
          firstOrderAt: row.firstOrderAt ? new Date(row.firstOrderAt) : null,
          lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt) : null,
        });
      }
      return totals;
    },

    /** The customer's orders, newest first, with what each line sold and the refunded part. */
    async ordersOf(customerId: number) {
      const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.completedAt), desc(orders.id));
      const lines =
        rows.length === 0
          ? []
          : await db
              .select({ line: orderItems, revenueMinor: lineRevenue, refundedMinor: lineRefunded })
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(orderItems.id));
      return rows.map((order) => {
        const own = lines.filter((row) => row.line.orderId === order.id);
        return {
          order,
          lines: own.map((row) => ({ ...row.line, revenueMinor: Number(row.revenueMinor), refundedMinor: Number(row.refundedMinor) })),
          refundedMinor: own.reduce((sum, row) => sum + Number(row.refundedMinor), 0),
        };
      });
    },

    /** The refunds and coupon redemptions of these orders (for the privacy export). */
    async refundsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));
    },

    async redemptionsOf(customerId: number) {
      return db.select().from(couponRedemptions).where(eq(couponRedemptions.customerId, customerId)).orderBy(asc(couponRedemptions.id));
    },

    /** Erasure: the person's details go; the country stays for the tax records. */
    async anonymiseCustomer(id: number, placeholder: string, at: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ email: placeholder, firstName: null, lastName: null, region: null, city: null, postalCode: null, erasedAt: at, updatedAt: at })
        .where(eq(customers.id, id))
        .returning();
      return row;
    },

    /** Erasure: the orders keep their amounts, lines, reference and dates, and carry the placeholder instead of the address. */
    async anonymiseOrders(customerId: number, placeholder: string): Promise<number> {
      const rows = await db.update(orders).set({ email: placeholder }).where(eq(orders.customerId, customerId)).returning({ id: orders.id });
      return rows.length;
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
