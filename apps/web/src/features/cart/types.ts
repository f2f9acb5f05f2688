/** A cart line as the cart page shows it; the app layer passes the payment provider's lines in. */
export interface CartLineView {
  path: string;
  display: string;
  image: string | null;
  /** HTML from the provider; the page sanitises it. */
  summaryHtml: string;
  quantity: number;
  /** What one costs after discounts. */
  unitPrice: string;
  /** The list price, shown struck through when a discount lowers the unit price. */
  price?: string;
  total: string;
}

/** The cart as the cart page shows it (docs/behaviour/cart.md#cart-data). */
export interface CartView {
  items: readonly CartLineView[];
  count: number;
  total: string;
  totalValue: number | null;
  /** True while the total cannot be worked out yet: 'Calculating...'. */
  totalPending: boolean;
  coupons: readonly string[];
}

/** How a cart change ended; a failure carries words for the shopper and the provider's own detail. */
export type CartResult = { ok: true } | { ok: false; message: string; detail?: string };
