import type { SblBuilder, SblCallback } from '@store/contracts/payments/sbl';
import { SBL_ACTION_TIMEOUT_MS } from './constants';
import { ensureSblScript, installSblCallbacks, waitForBuilder, type SblScriptConfig } from './sbl-client';
import type { ActionFailure, CartActionName, CartSnapshot, CompletedOrder, PaymentsFailure, PaymentsStatus, ProviderNotice } from './types';
import { createDebugLog, type DebugLog } from '#web/lib/debug-log.ts';
import { isRecord } from '@store/contracts/is-record';
import { EMPTY_CART, parseCartData } from './utils/parse-cart';

/**
 * How long after the builder appears the cart counts as loaded even if the provider has
 * not sent its cart yet (the SBL normally sends it right away). Our own addition: it keeps
 * the cart page from spinning for good when the first data callback never comes.
 */
export const CART_DATA_GRACE_MS = 2_000;
/** How long a verified change (a promo code) waits for cart data when its callback brought none. */
const LATE_DATA_MS = 1_000;

export interface PaymentsState {
  status: PaymentsStatus;
  failure: PaymentsFailure | null;
  cart: CartSnapshot;
  /** True once the provider sent its first cart (or the grace time passed after it became ready). */
  cartLoaded: boolean;
  /** Cart changes waiting for the provider's answer. */
  pendingActions: number;
  /** The provider's latest error event that no cart change was waiting for. */
  notice: ProviderNotice | null;
}

export interface PaymentsActions {
  /** Adds a product (quantity 1 unless given: docs/behaviour/cart.md#quantities). */
  add(path: string, quantity?: number): Promise<boolean>;
  remove(path: string): Promise<boolean>;
  /** Sets a line's quantity; 0 or less removes it (docs/behaviour/cart.md#quantities). */
  update(path: string, quantity: number): Promise<boolean>;
  /** Empties the cart (`reset`). */
  clear(): Promise<boolean>;
  /** Applies a promo code; false when the provider rejects it or leaves it out of the cart's coupons. */
  applyCoupon(code: string): Promise<boolean>;
  /** Removes the applied coupon (`promo('')`). */
  removeCoupon(): Promise<boolean>;
  /** Opens the provider's checkout in `#fsc-embedded-checkout-container`. */
  startCheckout(): boolean;
  /**
   * Reads the session's cart again (`get`), so a change made in another tab shows
   * (docs/behaviour/cart.md#cart-page). Does nothing until the provider is ready: its first cart is current.
   */
  refreshCart(): void;
}

export type CheckoutStartHandler = (productPaths: string[]) => Record<string, string> | undefined;

export interface PaymentsStore extends PaymentsActions {
  getState(): PaymentsState;
  subscribe(listener: () => void): () => void;
  /** Defines the callbacks, inserts the script once and waits for the builder; returns a stop function. */
  start(config: SblScriptConfig): () => void;
  /** Called once per completed order, after the cart was emptied. */
  setOrderCompleteHandler(handler: ((order: CompletedOrder) => void) | undefined): void;
  /**
   * Called as the checkout starts with the cart's product paths; the tags it returns are given to
   * the payment session (the app links the order to its analytics this way).
   */
  setCheckoutStartHandler(handler: CheckoutStartHandler | undefined): void;
  /** The cart as of now (for code that continues after awaiting an action). */
  getCart(): CartSnapshot;
  /** Why the most recent failed action failed. */
  getLastFailure(): ActionFailure | null;
  dismissNotice(): void;
  /** The last lines of the debug log (docs/behaviour/cart.md#debug-log). */
  debugLog(): readonly string[];
}

/** Plain words for each failed change; the provider's own message is added when it sent one. */
export const FAILURE_MESSAGES: Record<CartActionName, string> = {
  add: "We couldn't add this item to your cart.",
  remove: "We couldn't remove this item from your cart.",
  update: "We couldn't change the quantity.",
  clear: "We couldn't clear your cart.",
  coupon: "This promo code wasn't accepted.",
  checkout: "We couldn't open the checkout.",
};
export const NOT_READY_MESSAGE = 'The payment service is not ready yet.';

interface PendingAction {
  action: CartActionName;
  settle(ok: boolean, failure?: ActionFailure): void;
}

