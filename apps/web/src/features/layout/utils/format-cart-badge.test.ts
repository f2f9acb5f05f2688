import { describe, expect, it } from 'vitest';
import { cartButtonLabel, formatCartBadge } from './format-cart-badge';

describe('formatCartBadge', () => {
  it('shows no badge for an empty cart', () => {
    expect(formatCartBadge(0)).toBeNull();
  });

  it('shows no badge for negative or non-finite counts', () => {
    expect(formatCartBadge(-3)).toBeNull();
    expect(formatCartBadge(Number.NaN)).toBeNull();
    expect(formatCartBadge(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('shows the count from 1 to 99', () => {
    expect(formatCartBadge(1)).toBe('1');
    expect(formatCartBadge(5)).toBe('5');
    expect(formatCartBadge(99)).toBe('99');
  });

  it('caps the badge at 99+', () => {
    expect(formatCartBadge(100)).toBe('99+');
    expect(formatCartBadge(12345)).toBe('99+');
  });

  it('drops fractions', () => {
    expect(formatCartBadge(2.7)).toBe('2');
    expect(formatCartBadge(0.4)).toBeNull();
  });
});

describe('cartButtonLabel', () => {
  it('names the item count when the cart has items', () => {
    expect(cartButtonLabel(1)).toBe('1 item(s) in cart');
    expect(cartButtonLabel(3)).toBe('3 item(s) in cart');
  });

  it('invites a look at the cart when it is empty', () => {
    expect(cartButtonLabel(0)).toBe('View shopping cart');
  });
});
