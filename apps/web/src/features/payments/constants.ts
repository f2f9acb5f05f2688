/** Storefront spec §9: the payment provider's builder is polled every 200 ms, 50 times (10 s). */
export const SBL_POLL_INTERVAL_MS = 200;
export const SBL_POLL_ATTEMPTS = 50;
/** Storefront spec §9: the debug log keeps the last 10 lines. */
export const DEBUG_LOG_LIMIT = 10;
/** Storefront spec §5/§9: the currency of a summed total when no item names one. */
export const DEFAULT_CART_CURRENCY = 'CAD';
/** Storefront spec §9: the zero total string. */
export const ZERO_TOTAL = '$0.00';
/**
 * How long a cart change may wait for the provider's callback before it counts as failed.
 * Not in the spec: without it a lost callback would leave a button on 'Processing...' for good.
 */
export const SBL_ACTION_TIMEOUT_MS = 15_000;

/**
 * Names of the global functions the SBL calls (its `data-*-callback` attributes). The
 * provider defines them on `window` before it inserts the script.
 */
export const SBL_CALLBACKS = {
  data: 'storeSblDataCallback',
  error: 'storeSblErrorCallback',
  popupClosed: 'storeSblPopupClosed',
  webhookReceived: 'storeSblWebhookReceived',
} as const;
