import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { couponRedemptions, couponReservations, coupons, products, type CouponRow, type NewCouponRow } from '#server/db/schema.ts';
import type { CouponRule } from './coupon-rules';

export interface CouponWithProduct extends CouponRule {
  /** Names of the products a restricted coupon applies to, in the order of `productIds`. */
  productNames: string[];
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
          productIds: coupons.productIds,
          validFrom: coupons.validFrom,
          validUntil: coupons.validUntil,
          maxRedemptions: coupons.maxRedemptions,
          perCustomerLimit: coupons.perCustomerLimit,
          active: coupons.active,
          redemptionCount: coupons.redemptionCount,
        })
        .from(coupons)
        .where(eq(coupons.code, code))
        .limit(1);
      const [row] = options.lock ? await query.for('update', { of: coupons }) : await query;
      if (!row) return undefined;
      const { redemptionCount: _counted, ...coupon } = row;
      return { ...coupon, productNames: await this.productNames(coupon.productIds) };
    },

    async productNames(productIds: readonly number[]): Promise<string[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({ id: products.id, name: products.displayName })
        .from(products)
        .where(inArray(products.id, [...productIds]));
      return productIds.flatMap((id) => rows.find((row) => row.id === id)?.name ?? []);
    },

    /**
     * Uses so far: recorded redemptions plus reservations of paid orders whose webhook has not
     * landed yet. The orders pipeline records a row per use and keeps the counter, so the larger
     * of the two is the truth even if one of them lags.
     */
    async countRedemptions(couponId: number): Promise<number> {
      // One statement, one snapshot: counted in two, a webhook landing between them (a reservation
      // becoming a redemption) was missed by both, and a used-up code was accepted once more.
      const [row] = await db.select({ uses: usesOfCoupon }).from(coupons).where(eq(coupons.id, couponId));
      return row?.uses ?? 0;
    },

    /** Uses of the coupon by the customer with this email (customers are stored lower-cased), reservations included; in one statement, as `countRedemptions`. */
    async countCustomerRedemptions(couponId: number, email: string): Promise<number> {
      const normalised = email.trim().toLowerCase();
      const [row] = await db
        .select({
          uses: sql<number>`(select count(*) from coupon_redemptions redemption join customers customer on customer.id = redemption.customer_id
              where redemption.coupon_id = coupons.id and customer.email = ${normalised})
            + (select count(*) from coupon_reservations reservation where reservation.coupon_id = coupons.id and reservation.email = ${normalised})`.mapWith(
            Number,
          ),
        })
        .from(coupons)
        .where(eq(coupons.id, couponId));
      return row?.uses ?? 0;
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

/** A coupon row with its uses so far (redemptions and open reservations). */
export type CouponWithUses = CouponRow & { uses: number };

/** A product a coupon can name. */
export interface CouponProductRow {
  id: number;
  path: string;
  name: string;
}

/**
 * Uses of each coupon: recorded redemptions (or the counter, whichever is larger, as
 * `countRedemptions`) plus the reservations of paid orders whose webhook has not landed yet.
 */
const usesOfCoupon = sql<number>`greatest(${coupons.redemptionCount},
    (select count(*) from coupon_redemptions redemption where redemption.coupon_id = coupons.id))
  + (select count(*) from coupon_reservations reservation where reservation.coupon_id = coupons.id)`.mapWith(Number);
// Table names are spelled out: Drizzle leaves columns unqualified in a one-table select, and an
// unqualified "id" inside the subqueries would be the subquery's own.

/** The back office's queries of the coupons table; `db` may be a transaction. */
export function createCouponAdminRepository(db: CouponExecutor) {
  return {
    list(): Promise<CouponWithUses[]> {
      return db
        .select({ ...getTableColumns(coupons), uses: usesOfCoupon })
        .from(coupons)
        .orderBy(desc(coupons.createdAt), desc(coupons.id));
    },

    /** With `lock`, the row stays locked until the transaction ends, so its uses cannot change under an edit. */
    async find(id: number, options: { lock?: boolean } = {}): Promise<CouponWithUses | undefined> {
      const query = db
        .select({ ...getTableColumns(coupons), uses: usesOfCoupon })
        .from(coupons)
        .where(eq(coupons.id, id))
        .limit(1);
      const [row] = options.lock ? await query.for('update', { of: coupons }) : await query;
      return row;
    },

    async codeTaken(code: string, exceptId?: number): Promise<boolean> {
      const rows = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1);
      return rows.some((row) => row.id !== exceptId);
    },

    /** Undefined when the code is taken (the unique index decides, so two saves cannot both win). */
    async insert(row: NewCouponRow): Promise<CouponRow | undefined> {
      const [inserted] = await db.insert(coupons).values(row).onConflictDoNothing({ target: coupons.code }).returning();
      return inserted;
    },

    /** Saves `changes` when the row is still at `version`, bumping it; undefined when it is not. */
    async update(id: number, version: number, changes: Partial<NewCouponRow>): Promise<CouponRow | undefined> {
      const [updated] = await db
        .update(coupons)
        .set({ ...changes, version: sql`${coupons.version} + 1`, updatedAt: new Date() })
        .where(and(eq(coupons.id, id), eq(coupons.version, version)))
        .returning();
      return updated;
    },

    /** Every product, by name, for the form's product list. */
    products(): Promise<CouponProductRow[]> {
      return db.select({ id: products.id, path: products.path, name: products.displayName }).from(products).orderBy(asc(products.displayName));
    },

    productsByPaths(paths: readonly string[]): Promise<CouponProductRow[]> {
      if (paths.length === 0) return Promise.resolve([]);
      return db
        .select({ id: products.id, path: products.path, name: products.displayName })
        .from(products)
        .where(inArray(products.path, [...paths]));
    },
  };
}

export type CouponAdminRepository = ReturnType<typeof createCouponAdminRepository>;
