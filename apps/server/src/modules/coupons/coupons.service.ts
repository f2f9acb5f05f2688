import type { CouponRepository } from './coupons.repository';
import { applyCoupon, normaliseCouponCode, rejectUnknown, type CouponEvaluation, type CouponLine } from './coupon-rules';

export interface EvaluateOptions {
  now: Date;
  /** The paying customer's email, when known: per-customer limits are checked against it. */
  email?: string | null;
  /** The cart's currency (amount coupons only apply in their own currency). */
  currency: string;
}

/**
 * Promo codes: whether a typed code applies to a cart and what it takes off each line.
 * Redemptions are counted by the orders pipeline when an order completes; this only reads them.
 */
export function createCouponService(repository: CouponRepository) {
  return {
    async evaluateCoupon(rawCode: string, lines: CouponLine[], options: EvaluateOptions): Promise<CouponEvaluation> {
      const code = normaliseCouponCode(rawCode);
      if (code === null) return rejectUnknown(rawCode.trim().toUpperCase());
      const coupon = await repository.findByCode(code);
      if (!coupon) return rejectUnknown(code);
      const email = options.email?.trim();
      const [redemptions, customerRedemptions] = await Promise.all([
        coupon.maxRedemptions === null ? 0 : repository.countRedemptions(coupon.id),
        coupon.perCustomerLimit !== null && email ? repository.countCustomerRedemptions(coupon.id, email) : null,
      ]);
      return applyCoupon(coupon, lines, {
        now: options.now,
        currency: options.currency,
        redemptions,
        customerRedemptions,
        restrictedProductName: coupon.productName,
      });
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
