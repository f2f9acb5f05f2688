import { describe, expect, it } from 'vitest';
import { currentPrice, dealRunsAt, nextDealChange, type DealTerms } from './deal';

const terms = (overrides: Partial<DealTerms> = {}): DealTerms => ({
  priceMinor: 2900,
  discountPercent: 20,
  discountAmountMinor: null,
  discountReason: 'Launch offer',
  dealStartsAt: new Date('2026-11-01T00:00:00Z'),
  dealEndsAt: new Date('2026-12-01T00:00:00Z'),
  ...overrides,
});

describe('a dated deal', () => {
  it('runs from its start, inclusive, to its end, exclusive', () => {
    expect(dealRunsAt(terms(), new Date('2026-10-31T23:59:59Z'))).toBe(false);
    expect(dealRunsAt(terms(), new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(dealRunsAt(terms(), new Date('2026-11-30T23:59:59Z'))).toBe(true);
    expect(dealRunsAt(terms(), new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(dealRunsAt(terms({ dealStartsAt: null, dealEndsAt: null }), new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('sells at the price outside its dates, with no percent or reason', () => {
    expect(currentPrice(terms(), new Date('2026-12-02T00:00:00Z'))).toEqual({ totalMinor: 2900, percent: 0, amountMinor: null, reason: null });
  });

  it('takes its percent off inside its dates and says when it ends', () => {
    expect(currentPrice(terms(), new Date('2026-11-15T00:00:00Z'))).toEqual({
      totalMinor: 2320,
      percent: 20,
      amountMinor: null,
      reason: 'Launch offer',
      endsAt: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('takes a fixed amount off, published as the rounded percent, never below zero', () => {
    const at = new Date('2026-11-15T00:00:00Z');
    expect(currentPrice(terms({ discountPercent: 0, discountAmountMinor: 500 }), at)).toMatchObject({ totalMinor: 2400, percent: 17, amountMinor: 500 });
    expect(currentPrice(terms({ discountPercent: 0, discountAmountMinor: 5000 }), at)).toMatchObject({ totalMinor: 0, percent: 100, amountMinor: 2900 });
  });

  it('names the next start or end after now', () => {
    expect(nextDealChange(terms(), new Date('2026-10-01T00:00:00Z'))).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(nextDealChange(terms(), new Date('2026-11-01T00:00:00Z'))).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(nextDealChange(terms(), new Date('2026-12-01T00:00:00Z'))).toBeUndefined();
    expect(nextDealChange(terms({ discountPercent: 0 }), new Date('2026-10-01T00:00:00Z'))).toBeUndefined();
  });
});
