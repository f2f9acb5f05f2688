import { applyPercentDiscount, normaliseCouponCode } from '@store/contracts';
import type { CouponRow } from '#server/db/schema.ts';

/** One cart line as a coupon sees it: what the shopper pays for it before the coupon, in minor units. */
export interface CouponLine {
  productId: number;
  path: string;
  amountMinor: number;
}

export type CouponRejectionReason =
  'invalid' | 'inactive' | 'expired' | 'not_yet_valid' | 'used_up' | 'wrong_currency' | 'product_not_in_cart' | 'already_used';

export type CouponEvaluation =
  | {
      ok: true;
      couponId: number;
      /** The code as stored (upper-case). */
      code: string;
      /** Discount of each line, in the order of the lines given, in minor units. */
      discounts: number[];
      discountMinor: number;
    }
  | { ok: false; code: string; reason: CouponRejectionReason; message: string };

/** What the rules need to know besides the coupon and the lines. */
export interface CouponFacts {
  now: Date;
  /** The cart's currency. */
  currency: string;
  /** Redemptions counted so far (completed orders). */
  redemptions: number;
  /** Redemptions by the paying customer, or null when the customer is not known yet. */
  customerRedemptions: number | null;
  /** Names of the products a restricted coupon applies to. */
  restrictedProductNames?: readonly string[];
}

export type CouponRule = Pick<
  CouponRow,
  | 'id'
  | 'code'
  | 'kind'
  | 'percentOff'
  | 'amountOffMinor'
  | 'currency'
  | 'productIds'
  | 'validFrom'
  | 'validUntil'
  | 'maxRedemptions'
  | 'perCustomerLimit'
  | 'active'
>;

/** Re-exported so the module's callers keep one import; the rule itself is the contracts' (the admin form shows it). */
export { normaliseCouponCode };

export const NOT_VALID_MESSAGE = 'This code is not valid';

export function rejectUnknown(code: string): CouponEvaluation {
  return { ok: false, code, reason: 'invalid', message: NOT_VALID_MESSAGE };
}

const productNames = new Intl.ListFormat('en-US', { style: 'long', type: 'disjunction' });

function productList(names: readonly string[] | undefined): string {
  return names && names.length > 0 ? productNames.format(names) : 'other products';
}

const isOrAre = (productIds: readonly number[]) => (productIds.length === 1 ? 'is' : 'are');

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Decides whether a coupon applies to these lines, and how much it takes off each. */
export function applyCoupon(coupon: CouponRule, lines: CouponLine[], facts: CouponFacts): CouponEvaluation {
  const reject = (reason: CouponRejectionReason, message: string): CouponEvaluation => ({
    ok: false,
    code: coupon.code,
    reason,
    message,
  });
  if (!coupon.active) return reject('inactive', 'This code is no longer active');
  if (coupon.validFrom && facts.now < coupon.validFrom) return reject('not_yet_valid', 'This code is not valid yet');
  if (coupon.validUntil && facts.now > coupon.validUntil) {
    return reject('expired', `This code expired on ${dateFormat.format(coupon.validUntil)}`);
  }
  if (coupon.maxRedemptions !== null && facts.redemptions >= coupon.maxRedemptions) {
    return reject('used_up', 'This code has been used up');
  }
  if (coupon.kind === 'amount' && coupon.currency !== facts.currency) {
    return reject('wrong_currency', `This code only works for prices in ${coupon.currency}`);
  }
  const restricted = coupon.productIds.length > 0;
  const eligible = lines.map((line) => !restricted || coupon.productIds.includes(line.productId));
  if (restricted && !eligible.includes(true)) {
    return reject(
      'product_not_in_cart',
      `This code only applies to ${productList(facts.restrictedProductNames)}, which ${isOrAre(coupon.productIds)} not in your cart`,
    );
  }
  if (coupon.perCustomerLimit !== null && facts.customerRedemptions !== null && facts.customerRedemptions >= coupon.perCustomerLimit) {
    return reject('already_used', 'You have already used this code');
  }

  let discounts: number[];
  if (coupon.kind === 'percent') {
    const percent = coupon.percentOff ?? 0;
    discounts = lines.map((line, index) => (eligible[index] ? line.amountMinor - applyPercentDiscount(line.amountMinor, percent) : 0));
  } else {
    const eligibleAmounts = lines.map((line, index) => (eligible[index] ? line.amountMinor : 0));
    const eligibleTotal = eligibleAmounts.reduce((sum, amount) => sum + amount, 0);
    discounts = spreadAmount(Math.min(coupon.amountOffMinor ?? 0, eligibleTotal), eligibleAmounts);
  }
  return {
    ok: true,
    couponId: coupon.id,
    code: coupon.code,
    discounts,
    discountMinor: discounts.reduce((sum, amount) => sum + amount, 0),
  };
}

/**
 * Spreads `total` minor units over lines in proportion to their amounts, losing no cent:
 * each line gets the floor of its share, and the cents left over go to the lines with the
 * largest remainders (earlier lines first on a tie). No line gets more than its amount.
 */
export function spreadAmount(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((acc, amount) => acc + amount, 0);
  if (total <= 0 || sum <= 0) return amounts.map(() => 0);
  if (total >= sum) return [...amounts];
  // BigInt: total × amount can pass 2^53 for large carts.
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = amounts.map((amount) => Number((bigTotal * BigInt(amount)) / bigSum));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = amounts
    .map((amount, index) => ({ index, remainder: (bigTotal * BigInt(amount)) % bigSum }))
    .filter(({ index }) => (amounts[index] ?? 0) > (shares[index] ?? 0))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder < b.remainder ? 1 : -1));
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
