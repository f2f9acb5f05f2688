/** Storefront spec §9: the provider's checkout starts about 0.5 s after arriving on /checkout. */
export const CHECKOUT_START_DELAY_MS = 500;
/** Storefront spec §9: a signed-in shopper's details are pre-filled 2 s after the checkout opens. */
export const PREFILL_DELAY_MS = 2_000;
/** Storefront spec §9: the embedded checkout is at least 600 px tall. */
export const CHECKOUT_MIN_HEIGHT_PX = 600;
/**
 * How long after `checkout()` an empty container counts as 'Checkout not loading'. Not in
 * the spec; long enough for a slow connection to draw the provider's frame.
 */
export const CHECKOUT_STALL_MS = 8_000;
/** Element the provider's embedded checkout renders into (the SBL's convention). */
export { SBL_EMBEDDED_CONTAINER_ID as CHECKOUT_CONTAINER_ID } from '@store/contracts/payments/sbl';
