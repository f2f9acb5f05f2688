import { ZERO_TOTAL } from '../constants';
import type { CartView } from '../types';

/** Nothing to pay (docs/behaviour/cart.md#totals): the button reads 'Get Free Products'. */
export function isFreeCart(cart: CartView): boolean {
  return cart.items.length > 0 && !cart.totalPending && (cart.totalValue === 0 || cart.total === ZERO_TOTAL);
}