function describeThrown(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export interface PaymentsStoreOptions {
  win?: Window;
  log?: DebugLog;
  actionTimeoutMs?: number;
}

/**
 * The cart provider without React: owns the SBL's callbacks, readiness, the parsed cart and
 * every cart change. React reads it through `useSyncExternalStore` (payments-provider.tsx).
 */
export function createPaymentsStore({
  win: givenWin,
  log = createDebugLog('[payments]'),
  actionTimeoutMs = SBL_ACTION_TIMEOUT_MS,
}: PaymentsStoreOptions = {}): PaymentsStore {
  let state: PaymentsState = { status: 'loading', failure: null, cart: EMPTY_CART, cartLoaded: false, pendingActions: 0, notice: null };
  const listeners = new Set<() => void>();
  const pending = new Set<PendingAction>();
  const handledOrders = new Set<string>();
  let builder: SblBuilder | null = null;
  let lastFailure: ActionFailure | null = null;
  let onOrderComplete: ((order: CompletedOrder) => void) | undefined;
  let onCheckoutStart: CheckoutStartHandler | undefined;
  let noticeId = 0;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (patch: Partial<PaymentsState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const dataWaiters = new Set<() => void>();
  const nextData = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        dataWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      dataWaiters.add(done);
    });

  const applyData = (raw: unknown) => {
    const cart = parseCartData(raw, (problem) => log.add(problem, 'warn'));
    if (cart === null) return;
    setState({ cart, cartLoaded: true });
    for (const waiter of [...dataWaiters]) waiter();
  };

  const fail = (action: CartActionName, providerMessage?: string): ActionFailure => ({
    action,
    message: FAILURE_MESSAGES[action],
    ...(providerMessage ? { providerMessage } : {}),
  });

  /**
   * Runs one builder call and resolves when its callback fires: true, unless the provider
   * reported an error meanwhile, `verify` finds the result wrong, the call threw, or no
   * answer came within the timeout.
   */
  const run = (
    action: CartActionName,
    label: string,
    invoke: (sbl: SblBuilder, done: SblCallback) => void,
    verify?: (cart: CartSnapshot) => boolean,
  ): Promise<boolean> => {
    const sbl = builder;
    if (state.status !== 'ready' || sbl === null) {
      lastFailure = { action, message: NOT_READY_MESSAGE };
      log.add(`${label} ignored: the payment provider is not ready`, 'warn');
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const entry: PendingAction = {
        action,
        settle(ok, failure) {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          pending.delete(entry);
          if (ok) {
            log.add(`${label}: done`);
          } else {
            lastFailure = failure ?? fail(action);
            log.add(`${label} failed: ${lastFailure.providerMessage ?? lastFailure.message}`, 'warn');
          }
          setState({ pendingActions: pending.size });
          resolve(ok);
        },
      };
      const timer = setTimeout(() => entry.settle(false, fail(action, 'The payment service did not answer in time.')), actionTimeoutMs);
      pending.add(entry);
      setState({ pendingActions: pending.size });
      log.add(`${label}…`);
      try {
        invoke(sbl, (data) => {
          if (settled) return;
          if (data !== undefined) applyData(data);
          if (!verify || verify(state.cart)) return entry.settle(true);
          if (data !== undefined) return entry.settle(false, fail(action));
          // The callback brought no cart: judge by the next data callback, if one comes soon.
          void nextData(LATE_DATA_MS).then(() => (verify(state.cart) ? entry.settle(true) : entry.settle(false, fail(action))));
        });
      } catch (error) {
        entry.settle(false, fail(action, describeThrown(error)));
      }
    });
  };

  const clear = () => run('clear', 'reset', (sbl, done) => sbl.reset(done));

  const completeOrder = (raw: unknown, source: 'popup-closed' | 'webhook-received') => {
    if (!isRecord(raw)) {
      if (source === 'popup-closed') log.add('checkout closed without an order');
      else log.add('webhook-received without an order object', 'warn');
      return;
    }
    const reference = nonEmptyText(raw.reference) ?? nonEmptyText(raw.id);
    if (reference === null) {
      log.add(`${source}: the order has no reference`, 'warn');
      return;
    }
    if (handledOrders.has(reference)) return;
    handledOrders.add(reference);
    log.add(`order ${reference} completed (${source})`);
    void clear();
    onOrderComplete?.({ id: nonEmptyText(raw.id) ?? reference, reference });
  };

  const handlers = {
    onData: applyData,
    onError(code: unknown, message: unknown) {
      const codeText = typeof code === 'string' || typeof code === 'number' ? String(code) : 'unknown';
      const text = nonEmptyText(message) ?? '';
      log.add(`provider error ${codeText}: ${text || '(no message)'}`, 'warn');
      if (pending.size > 0) {
        // The error belongs to the change(s) waiting for an answer.
        for (const entry of [...pending]) entry.settle(false, fail(entry.action, text || undefined));
      } else {
        noticeId += 1;
        setState({ notice: { id: noticeId, code: codeText, message: text } });
      }
    },
    onPopupClosed: (order: unknown) => completeOrder(order, 'popup-closed'),
    onWebhookReceived: (order: unknown) => completeOrder(order, 'webhook-received'),
  };

  const store: PaymentsStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start(config) {
      // Read here, not as a default: the store is also created where there is no window (server rendering).
      const win = givenWin ?? window;
      let active = true;
      let stopWaiting = (): void => undefined;
      const removeCallbacks = installSblCallbacks(handlers, win);
      const script = ensureSblScript(config, win.document);
      const failLoading = (failure: PaymentsFailure) => {
        if (!active || state.status === 'ready') return;
        stopWaiting();
        log.add(failure === 'script' ? `the payment script failed to load (${config.scriptUrl})` : 'the payment provider did not start within 10 s', 'warn');
        setState({ status: 'failed', failure });
      };
      const onScriptError = () => failLoading('script');
      script.addEventListener('error', onScriptError);
      if (script.dataset.loadState === 'failed') {
        failLoading('script');
      } else {
        stopWaiting = waitForBuilder({
          win,
          onReady(found) {
            builder = found;
            log.add('payment provider ready');
            setState({ status: 'ready', failure: null });
            if (!state.cartLoaded) {
              graceTimer = setTimeout(() => {
                if (!state.cartLoaded) {
                  log.add('no cart data yet; showing an empty cart', 'warn');
                  setState({ cartLoaded: true });
                }
              }, CART_DATA_GRACE_MS);
            }
          },
          onTimeout: () => failLoading('timeout'),
        });
      }
      return () => {
        active = false;
        stopWaiting();
        clearTimeout(graceTimer);
        script.removeEventListener('error', onScriptError);
        removeCallbacks();
      };
    },

    setOrderCompleteHandler(handler) {
      onOrderComplete = handler;
    },

    setCheckoutStartHandler(handler) {
      onCheckoutStart = handler;
    },

    add(path, quantity = 1) {
      const wanted = Number.isFinite(quantity) ? Math.max(1, Math.trunc(quantity)) : 1;
      return run('add', `add ${path}`, (sbl, done) => sbl.add(path, done)).then((ok) =>
        ok && wanted > 1 ? run('update', `update ${path} to ${wanted}`, (sbl, done) => sbl.update(path, wanted, done)) : ok,
      );
    },
    remove: (path) => run('remove', `remove ${path}`, (sbl, done) => sbl.remove(path, done)),
    update(path, quantity) {
      const wanted = Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
      if (wanted <= 0) return store.remove(path);
      return run('update', `update ${path} to ${wanted}`, (sbl, done) => sbl.update(path, wanted, done));
    },
    clear,
    applyCoupon(code) {
      const trimmed = code.trim();
      if (trimmed === '') {
        lastFailure = { action: 'coupon', message: 'Enter a promo code.' };
        return Promise.resolve(false);
      }
      const wanted = trimmed.toUpperCase();
      return run(
        'coupon',
        `promo ${trimmed}`,
        (sbl, done) => sbl.promo(trimmed, done),
        (cart) => cart.coupons.some((applied) => applied.toUpperCase() === wanted),
      );
    },
    removeCoupon: () => run('coupon', 'promo (remove)', (sbl, done) => sbl.promo('', done)),
    startCheckout() {
      if (state.status !== 'ready' || builder === null) {
        lastFailure = { action: 'checkout', message: NOT_READY_MESSAGE };
        log.add('checkout ignored: the payment provider is not ready', 'warn');
        return false;
      }
      try {
        // The order the provider's webhook brings back carries the session's tags.
        const tags = onCheckoutStart?.(state.cart.items.map((line) => line.path));
        if (tags) builder.push({ tags });
        builder.checkout();
        log.add('checkout started');
        return true;
      } catch (error) {
        lastFailure = fail('checkout', describeThrown(error));
        log.add(`checkout failed: ${describeThrown(error)}`, 'warn');
        return false;
      }
    },

    refreshCart() {
      if (state.status !== 'ready' || builder === null) return;
      try {
        builder.get((data) => {
          if (data !== undefined) applyData(data);
        });
        log.add('cart read again (get)');
      } catch (error) {
        log.add(`reading the cart again failed: ${describeThrown(error)}`, 'warn');
      }
    },

    getCart: () => state.cart,
    getLastFailure: () => lastFailure,
    dismissNotice: () => setState({ notice: null }),
    debugLog: () => log.lines(),
  };
  return store;
}
