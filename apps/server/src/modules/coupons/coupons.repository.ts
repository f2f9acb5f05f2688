import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { couponRedemptions, couponReservations, coupons, customers, products, type NewCouponRow } from '#server/db/schema.ts';
import type { CouponRule } from './coupon-rules';

export interface CouponWithProduct extends CouponRule {
  /** Name of the product a restricted coupon applies to. */
  productName: string | null;
}

/** A transaction or the database itself. */
export type CouponExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Queries of the coupon tables (coupons, redemptions, reservations); `db` may be a transaction. */
export function createCouponRepository(db: CouponExecutor) {
  return {
    /**
     * With `lock`, the coupon row stays locked until the transaction ends, so whoever counts
     * its uses next waits for this transaction's reservation.
     */
    async findByCode(code: string, options: { lock?: boolean } = {}): Promise<CouponWithProduct | undefined> {
      const query = db
        .select({
          id: coupons.id,
          code: coupons.code,
          kind: coupons.kind,
          percentOff: coupons.percentOff,
          amountOffMinor: coupons.amountOffMinor,
          currency: coupons.currency,
          productId: coupons.productId,
          validFrom: coupons.validFrom,
          validUntil: coupons.validUntil,
          maxRedemptions: coupons.maxRedemptions,
          perCustomerLimit: coupons.perCustomerLimit,
          active: coupons.active,
          redemptionCount: coupons.redemptionCount,
          productName: products.displayName,
        })
        .from(coupons)
        .leftJoin(products, eq(products.id, coupons.productId))
        .where(eq(coupons.code, code))
        .limit(1);
      const [row] = options.lock ? await query.for('update', { of: coupons }) : await query;
      if (!row) return undefined;
      const { redemptionCount: _counted, ...coupon } = row;
      return coupon;
    },

    /**
     * Uses so far: recorded redemptions plus reservations of paid orders whose webhook has not
     * landed yet. The orders pipeline records a row per use and keeps the counter, so the larger
     * of the two is the truth even if one of them lags.
     */
    async countRedemptions(couponId: number): Promise<number> {
      const [row] = await db
        .select({
          rows: count(couponRedemptions.id),
          counter: sql<number>`max(${coupons.redemptionCount})`.mapWith(Number),
        })
        .from(coupons)
        .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
        .where(eq(coupons.id, couponId));
      const reserved = await countReservations(db, eq(couponReservations.couponId, couponId));
      return Math.max(row?.rows ?? 0, row?.counter ?? 0) + reserved;
    },

    /** Uses of the coupon by the customer with this email (customers are stored lower-cased), reservations included. */
    async countCustomerRedemptions(couponId: number, email: string): Promise<number> {
      const normalised = email.trim().toLowerCase();
      const [row] = await db
        .select({ uses: count() })
        .from(couponRedemptions)
        .innerJoin(customers, eq(customers.id, couponRedemptions.customerId))
        .where(and(eq(couponRedemptions.couponId, couponId), eq(customers.email, normalised)));
      const reserved = await countReservations(db, and(eq(couponReservations.couponId, couponId), eq(couponReservations.email, normalised)));
      return (row?.uses ?? 0) + reserved;
    },

    /** Holds one use of the coupon for a paid order until its webhook records the redemption. */
    async insertReservation(couponId: number, providerOrderId: string, email: string): Promise<void> {
      await db.insert(couponReservations).values({ couponId, providerOrderId, email: email.trim().toLowerCase() });
    },

    /**
     * Counts one use of each known coupon code by this order and releases the order's
     * reservation of it. The redemption row is unique per coupon and order, and the counter
     * moves and the reservation goes only when that row is new: counted once, atomically.
     * `codes` are normalised already (the service does it).
     */
    async redeem(codes: string[], order: { orderId: number; providerOrderId: string; customerId: number }): Promise<string[]> {
      if (codes.length === 0) return [];
      const known = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.code, codes));
      const redeemed: string[] = [];
      for (const coupon of known) {
        const inserted = await db
          .insert(couponRedemptions)
          .values({ couponId: coupon.id, orderId: order.orderId, customerId: order.customerId })
          .onConflictDoNothing()
          .returning({ id: couponRedemptions.id });
        if (inserted.length === 0) continue;
        await db
          .update(coupons)
          .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
          .where(eq(coupons.id, coupon.id));
        await db
          .delete(couponReservations)
          .where(and(eq(couponReservations.couponId, coupon.id), eq(couponReservations.providerOrderId, order.providerOrderId)));
        redeemed.push(coupon.code);
      }
      return redeemed;
    },

    async findProductIdByPath(path: string): Promise<number | undefined> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.path, path)).limit(1);
      return row?.id;
    },

    /** Inserts the coupons whose code is not taken; returns the codes inserted. */
    async insertMissing(rows: NewCouponRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db.insert(coupons).values(rows).onConflictDoNothing({ target: coupons.code }).returning({ code: coupons.code });
      return inserted.map((row) => row.code);
    },
  };
}

export type CouponRepository = ReturnType<typeof createCouponRepository>;

async function countReservations(db: CouponExecutor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ reserved: count() }).from(couponReservations).where(where);
  return row?.reserved ?? 0;
}
