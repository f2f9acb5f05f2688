import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CART, isFreeCart, parseCartData, parseQuantity, usableOrderTotal } from './parse-cart';

function item(path: string, overrides: Record<string, unknown> = {}) {
  return {
    path,
    display: `Product ${path}`,
    image: `/media/${path}.svg`,
    description: { summary: `<p>About ${path}</p>` },
    selected: true,
    quantity: 1,
    price: '$10.00',
    priceValue: 10,
    unitPrice: '$10.00',
    unitPriceValue: 10,
    priceTotal: '$10.00',
    priceTotalValue: 10,
    total: '$10.00',
    totalValue: 10,
    ...overrides,
  };
}

function cart(items: unknown[], overrides: Record<string, unknown> = {}) {
  return { currency: 'USD', total: '$0.00', totalValue: 0, subtotal: '$0.00', coupons: [], selections: 0, groups: [{ items }], ...overrides };
}

describe('parseCartData (docs/behaviour/cart.md#cart-data)', () => {
  it('counts only the items whose selected is true', () => {
    const parsed = parseCartData(
      cart([item('a'), item('b', { selected: false }), item('c', { selected: 'true' }), item('d', { selected: 1 })], { total: '$10.00', totalValue: 10 }),
    );
    expect(parsed?.items.map((line) => line.path)).toEqual(['a']);
    expect(parsed?.count).toBe(1);
  });

  it('reads every field of a line', () => {
    const parsed = parseCartData(cart([item('a', { quantity: 2, unitPrice: '$8.00', total: '$16.00', totalValue: 16 })], { total: '$16.00', totalValue: 16 }));
    expect(parsed?.items[0]).toEqual({
      path: 'a',
      display: 'Product a',
      image: '/media/a.svg',
      summaryHtml: '<p>About a</p>',
      quantity: 2,
      unitPrice: '$8.00',
      price: '$10.00',
      total: '$16.00',
      totalValue: 16,
    });
  });

  it.each([
    [3, 3],
    ['4', 4],
    [2.7, 2],
    ['5 licences', 5],
    [undefined, 1],
    [null, 1],
    ['many', 1],
    [Number.NaN, 1],
    [0, 1],
    [-2, 1],
    [{}, 1],
  ])('parses the quantity %j as %i (integer, default 1)', (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
    const parsed = parseCartData(cart([item('a', { quantity: raw })]));
    expect(parsed?.items[0]?.quantity).toBe(expected);
  });

  it('sums the quantities for the item count', () => {
    const parsed = parseCartData(cart([item('a', { quantity: 2 }), item('b', { quantity: '3' })]));
    expect(parsed?.count).toBe(5);
  });

  it('takes the order total from total, with its numeric twin', () => {
    const parsed = parseCartData(cart([item('a')], { total: '$79.00', totalValue: 79, orderTotal: '$50.00' }));
    expect(parsed?.total).toBe('$79.00');
    expect(parsed?.totalValue).toBe(79);
    expect(parsed?.totalPending).toBe(false);
  });

  it('parses the twin from the text when the value is missing or NaN', () => {
    expect(parseCartData(cart([item('a')], { total: '$1,234.50', totalValue: Number.NaN }))?.totalValue).toBe(1234.5);
    expect(parseCartData(cart([item('a')], { total: '$12.00', totalValue: undefined }))?.totalValue).toBe(12);
  });

  it.each(['$0.00', '$0.50', '', '   ', 42, null])('ignores the total %j and falls back to orderTotal', (total) => {
    const parsed = parseCartData(cart([item('a')], { total, totalValue: 0, orderTotal: '$23.20' }));
    expect(parsed?.total).toBe('$23.20');
    expect(parsed?.totalValue).toBe(23.2);
  });

  it('ignores an orderTotal of $0.… too and sums the item totals', () => {
    const parsed = parseCartData(
      cart([item('a', { total: '$10.00', totalValue: 10 }), item('b', { total: '$5.50', totalValue: 5.5 })], { total: '$0.00', orderTotal: '$0.99' }),
    );
    expect(parsed?.totalValue).toBe(15.5);
    expect(parsed?.total).toBe('$15.50');
  });

  it('takes the sum’s currency from a three-letter code in an item total', () => {
    const parsed = parseCartData(cart([item('a', { total: 'EUR 10.00', totalValue: undefined })], { total: '', currency: 'USD' }));
    expect(parsed?.currency).toBe('EUR');
    expect(parsed?.totalValue).toBe(10);
    expect(parsed?.total).toBe('€10.00');
  });

  it('defaults the sum’s currency to CAD when neither the items nor the cart name one', () => {
    const parsed = parseCartData(cart([item('a', { total: '$7.00', totalValue: 7 })], { total: undefined, currency: undefined }));
    expect(parsed?.currency).toBe('CAD');
    expect(parsed?.total).toBe('$7.00');
    expect(parseCartData(cart([item('a')], { total: undefined, currency: 'dollars' }))?.currency).toBe('CAD');
  });

  it('uses the line total before discounts, then the unit price × quantity, when a line has no total', () => {
    const parsed = parseCartData(
      cart([
        item('a', { total: undefined, totalValue: undefined }),
        item('b', { total: undefined, totalValue: undefined, priceTotal: undefined, priceTotalValue: undefined, quantity: 3 }),
      ]),
    );
    expect(parsed?.items.map((line) => [line.total, line.totalValue])).toEqual([
      ['$10.00', 10],
      ['$30.00', 30],
    ]);
  });

  it('marks the total pending when a line’s total cannot be worked out', () => {
    const parsed = parseCartData(
      cart([item('a', { total: 'soon', totalValue: 'x', priceTotal: undefined, priceTotalValue: undefined, unitPrice: '', unitPriceValue: null, price: '' })], {
        total: undefined,
      }),
    );
    expect(parsed?.totalPending).toBe(true);
    expect(parsed?.totalValue).toBeNull();
    expect(isFreeCart(parsed!)).toBe(false);
  });

  it('is free when the items total nothing', () => {
    const parsed = parseCartData(
      cart([item('trial', { price: '$0.00', unitPrice: '$0.00', priceTotal: '$0.00', total: '$0.00', totalValue: 0, priceTotalValue: 0 })]),
    );
    expect(parsed?.total).toBe('$0.00');
    expect(parsed?.totalValue).toBe(0);
    expect(isFreeCart(parsed!)).toBe(true);
    expect(isFreeCart(EMPTY_CART)).toBe(false);
  });

  it('answers an empty cart for no selected items', () => {
    const parsed = parseCartData(cart([item('a', { selected: false })]));
    expect(parsed).toMatchObject({ items: [], count: 0, total: '$0.00', totalValue: 0, totalPending: false });
  });

  it('keeps the provider’s selection count when no line could be read ("No cart items to display")', () => {
    const parsed = parseCartData(cart([item('', { path: '' }), 'junk'], { selections: 2 }));
    expect(parsed?.items).toEqual([]);
    expect(parsed?.count).toBe(2);
  });

  it('keeps applied coupons that are text', () => {
    expect(parseCartData(cart([], { coupons: ['SAVE10', '', 7, null, ' SPRING '] }))?.coupons).toEqual(['SAVE10', 'SPRING']);
    expect(parseCartData(cart([], { coupons: 'SAVE10' }))?.coupons).toEqual([]);
  });

  it('keeps an item that names its product by `product` only (storefront spec §3)', () => {
    const productOnly: Record<string, unknown> = { ...item('pad-mapper'), product: 'pad-mapper', quantity: 2 };
    delete productOnly.path;
    const parsed = parseCartData(cart([productOnly]));
    expect(parsed?.items).toHaveLength(1);
    expect(parsed?.items[0]).toMatchObject({ path: 'pad-mapper', display: 'Product pad-mapper', quantity: 2 });
    expect(parsed?.count).toBe(2);
  });

  it('prefers `path` when an item has both, and skips one with neither (storefront spec §3)', () => {
    const problem = vi.fn();
    const parsed = parseCartData(cart([item('by-path', { product: 'other' }), item('', { path: '', product: '  ' })]), problem);
    expect(parsed?.items.map((line) => line.path)).toEqual(['by-path']);
    expect(problem).toHaveBeenCalledWith('skipped a selected cart item without a path or product');
  });

  it('defaults missing display, image and summary', () => {
    const parsed = parseCartData(cart([{ path: 'bare', selected: true }]));
    expect(parsed?.items[0]).toMatchObject({ path: 'bare', display: 'bare', image: null, summaryHtml: '', quantity: 1, unitPrice: '', total: '' });
    expect(parsed?.totalPending).toBe(true);
  });

  it.each([null, undefined, 42, 'cart', true, [], () => undefined])('answers null for %j and reports it', (raw) => {
    const problem = vi.fn();
    expect(parseCartData(raw, problem)).toBeNull();
    expect(problem).toHaveBeenCalledTimes(1);
  });

  it('skips malformed groups and items, reporting each', () => {
    const problem = vi.fn();
    const parsed = parseCartData({ groups: [null, { items: 'no' }, { items: [null, 5, { selected: true }, item('ok')] }] }, problem);
    expect(parsed?.items.map((line) => line.path)).toEqual(['ok']);
    expect(problem.mock.calls.map(([message]) => message)).toEqual([
      'skipped a cart group without an items array',
      'skipped a cart group without an items array',
      'skipped a cart item that is not an object',
      'skipped a cart item that is not an object',
      'skipped a selected cart item without a path or product',
    ]);
  });

  it('answers an empty cart for an object without groups', () => {
    const problem = vi.fn();
    expect(parseCartData({ total: '$5.00' }, problem)).toMatchObject({ items: [], count: 0 });
    expect(problem).toHaveBeenCalledWith('cart data has no groups array');
  });
});

describe('usableOrderTotal', () => {
  it('ignores $0.00 and anything starting with $0.', () => {
    expect(usableOrderTotal('$0.00')).toBeNull();
    expect(usableOrderTotal('$0.01')).toBeNull();
    expect(usableOrderTotal('$10.00')).toBe('$10.00');
    expect(usableOrderTotal('€0.00')).toBe('€0.00');
    // In a store selling in euros, its zero and its cents are the ones ignored.
    expect(usableOrderTotal('€0.00', 'EUR')).toBeNull();
    expect(usableOrderTotal('€0.40', 'EUR')).toBeNull();
    expect(usableOrderTotal('$0.00', 'EUR')).toBe('$0.00');
    expect(usableOrderTotal('¥0', 'JPY')).toBeNull();
    expect(usableOrderTotal(undefined)).toBeNull();
  });
});
