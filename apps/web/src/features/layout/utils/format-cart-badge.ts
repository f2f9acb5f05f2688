/** The cart badge caps at 99+ (docs/behaviour/site.md#cart-button). */
export const CART_BADGE_MAX = 99;

/** The text of the cart's item-count badge, or null when no badge should show. */
export function formatCartBadge(count: number): string | null {
  if (!Number.isFinite(count)) return null;
  const items = Math.floor(count);
  if (items <= 0) return null;
  return items > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(items);
}

/** The cart button's tooltip and accessible name (docs/behaviour/site.md#cart-button). */
export function cartButtonLabel(count: number): string {
  return count > 0 ? `${count} item(s) in cart` : 'View shopping cart';
}
