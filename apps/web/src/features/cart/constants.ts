import { zeroMoney } from '@store/contracts/money';
import { storeConfig } from '#web/lib/store-config.ts';

/** Cart feedback ('Added!', 'Removed!') lasts 2000 ms (docs/behaviour/cart.md#product-card-button). */
export const CART_FEEDBACK_MS = 2_000;
/** The zero total in the store currency; the Secure Checkout button then reads 'Get Free Products' (docs/behaviour/cart.md#totals). */
export const ZERO_TOTAL = zeroMoney(storeConfig.currency);
/** Cart line images are drawn at this size (CSS px); the attributes reserve the space. */
export const CART_IMAGE_SIZE = 96;
