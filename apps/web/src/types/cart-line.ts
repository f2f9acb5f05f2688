/**
 * One line of the cart: the payments feature reads it from the provider, the cart feature shows
 * it. Shared here so the two agree on one shape without importing each other.
 */
export interface CartLine {
  path: string;
  display: string;
  image: string | null;
  /** HTML from the provider: sanitise before rendering. */
  summaryHtml: string;
  quantity: number;
  /** Unit price after discounts ('$79.00'), else the list price. */
  unitPrice: string;
  /** Unit list price, shown struck through when a discount lowers the unit price. */
  price: string;
  /** Line total text and its numeric twin (null when neither is known). */
  total: string;
  totalValue: number | null;
}
