/** The provider's checkout starts about 0.5 s after arriving on /checkout (docs/behaviour/checkout.md#starting-the-checkout). */
export const CHECKOUT_START_DELAY_MS = 500;
/** A signed-in shopper's details are pre-filled 2 s after the checkout opens (docs/behaviour/checkout.md#prefill). */
export const PREFILL_DELAY_MS = 2_000;
/** The embedded checkout is at least 600 px tall (docs/behaviour/checkout.md#constants). */
export const CHECKOUT_MIN_HEIGHT_PX = 600;
/**
 * How long after `checkout()` an empty container counts as 'Checkout not loading'. Our own
 * limit; long enough for a slow connection to draw the provider's frame.
 */
export const CHECKOUT_STALL_MS = 8_000;
/**
 * A popup storefront's checkout opens in a window over the page; the embedded container, hidden
 * meanwhile, is shown again this long after `checkout()` (docs/behaviour/checkout.md#popup-storefronts).
 */
export const POPUP_CONTAINER_RESHOW_MS = 1_000;
/** Element the provider's embedded checkout renders into (the SBL's convention). */
export { SBL_EMBEDDED_CONTAINER_ID as CHECKOUT_CONTAINER_ID } from '@store/contracts/payments/sbl';
