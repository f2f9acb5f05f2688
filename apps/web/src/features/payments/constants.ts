import { zeroMoney } from '@store/contracts/money';
import { storeConfig } from '#web/lib/store-config.ts';

/** The payment provider's builder is polled every 200 ms, 50 times (10 s) (docs/behaviour/cart.md#payment-provider-readiness). */
export const SBL_POLL_INTERVAL_MS = 200;
export const SBL_POLL_ATTEMPTS = 50;
/** The currency of a summed total when no item names one (docs/behaviour/cart.md#totals). */
export const DEFAULT_CART_CURRENCY = 'CAD';
/** The zero total in the store currency (docs/behaviour/cart.md#totals). */
export const ZERO_TOTAL = zeroMoney(storeConfig.currency);
/**
 * How long a cart change may wait for the provider's callback before it counts as failed.
 * Our own limit: without it a lost callback would leave a button on 'Processing...' for good.
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
