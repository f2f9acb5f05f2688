import { describe, expect, it } from 'vitest';
import { applyCoupon, normaliseCouponCode, spreadAmount, type CouponFacts, type CouponLine, type CouponRule } from './coupon-rules';

const NOW = new Date('2026-03-10T12:00:00Z');

const coupon = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  id: 1,
  code: 'WELCOME10',
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  currency: null,
  productIds: [],
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  perCustomerLimit: null,
  active: true,
  ...overrides,
});

const facts = (overrides: Partial<CouponFacts> = {}): CouponFacts => ({
  now: NOW,
  currency: 'USD',
  redemptions: 0,
  customerRedemptions: null,
  restrictedProductNames: [],
  ...overrides,
});

const REMIDI = 1;
const RECHANNEL = 2;
const lines: CouponLine[] = [
  { productId: REMIDI, path: 'remidi-4', amountMinor: 7900 },
  { productId: RECHANNEL, path: 'rechannel', amountMinor: 2320 },
];

describe('normaliseCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normaliseCouponCode('  welcome10 ')).toBe('WELCOME10');
    expect(normaliseCouponCode('Summer-24_x.y')).toBe('SUMMER-24_X.Y');
  });

  it.each(['', '   ', 'WEL COME', "x' or 1=1", 'ünï', 'null\u0000byte', '-LEADING'])('refuses %j without a lookup', (raw) => {
    expect(normaliseCouponCode(raw)).toBeNull();
  });
});

describe('applyCoupon', () => {
  it('takes a percentage off every line, rounding each line half up', () => {
    const result = applyCoupon(coupon(), lines, facts());
    expect(result).toEqual({ ok: true, couponId: 1, code: 'WELCOME10', discounts: [790, 232], discountMinor: 1022 });
  });

  it('takes a percentage off the restricted product only', () => {
    const result = applyCoupon(coupon({ code: 'REMIDI20', percentOff: 20, productIds: [REMIDI] }), lines, facts());
    expect(result).toMatchObject({ ok: true, discounts: [1580, 0], discountMinor: 1580 });
  });

  it('spreads a fixed amount over the eligible lines in proportion, losing no cent', () => {
    const result = applyCoupon(coupon({ code: 'FIVEOFF', kind: 'amount', percentOff: null, amountOffMinor: 500, currency: 'USD' }), lines, facts());
    expect(result).toMatchObject({ ok: true, discountMinor: 500 });
    if (!result.ok) throw new Error('expected ok');
    // 386.497… and 113.502…: the spare cent goes to the larger remainder.
    expect(result.discounts).toEqual([386, 114]);
  });

  it('caps a fixed amount at what the eligible lines cost', () => {
    const cheap = [{ productId: 3, path: 'tiny', amountMinor: 299 }];
    const result = applyCoupon(coupon({ kind: 'amount', percentOff: null, amountOffMinor: 500, currency: 'USD' }), cheap, facts());
    expect(result).toMatchObject({ ok: true, discounts: [299], discountMinor: 299 });
  });

  it('applies to an empty cart with nothing off (the code waits for products)', () => {
    expect(applyCoupon(coupon(), [], facts())).toMatchObject({ ok: true, discounts: [], discountMinor: 0 });
  });

  it.each([
    ['inactive', { active: false }, {}, 'This code is no longer active'],
    ['not_yet_valid', { validFrom: new Date('2026-04-01T00:00:00Z') }, {}, 'This code is not valid yet'],
    ['expired', { validUntil: new Date('2024-08-31T23:59:59Z') }, {}, 'This code expired on August 31, 2024'],
    ['used_up', { maxRedemptions: 3 }, { redemptions: 3 }, 'This code has been used up'],
    ['wrong_currency', { kind: 'amount' as const, percentOff: null, amountOffMinor: 500, currency: 'EUR' }, {}, 'This code only works for prices in EUR'],
    ['product_not_in_cart', { productIds: [99] }, { restrictedProductNames: ['reMIDI 4'] }, 'This code only applies to reMIDI 4, which is not in your cart'],
    [
      'product_not_in_cart',
      { productIds: [98, 99] },
      { restrictedProductNames: ['reMIDI 4', 'reChannel'] },
      'This code only applies to reMIDI 4 or reChannel, which are not in your cart',
    ],
    ['already_used', { perCustomerLimit: 1 }, { customerRedemptions: 1 }, 'You have already used this code'],
  ])('refuses with %s', (reason, overrides, factOverrides, message) => {
    expect(applyCoupon(coupon(overrides), lines, facts(factOverrides))).toEqual({ ok: false, code: 'WELCOME10', reason, message });
  });

  it('accepts within its limits and dates', () => {
    const result = applyCoupon(
      coupon({ validFrom: new Date('2026-01-01Z'), validUntil: new Date('2026-12-31Z'), maxRedemptions: 3, perCustomerLimit: 2 }),
      lines,
      facts({ redemptions: 2, customerRedemptions: 1 }),
    );
    expect(result.ok).toBe(true);
  });

  it('cannot check a per-customer limit before the customer is known', () => {
    expect(applyCoupon(coupon({ perCustomerLimit: 1 }), lines, facts({ customerRedemptions: null })).ok).toBe(true);
  });
});

describe('spreadAmount', () => {
  it('gives the leftover cents to the largest remainders, earlier lines first on a tie', () => {
    expect(spreadAmount(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(spreadAmount(10, [333, 333, 334])).toEqual([3, 3, 4]);
  });

  it('never loses or invents a cent and never exceeds a line', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let round = 0; round < 500; round += 1) {
      const amounts = Array.from({ length: 1 + random(6) }, () => random(50_000));
      const sum = amounts.reduce((a, b) => a + b, 0);
      const total = random(sum + 1);
      const shares = spreadAmount(total, amounts);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(amounts[index] ?? 0);
      });
    }
  });

  it('stays exact for amounts whose products pass 2^53', () => {
    const amounts = [2_000_000_000_000, 1_000_000_000_001];
    const shares = spreadAmount(2_999_999_999_999, amounts);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(2_999_999_999_999);
  });
});
