import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createDebugLog } from '#web/lib/debug-log.ts';
import type { CheckoutStartHandler, PaymentsActions, PaymentsState, PaymentsStore } from './payments-store';
import type { SblScriptConfig } from './sbl-client';
import type { CompletedOrder } from './types';
import { createWaitingPaymentsStore } from './waiting-payments-store';

/**
 * Without a provider (component tests of pages that show cart buttons) the cart is simply
 * never ready: buttons say 'Loading...' and every change answers false.
 */
const PaymentsContext = createContext<PaymentsStore>(createWaitingPaymentsStore());

/**
 * The store, with the SBL client and the cart parser: nothing a page shows as it arrives needs
 * them (the cart is loading until the provider's own script has run), so they are not part of the
 * JavaScript a page needs to start. Fetched as soon as the provider is mounted, just before it
 * would have inserted the provider's script anyway.
 */
const loadPaymentsStore = () => import('./payments-store');

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
  // Rendered on the server and hydrated with the waiting store: the same 'loading' cart on both sides.
  const [waiting] = useState(() => createWaitingPaymentsStore());
  const [loaded, setLoaded] = useState<PaymentsStore>();
  const store = given ?? loaded ?? waiting;
  useEffect(() => {
    if (given) return;
    let current = true;
    loadPaymentsStore().then(
      ({ createPaymentsStore }) => current && setLoaded(createPaymentsStore()),
      (error: unknown) => {
        if (!current) return;
        // A deploy replaced the file or the connection dropped: told as a payment script that did not load.
        const log = createDebugLog('[payments]');
        log.add(`the payments code failed to load: ${error instanceof Error ? error.message : String(error)}`, 'warn');
        setLoaded(createWaitingPaymentsStore({ failure: 'script', log }));
      },
    );
    return () => {
      current = false;
    };
  }, [given]);
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
