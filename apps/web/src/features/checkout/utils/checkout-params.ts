import type { CheckoutParams } from '../types';

function firstNonEmpty(search: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/**
 * Reads the checkout's query parameters (docs/behaviour/checkout.md#url-parameters). A quantity that is not a
 * whole number of at least 1 becomes 1, with a console warning; nothing is shown to the
 * shopper.
 */
export function parseCheckoutParams(search: URLSearchParams, warn: (message: string) => void = console.warn): CheckoutParams {
  const rawQuantity = search.get('quantity');
  let quantity = 1;
  if (rawQuantity !== null && rawQuantity.trim() !== '') {
    const trimmed = rawQuantity.trim();
    const parsed = /^\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= 1) quantity = parsed;
    else warn(`Checkout: the quantity "${rawQuantity}" is not a whole number of at least 1; using 1`);
  }
  return {
    product: firstNonEmpty(search, ['product']),
    quantity,
    buyNow: search.get('buyNow') === 'true',
    coupon: firstNonEmpty(search, ['coupon', 'promo', 'discount']),
  };
}
