import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { couponRedemptions, coupons, customers, products, type NewCouponRow } from '../../db/schema';
import type { CouponRule } from './coupon-rules';

export interface CouponWithProduct extends CouponRule {
  /** Name of the product a restricted coupon applies to. */
  productName: string | null;
}

/** Queries of the coupons table; `db` may be a transaction. */
export function createCouponRepository(db: Database) {
  return {
    async findByCode(code: string): Promise<CouponWithProduct | undefined> {
      const [row] = await db
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
      if (!row) return undefined;
      const { redemptionCount: _counted, ...coupon } = row;
      return coupon;
    },

    /**
     * Redemptions so far: the orders pipeline records a row per use and keeps the counter,
     * so the larger of the two is the truth even if one of them lags.
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
      return Math.max(row?.rows ?? 0, row?.counter ?? 0);
    },

    /** Uses of the coupon by the customer with this email (customers are stored lower-cased). */
    async countCustomerRedemptions(couponId: number, email: string): Promise<number> {
      const [row] = await db
        .select({ uses: count() })
        .from(couponRedemptions)
        .innerJoin(customers, eq(customers.id, couponRedemptions.customerId))
        .where(sql`${couponRedemptions.couponId} = ${couponId} and ${customers.email} = ${email.trim().toLowerCase()}`);
      return row?.uses ?? 0;
    },

    async findProductIdByPath(path: string): Promise<number | undefined> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.path, path)).limit(1);
      return row?.id;
    },

    /** Inserts the coupons whose code is not taken; returns the codes inserted. */
    async insertMissing(rows: NewCouponRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(coupons)
        .values(rows)
        .onConflictDoNothing({ target: coupons.code })
        .returning({ code: coupons.code });
      return inserted.map((row) => row.code);
    },
  };
}

export type CouponRepository = ReturnType<typeof createCouponRepository>;
