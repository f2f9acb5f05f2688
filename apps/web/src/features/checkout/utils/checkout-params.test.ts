import { describe, expect, it, vi } from 'vitest';
import { parseCheckoutParams } from './checkout-params';

const parse = (query: string, warn = vi.fn()) => ({ params: parseCheckoutParams(new URLSearchParams(query), warn), warn });

describe('parseCheckoutParams (docs/behaviour/checkout.md#url-parameters)', () => {
  it('reads nothing from an empty query', () => {
    const { params, warn } = parse('');
    expect(params).toEqual({ product: null, quantity: 1, buyNow: false, coupon: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads product, quantity, buyNow and coupon', () => {
    expect(parse('product=pad-mapper&quantity=3&buyNow=true&coupon=SAVE10').params).toEqual({
      product: 'pad-mapper',
      quantity: 3,
      buyNow: true,
      coupon: 'SAVE10',
    });
  });

  it.each([
    ['promo=SPRING', 'SPRING'],
    ['discount=FALL', 'FALL'],
    ['coupon=A&promo=B&discount=C', 'A'],
    ['coupon=&promo=B', 'B'],
    ['coupon=%20%20&discount=%20C%20', 'C'],
  ])('takes the promo code from coupon, promo or discount: %s', (query, coupon) => {
    expect(parse(query).params.coupon).toBe(coupon);
  });

  it.each(['buyNow=TRUE', 'buyNow=1', 'buyNow=', 'buyNow=yes'])('only buyNow=true resets the cart (%s does not)', (query) => {
    expect(parse(query).params.buyNow).toBe(false);
  });

  it.each(['1', '2', '10', '007'])('accepts the quantity %s', (value) => {
    const { params, warn } = parse(`quantity=${value}`);
    expect(params.quantity).toBe(Number.parseInt(value, 10));
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['0', '-1', '2.5', 'abc', '3x', '1e3', 'Infinity', '99999999999999999999'])('uses 1 with a console warning for the quantity %s', (value) => {
    const { params, warn } = parse(`quantity=${encodeURIComponent(value)}`);
    expect(params.quantity).toBe(1);
    expect(warn).toHaveBeenCalledWith(`Checkout: the quantity "${value}" is not a whole number of at least 1; using 1`);
  });

  it('treats a blank quantity as the default, without a warning', () => {
    const { params, warn } = parse('quantity=');
    expect(params.quantity).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('writes to the console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseCheckoutParams(new URLSearchParams('quantity=x')).quantity).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
