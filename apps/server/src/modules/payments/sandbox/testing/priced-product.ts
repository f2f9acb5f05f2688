import { priceLines, type PricedProduct } from '../pricing';

/** reMIDI 4 as the sandbox prices it, with the given fields changed (unit tests). */
export const pricedProduct = (overrides: Partial<PricedProduct> = {}): PricedProduct => ({
  id: 1,
  path: 'remidi-4',
  sku: 'SW-REMIDI4',
  displayName: 'reMIDI 4',
  summaryHtml: '<p>Pads</p>',
  imagePath: '/media/covers/remidi-4.svg',
  priceMinor: 7900,
  currency: 'USD',
  discountPercent: 0,
  discountAmountMinor: null,
  discountReason: null,
  ...overrides,
});

/** Prices `[path, quantity]` pairs against a catalogue, in US dollars (unit tests). */
export function priceUsdLines(catalogue: Map<string, PricedProduct>, quantities: Array<[path: string, quantity: number]>) {
  return priceLines(
    quantities.map(([path, quantity]) => ({ path, quantity })),
    catalogue,
    'USD',
  );
}
