import { describe, expect, it } from 'vitest';
import { couponCodeSchema } from './admin/coupons';
import { COUPON_CODE_RULE, normaliseCouponCode } from './coupon-code';

describe('normaliseCouponCode', () => {
  it('trims and upper-cases what a shopper or a maker types', () => {
    expect(normaliseCouponCode('  spring-10 ')).toBe('SPRING-10');
    expect(normaliseCouponCode('a_b.c')).toBe('A_B.C');
  });

  it('refuses what no code can be: too short, too long, other characters, a leading symbol', () => {
    expect(normaliseCouponCode('ab')).toBeNull();
    expect(normaliseCouponCode('A'.repeat(40))).toBe('A'.repeat(40));
    expect(normaliseCouponCode('A'.repeat(41))).toBeNull();
    expect(normaliseCouponCode('two words')).toBeNull();
    expect(normaliseCouponCode('-DASH')).toBeNull();
    expect(normaliseCouponCode('ÉTÉ-10')).toBeNull();
  });

  it("is the admin form's rule too, with the same message", () => {
    expect(couponCodeSchema.parse(' spring-10 ')).toBe('SPRING-10');
    const refused = couponCodeSchema.safeParse('ab');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(COUPON_CODE_RULE);
  });
});
