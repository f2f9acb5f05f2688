import type { CartLine } from '#web/types/cart-line.ts';

/** The cart as the cart page shows it (docs/behaviour/cart.md#cart-data). */
export interface CartView {
  items: readonly CartLine[];
  count: number;
  total: string;
  totalValue: number | null;
  /** True while the total cannot be worked out yet: 'Calculating...'. */
  totalPending: boolean;
  coupons: readonly string[];
}

/** How a cart change ended; a failure carries words for the shopper and the provider's own detail. */
export type CartResult = { ok: true } | { ok: false; message: string; detail?: string };
