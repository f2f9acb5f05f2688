import { createDebugLog, type DebugLog } from '#web/lib/debug-log.ts';
import { EMPTY_CART } from './constants';
import type { PaymentsState, PaymentsStore } from './payments-store';
import type { ActionFailure, CartActionName, PaymentsFailure } from './types';

export const NOT_READY_MESSAGE = 'The payment service is not ready yet.';

/** The payments state until the provider is ready: the store's first state, on the server and in the browser alike. */
export const LOADING_STATE: PaymentsState = { status: 'loading', failure: null, cart: EMPTY_CART, cartLoaded: false, pendingActions: 0, notice: null };

export interface WaitingPaymentsStoreOptions {
  /** Set when the payments store's own code could not be loaded: the cart will never be ready. */
  failure?: PaymentsFailure;
  log?: DebugLog;
}

/**
 * Stands in for the payments store while its code loads (payments-provider.tsx), and where no
 * provider is at all: the cart is loading, and every change does nothing and answers failure,
 * as the store itself does before the payment provider is ready (docs/behaviour/cart.md#cart-changes).
 */
export function createWaitingPaymentsStore({ failure, log = createDebugLog('[payments]') }: WaitingPaymentsStoreOptions = {}): PaymentsStore {
  const state: PaymentsState = failure ? { ...LOADING_STATE, status: 'failed', failure } : LOADING_STATE;
  let lastFailure: ActionFailure | null = null;
  const refuse = (action: CartActionName) => {
    lastFailure = { action, message: NOT_READY_MESSAGE };
    log.add(`${action} ignored: the payment provider is not ready`, 'warn');
    return false;
  };
  const ignored = () => undefined;
  return {
    getState: () => state,
    subscribe: () => ignored,
    start: () => ignored,
    setOrderCompleteHandler: ignored,
    setCheckoutStartHandler: ignored,
    add: async () => refuse('add'),
    remove: async () => refuse('remove'),
    update: async () => refuse('update'),
    clear: async () => refuse('clear'),
    applyCoupon: async () => refuse('coupon'),
    removeCoupon: async () => refuse('coupon'),
    startCheckout: () => refuse('checkout'),
    refreshCart: ignored,
    getCart: () => state.cart,
    getLastFailure: () => lastFailure,
    dismissNotice: ignored,
    debugLog: () => log.lines(),
  };
}
