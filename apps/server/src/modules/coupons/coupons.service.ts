import type { CouponRepository, CouponWithProduct } from './coupons.repository';
import { applyCoupon, normaliseCouponCode, rejectUnknown, type CouponEvaluation, type CouponLine } from './coupon-rules';

export interface EvaluateOptions {
  now: Date;
  /** The paying customer's email, when known: per-customer limits are checked against it. */
  email?: string | null;
  /** The cart's currency (amount coupons only apply in their own currency). */
  currency: string;
  /**
   * Lock the coupon row until the caller's transaction ends, before counting its uses: for a
   * payment that will reserve a use (`reserve`) in the same transaction.
   */
  lock?: boolean;
}

export interface SingleUseCoupon {
  code: string;
  /** What the back office's list says about it. */
  description: string;
  percentOff: number;
  productId: number;
}

/**
 * Promo codes: whether a typed code applies to a cart and what it takes off each line, and
 * their uses. A payment reserves a use under the coupon's row lock; the orders pipeline
 * records the redemption when the order's webhook lands, which releases the reservation.
 */
export function createCouponService(repository: CouponRepository) {
  return {
    async evaluateCoupon(rawCode: string, lines: CouponLine[], options: EvaluateOptions): Promise<CouponEvaluation> {
      const code = normaliseCouponCode(rawCode);
      if (code === null) return rejectUnknown(rawCode.trim().toUpperCase());
      const coupon = await repository.findByCode(code, { lock: options.lock });
      if (!coupon) return rejectUnknown(code);
      const email = options.email?.trim();
      const redemptions = coupon.maxRedemptions === null ? 0 : await repository.countRedemptions(coupon.id);
      const customerRedemptions = coupon.perCustomerLimit !== null && email ? await repository.countCustomerRedemptions(coupon.id, email) : null;
      return applyCoupon(coupon, lines, {
        now: options.now,
        currency: options.currency,
        redemptions,
        customerRedemptions,
        restrictedProductNames: coupon.productNames,
      });
    },

    /**
     * Holds one use of an applied coupon for a paid order. Call it in the payment's
     * transaction, after `evaluateCoupon(..., { lock: true })` accepted the code.
     */
    async reserve(evaluation: Extract<CouponEvaluation, { ok: true }>, order: { providerOrderId: string; email: string }): Promise<void> {
      await repository.insertReservation(evaluation.couponId, order.providerOrderId, order.email);
    },

    /**
     * Records the uses of an order's coupons when the order is recorded (in its transaction).
     * The provider's codes go through the same normaliser as a typed code; one that cannot be
     * a code is no coupon of ours.
     */
    redeem(codes: string[], order: { orderId: number; providerOrderId: string; customerId: number }): Promise<string[]> {
      const normalised = [...new Set(codes.map(normaliseCouponCode).filter((code): code is string => code !== null))];
      return repository.redeem(normalised, order);
    },

    /**
     * Creates a percent coupon for one product that can be used once in all (another module's
     * one-time offer, e.g. an upgrade bound to an old licence key). False when the code is taken.
     */
    async createSingleUse(coupon: SingleUseCoupon): Promise<boolean> {
      const code = normaliseCouponCode(coupon.code);
      if (code === null) throw new Error(`'${coupon.code}' is not a valid coupon code`);
      const inserted = await repository.insertMissing([
        {
          code,
          description: coupon.description,
          kind: 'percent',
          percentOff: coupon.percentOff,
          productIds: [coupon.productId],
          maxRedemptions: 1,
        },
      ]);
      return inserted.length === 1;
    },

    /** A coupon by its exact (normalised) code, with the products it is limited to. */
    findByCode(code: string): Promise<CouponWithProduct | undefined> {
      return repository.findByCode(code);
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
