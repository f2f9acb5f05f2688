import { z } from 'zod';
import { COUPON_CODE_PATTERN, COUPON_CODE_RULE } from '../coupon-code';
import { PRODUCT_PATH_PATTERN } from '../paths';

export const COUPON_MAX_PRODUCTS = 50;

/** Typed in any case with spaces around it; saved as `normaliseCouponCode` reads it. */
export const couponCodeSchema = z.string({ error: 'Enter a code' }).trim().toUpperCase().regex(COUPON_CODE_PATTERN, COUPON_CODE_RULE);

const optionalDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time' }).nullable();

/** The fields of a coupon as the back office saves it (the form's values and the API's body). */
const couponFields = z.object({
  code: couponCodeSchema,
  description: z.string().trim().max(200, 'A description has at most 200 characters'),
  kind: z.enum(['percent', 'amount'], { error: 'Choose a percentage or an amount' }),
  /** Used when `kind` is 'percent'. */
  percentOff: z.number({ error: 'Enter a whole percentage' }).int('Enter a whole percentage').nullable(),
  /** Used when `kind` is 'amount': minor units of the store currency. */
  amountOffMinor: z.number({ error: 'Enter an amount' }).int('Enter an amount in whole cents').nullable(),
  /** The products the coupon discounts; empty: every product. */
  productPaths: z
    .array(z.string().regex(PRODUCT_PATH_PATTERN, 'Not a product path'))
    .max(COUPON_MAX_PRODUCTS, `A coupon applies to at most ${COUPON_MAX_PRODUCTS} products; leave the list empty for every product`),
  validFrom: optionalDateTime,
  validUntil: optionalDateTime,
  maxRedemptions: z
    .number({ error: 'Enter a number, or leave it empty for no cap' })
    .int('Enter a whole number')
    .min(1, 'At least 1, or leave it empty for no cap')
    .nullable(),
  /** True: each customer may use the code once. */
  oncePerCustomer: z.boolean(),
  /** False: the code is switched off whatever its dates. */
  active: z.boolean(),
});

type CouponFields = z.infer<typeof couponFields>;

/** The rules between fields, each reported on the field the maker must change. */
function checkCoupon(coupon: CouponFields, context: z.RefinementCtx) {
  if (coupon.kind === 'percent') {
    if (coupon.percentOff === null) context.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage taken off' });
    else if (coupon.percentOff < 1) context.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percentage is at least 1' });
    else if (coupon.percentOff > 100) context.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percentage is at most 100' });
  } else if (coupon.amountOffMinor === null || coupon.amountOffMinor <= 0) {
    context.addIssue({ code: 'custom', path: ['amountOffMinor'], message: 'Enter an amount greater than zero' });
  }
  if (coupon.validFrom && coupon.validUntil && Date.parse(coupon.validUntil) <= Date.parse(coupon.validFrom)) {
    context.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end must be after the start' });
  }
  if (new Set(coupon.productPaths).size !== coupon.productPaths.length) {
    context.addIssue({ code: 'custom', path: ['productPaths'], message: 'A product is listed twice' });
  }
}

/** `POST /api/admin/coupons`, and the form's values. */
export const couponCreateSchema = couponFields.superRefine(checkCoupon);
export type CouponCreate = z.infer<typeof couponCreateSchema>;
export type CouponFormValues = z.input<typeof couponCreateSchema>;

/** `PUT /api/admin/coupons/{couponId}`: the fields and the version the maker opened. */
export const couponUpdateSchema = couponFields.extend({ version: z.number().int().positive() }).superRefine(checkCoupon);
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

export const couponParamsSchema = z.object({ couponId: z.coerce.number().int().positive() });

export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used up', 'off'] as const;
export const couponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof couponStatusSchema>;

export const couponProductSchema = z.object({ path: z.string(), name: z.string() });
export type CouponProduct = z.infer<typeof couponProductSchema>;

/** A coupon as the back office shows it. */
export const adminCouponSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.number().int().nullable(),
  amountOffMinor: z.number().int().nullable(),
  /** The amount's currency (amount coupons only). */
  currency: z.string().nullable(),
  /** The products it discounts, in the order saved; empty: every product. */
  products: z.array(couponProductSchema),
  validFrom: z.iso.datetime({ offset: true }).nullable(),
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  maxRedemptions: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  active: z.boolean(),
  /** Completed redemptions plus uses held by paid orders whose confirmation has not arrived yet. */
  uses: z.number().int().nonnegative(),
  status: couponStatusSchema,
  version: z.number().int().positive(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** `GET /api/admin/coupons`: every coupon, newest first, with what the form offers. */
export const couponListSchema = z.object({
  coupons: z.array(adminCouponSchema),
  /** The store currency: what an amount coupon takes off. */
  currency: z.string(),
  /** Every product a coupon can be restricted to. */
  products: z.array(couponProductSchema),
});
export type CouponList = z.infer<typeof couponListSchema>;

/** `GET /api/admin/coupons/{couponId}`, and the answer of every write. */
export const couponDetailSchema = couponListSchema.omit({ coupons: true }).extend({ coupon: adminCouponSchema });
export type CouponDetail = z.infer<typeof couponDetailSchema>;
