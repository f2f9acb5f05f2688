import { COUPON_CODE_RULE, normaliseCouponCode } from '@store/contracts';
import type { NewCouponRow } from '#server/db/schema.ts';
import { createCouponRepository, type CouponExecutor } from '../coupons.repository';

export interface SeedCoupon {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  percentOff?: number;
  /** In the store currency. */
  amountOffMinor?: number;
  /** Path of the only product the coupon discounts. */
  productPath?: string;
  validFrom?: string;
  validUntil?: string;
  maxRedemptions?: number;
  perCustomerLimit?: number;
}

/** Promo codes a new store starts with, so the cart's coupon paths can be tried at once. */
export const seedCouponList: SeedCoupon[] = [
  { code: 'WELCOME10', description: '10% off everything', kind: 'percent', percentOff: 10 },
  { code: 'REMIDI20', description: '20% off reMIDI 4', kind: 'percent', percentOff: 20, productPath: 'remidi-4' },
  { code: 'FIVEOFF', description: '5 off your order, once per customer', kind: 'amount', amountOffMinor: 500, perCustomerLimit: 1 },
  {
    code: 'SUMMER24',
    description: 'Summer 2024 sale (expired)',
    kind: 'percent',
    percentOff: 25,
    validFrom: '2024-06-01T00:00:00Z',
    validUntil: '2024-08-31T23:59:59Z',
  },
];

/**
 * Adds the seed coupons whose code is not in the database yet. An existing code is never
 * touched, so a maker's edits survive every restart. A coupon for a product the catalogue
 * does not have is skipped.
 */
export async function seedCoupons(
  db: CouponExecutor,
  { currency, coupons = seedCouponList }: { currency: string; coupons?: SeedCoupon[] },
): Promise<{ inserted: string[] }> {
  const repository = createCouponRepository(db);
  const rows: NewCouponRow[] = [];
  for (const coupon of coupons) {
    const code = normaliseCouponCode(coupon.code);
    if (code === null) throw new Error(`Seed coupon '${coupon.code}' is not a valid code: ${COUPON_CODE_RULE}`);
    const productId = coupon.productPath ? await repository.findProductIdByPath(coupon.productPath) : null;
    if (productId === undefined) continue;
    rows.push({
      code,
      description: coupon.description,
      kind: coupon.kind,
      percentOff: coupon.kind === 'percent' ? (coupon.percentOff ?? null) : null,
      amountOffMinor: coupon.kind === 'amount' ? (coupon.amountOffMinor ?? null) : null,
      currency: coupon.kind === 'amount' ? currency : null,
      productIds: productId === null ? [] : [productId],
      validFrom: coupon.validFrom ? new Date(coupon.validFrom) : null,
      validUntil: coupon.validUntil ? new Date(coupon.validUntil) : null,
      maxRedemptions: coupon.maxRedemptions ?? null,
      perCustomerLimit: coupon.perCustomerLimit ?? null,
    });
  }
  return { inserted: await repository.insertMissing(rows) };
}
