import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPaymentsStore, type CheckoutStartHandler, type PaymentsActions, type PaymentsState, type PaymentsStore } from './payments-store';
import type { SblScriptConfig } from './sbl-client';
import type { CompletedOrder } from './types';

/**
 * Without a provider (component tests of pages that show cart buttons) the cart is simply
 * never ready: buttons say 'Loading...' and every change answers false.
 */
const PaymentsContext = createContext<PaymentsStore>(createPaymentsStore());

export interface PaymentsProviderProps {
  /** Which SBL script to load and which storefront it opens (the store's public config). */
  config: SblScriptConfig;
  /** Where to send the shopper once an order is complete; the cart is already being emptied. */
  onOrderComplete?: (order: CompletedOrder) => void;
  /** As the checkout starts: the tags to give the payment session, if any. */
  onCheckoutStart?: CheckoutStartHandler;
  /** For tests: a store created beforehand. */
  store?: PaymentsStore;
  children: ReactNode;
}

/** Loads the payment provider's script once for the whole app and keeps the cart. */
export function PaymentsProvider({ config, onOrderComplete, onCheckoutStart, store: given, children }: PaymentsProviderProps) {
  const [created] = useState(() => given ?? createPaymentsStore());
  const store = given ?? created;
  const { scriptUrl, storefront } = config;
  useEffect(() => store.start({ scriptUrl, storefront }), [store, scriptUrl, storefront]);
  useEffect(() => store.setOrderCompleteHandler(onOrderComplete), [store, onOrderComplete]);
  useEffect(() => store.setCheckoutStartHandler(onCheckoutStart), [store, onCheckoutStart]);
  return <PaymentsContext value={store}>{children}</PaymentsContext>;
}

export type Payments = PaymentsState & PaymentsActions & Pick<PaymentsStore, 'getCart' | 'getLastFailure' | 'dismissNotice' | 'debugLog'>;

/**
 * One value derived from the payment state: the component re-renders only when that value
 * changes (compared with Object.is, so select primitives). The cart buttons of a product
 * grid use it, so a cart change re-renders the one button it concerns, not the page.
 */
export function usePaymentsSelector<T>(select: (state: PaymentsState) => T): T {
  const store = useContext(PaymentsContext);
  const selectFromStore = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, selectFromStore, selectFromStore);
}

/** The cart changes alone, without subscribing to the state (they never change identity). */
export function usePaymentsActions(): PaymentsActions {
  return useContext(PaymentsContext);
}

/** Whether the cart can be changed: the provider is ready and has sent its cart. */
export const selectCartReady = (state: PaymentsState): boolean => state.status === 'ready' && state.cartLoaded;

/** The cart, the provider's readiness and every cart change. */
export function usePayments(): Payments {
  const store = useContext(PaymentsContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => ({
      ...state,
      add: store.add,
      remove: store.remove,
      update: store.update,
      clear: store.clear,
      applyCoupon: store.applyCoupon,
      removeCoupon: store.removeCoupon,
      startCheckout: store.startCheckout,
      refreshCart: store.refreshCart,
      getCart: store.getCart,
      getLastFailure: store.getLastFailure,
      dismissNotice: store.dismissNotice,
      debugLog: store.debugLog,
    }),
    [state, store],
  );
}
