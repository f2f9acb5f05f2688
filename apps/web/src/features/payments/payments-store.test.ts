import { SBL_SCRIPT_ID } from '@store/contracts/payments/sbl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SBL_CALLBACKS } from './constants';
import { CART_DATA_GRACE_MS, createPaymentsStore, FAILURE_MESSAGES, NOT_READY_MESSAGE, type PaymentsStore } from './payments-store';
import { FakeSbl } from './testing/fake-sbl';
import { createDebugLog } from '#web/lib/debug-log.ts';

const CONFIG = { scriptUrl: 'https://sbl.example.test/builder.js', storefront: 'shop.test.onfastspring.com/embedded-shop' };
const PRODUCTS = {
  'pad-mapper': { display: 'Pad Mapper', price: 79 },
  'note-router': { display: 'Note Router', price: 29 },
  'pad-mapper-trial': { display: 'Pad Mapper Trial', price: 0 },
};

let stops: Array<() => void> = [];

function startStore(options: ConstructorParameters<typeof FakeSbl>[0] = { products: PRODUCTS, coupons: { SAVE10: 10 } }) {
  const store = createPaymentsStore({ log: createDebugLog('[test]'), actionTimeoutMs: 1_000 });
  stops.push(store.start(CONFIG));
  const sbl = new FakeSbl(options);
  return { store, sbl };
}

async function readyStore(options?: ConstructorParameters<typeof FakeSbl>[0]) {
  const started = startStore(options);
  started.sbl.load();
  await vi.advanceTimersByTimeAsync(200);
  expect(started.store.getState().status).toBe('ready');
  return started;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  FakeSbl.uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading the provider', () => {
  it('defines the four callbacks on window, then inserts one script with the SBL attributes', () => {
    const { store } = startStore();
    const scripts = document.querySelectorAll(`script#${SBL_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe(CONFIG.scriptUrl);
    expect(script.getAttribute('data-storefront')).toBe(CONFIG.storefront);
    expect(script.getAttribute('data-continuous')).toBe('true');
    for (const [attribute, name] of [
      ['data-data-callback', SBL_CALLBACKS.data],
      ['data-error-callback', SBL_CALLBACKS.error],
      ['data-popup-closed', SBL_CALLBACKS.popupClosed],
      ['data-popup-webhook-received', SBL_CALLBACKS.webhookReceived],
    ] as const) {
      expect(script.getAttribute(attribute)).toBe(name);
      expect(typeof (window as unknown as Record<string, unknown>)[name]).toBe('function');
    }
    // A second start (StrictMode, a remount) reuses the script.
    stops.push(store.start(CONFIG));
    expect(document.querySelectorAll(`script#${SBL_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('polls every 200 ms and is ready once window.fastspring.builder appears', async () => {
    const { store, sbl } = startStore();
    expect(store.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().status).toBe('loading');
    sbl.load();
    await vi.advanceTimersByTimeAsync(199);
    expect(store.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState()).toMatchObject({ status: 'ready', failure: null, cartLoaded: true });
  });

  it('gives up after 50 polls of 200 ms (10 s) and stays not ready', async () => {
    const { store, sbl } = startStore();
    await vi.advanceTimersByTimeAsync(50 * 200 - 1);
    expect(store.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState()).toMatchObject({ status: 'failed', failure: 'timeout' });
    // A builder that turns up later is not picked up: the shopper is told to reload.
    sbl.load();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().status).toBe('failed');
    expect(console.warn).toHaveBeenCalledWith('[test]', 'the payment provider did not start within 10 s');
  });

  it('fails at once when the script cannot be loaded', async () => {
    const { store, sbl } = startStore();
    sbl.failToLoad();
    expect(store.getState()).toMatchObject({ status: 'failed', failure: 'script' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(store.getState().failure).toBe('script');
  });

  it('ignores a builder without the methods it needs', async () => {
    const { store } = startStore();
    (window as unknown as { fastspring: unknown }).fastspring = { builder: { add: 'nope' } };
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.getState().failure).toBe('timeout');
  });

  it('counts the cart as loaded after a grace time when the provider sends no data', async () => {
    const { store } = startStore();
    (window as unknown as { fastspring: unknown }).fastspring = { builder: new FakeSbl({ products: PRODUCTS }).builder };
    await vi.advanceTimersByTimeAsync(200);
    expect(store.getState()).toMatchObject({ status: 'ready', cartLoaded: false });
    await vi.advanceTimersByTimeAsync(CART_DATA_GRACE_MS);
    expect(store.getState().cartLoaded).toBe(true);
  });

  it('parses the first cart the provider sends', async () => {
    const { store } = await readyStore({ products: PRODUCTS, initialCart: { 'pad-mapper': 2 } });
    expect(store.getState().cart).toMatchObject({ count: 2, total: '$158.00', totalValue: 158 });
  });

  it('keeps the last cart when the provider sends something that is not one', async () => {
    const { store } = await readyStore({ products: PRODUCTS, initialCart: { 'note-router': 1 } });
    (window as unknown as Record<string, (data: unknown) => void>)[SBL_CALLBACKS.data]!('garbage');
    expect(store.getState().cart.count).toBe(1);
  });
});

describe('cart changes', () => {
  it.each<[string, (store: PaymentsStore) => Promise<boolean>]>([
    ['add', (store) => store.add('pad-mapper')],
    ['remove', (store) => store.remove('pad-mapper')],
    ['update', (store) => store.update('pad-mapper', 2)],
    ['clear', (store) => store.clear()],
    ['applyCoupon', (store) => store.applyCoupon('SAVE10')],
    ['removeCoupon', (store) => store.removeCoupon()],
  ])('%s answers false with a warning while the provider is not ready', async (_name, change) => {
    const { store, sbl } = startStore();
    await expect(change(store)).resolves.toBe(false);
    expect(sbl.calls).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith('[test]', expect.stringMatching(/ignored: the payment provider is not ready$/));
    expect(store.getLastFailure()?.message).toBe(NOT_READY_MESSAGE);
    expect(store.startCheckout()).toBe(false);
  });

  it('adds one, resolving when the provider’s callback fires', async () => {
    const { store, sbl } = await readyStore();
    const pending = store.add('pad-mapper');
    expect(store.getState().pendingActions).toBe(1);
    await expect(pending).resolves.toBe(true);
    expect(sbl.calls).toEqual([{ method: 'add', args: ['pad-mapper'] }]);
    expect(store.getState()).toMatchObject({ pendingActions: 0, cart: { count: 1, total: '$79.00' } });
  });

  it('adds a quantity as add then update', async () => {
    const { store, sbl } = await readyStore();
    await expect(store.add('note-router', 3)).resolves.toBe(true);
    expect(sbl.calls).toEqual([
      { method: 'add', args: ['note-router'] },
      { method: 'update', args: ['note-router', 3] },
    ]);
    expect(store.getCart().count).toBe(3);
  });

  it('updates a quantity, and removes the line for 0 or less', async () => {
    const { store, sbl } = await readyStore({ products: PRODUCTS, initialCart: { 'pad-mapper': 1, 'note-router': 2 } });
    await expect(store.update('pad-mapper', 4)).resolves.toBe(true);
    await expect(store.update('note-router', 0)).resolves.toBe(true);
    await expect(store.update('pad-mapper', -3)).resolves.toBe(true);
    expect(sbl.calls).toEqual([
      { method: 'update', args: ['pad-mapper', 4] },
      { method: 'remove', args: ['note-router'] },
      { method: 'remove', args: ['pad-mapper'] },
    ]);
    expect(store.getCart().items).toEqual([]);
  });

  it('clears the cart with reset', async () => {
    const { store, sbl } = await readyStore({ products: PRODUCTS, initialCart: { 'pad-mapper': 1 } });
    await expect(store.clear()).resolves.toBe(true);
    expect(sbl.calls).toEqual([{ method: 'reset', args: [] }]);
    expect(store.getCart().count).toBe(0);
  });

  it('applies a coupon the provider accepts, and removes it with an empty code', async () => {
    const { store, sbl } = await readyStore({ products: PRODUCTS, coupons: { SAVE10: 10 }, initialCart: { 'pad-mapper': 1 } });
    await expect(store.applyCoupon('  save10 ')).resolves.toBe(true);
    expect(store.getCart()).toMatchObject({ coupons: ['SAVE10'], total: '$71.10' });
    await expect(store.removeCoupon()).resolves.toBe(true);
    expect(sbl.calls.map((call) => call.args)).toEqual([['save10'], ['']]);
    expect(store.getCart().coupons).toEqual([]);
  });

  it('reports a coupon the provider rejects with an error, with the provider’s message', async () => {
    const { store } = await readyStore({ products: PRODUCTS, coupons: {}, rejectCoupons: 'error' });
    await expect(store.applyCoupon('BOGUS')).resolves.toBe(false);
    expect(store.getLastFailure()).toEqual({ action: 'coupon', message: FAILURE_MESSAGES.coupon, providerMessage: 'Coupon code "BOGUS" is not valid.' });
    // The error belonged to the promo call: no page-wide notice.
    expect(store.getState().notice).toBeNull();
  });

  it('reports a coupon the provider silently leaves out of the cart’s coupons', async () => {
    const { store } = await readyStore({ products: PRODUCTS, coupons: {}, rejectCoupons: 'silent' });
    await expect(store.applyCoupon('BOGUS')).resolves.toBe(false);
    expect(store.getLastFailure()).toEqual({ action: 'coupon', message: FAILURE_MESSAGES.coupon });
  });

  it('does not send an empty code as a coupon', async () => {
    const { store, sbl } = await readyStore();
    await expect(store.applyCoupon('   ')).resolves.toBe(false);
    expect(sbl.calls).toEqual([]);
  });

  it('fails a change the provider never answers, after the timeout', async () => {
    const { store, sbl } = await readyStore();
    sbl.silent = true;
    const pending = store.add('pad-mapper');
    await vi.advanceTimersByTimeAsync(999);
    expect(store.getState().pendingActions).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe(false);
    expect(store.getLastFailure()).toMatchObject({ action: 'add', providerMessage: 'The payment service did not answer in time.' });
    expect(store.getState().pendingActions).toBe(0);
  });

  it('fails a change whose builder call throws', async () => {
    const { store, sbl } = await readyStore();
    sbl.throwOnCall = new Error('boom');
    await expect(store.remove('pad-mapper')).resolves.toBe(false);
    expect(store.getLastFailure()).toEqual({ action: 'remove', message: FAILURE_MESSAGES.remove, providerMessage: 'boom' });
    expect(store.startCheckout()).toBe(false);
  });

  it('fails the change in flight when the provider reports an error', async () => {
    const { store, sbl } = await readyStore();
    sbl.hold();
    const pending = store.add('pad-mapper');
    sbl.emitError(503, 'Storefront unavailable');
    await expect(pending).resolves.toBe(false);
    expect(store.getLastFailure()).toMatchObject({ action: 'add', providerMessage: 'Storefront unavailable' });
    await sbl.release();
  });

  it('shows an error event nothing was waiting for as a notice', async () => {
    const { store, sbl } = await readyStore();
    sbl.emitError('session', 'Your session expired');
    expect(store.getState().notice).toEqual({ id: 1, code: 'session', message: 'Your session expired' });
    store.dismissNotice();
    expect(store.getState().notice).toBeNull();
  });

  it('starts the provider’s checkout, its session tagged with what the checkout-start handler returns', async () => {
    const { store, sbl } = await readyStore();
    const handler = vi.fn((paths: string[]) => ({ analytics_checkout: `code-for-${paths.length}` }));
    store.setCheckoutStartHandler(handler);
    expect(store.startCheckout()).toBe(true);
    expect(sbl.calls).toEqual([
      { method: 'push', args: [{ tags: { analytics_checkout: 'code-for-0' } }] },
      { method: 'checkout', args: [] },
    ]);
    expect(handler).toHaveBeenCalledWith([]);
  });

  it('pushes no tags when the handler gives none, or without a handler', async () => {
    const { store, sbl } = await readyStore();
    store.setCheckoutStartHandler(() => undefined);
    expect(store.startCheckout()).toBe(true);
    store.setCheckoutStartHandler(undefined);
    expect(store.startCheckout()).toBe(true);
    expect(sbl.calls.map((call) => call.method)).toEqual(['checkout', 'checkout']);
  });
});

describe('reading the session again', () => {
  it('shows a cart changed elsewhere once get() is asked, through the data callback (storefront spec §7)', async () => {
    const { store, sbl } = await readyStore();
    sbl.changeElsewhere({ 'note-router': 2 });
    expect(store.getState().cart.count).toBe(0);
    store.refreshCart();
    await vi.advanceTimersByTimeAsync(0);
    expect(sbl.calls).toEqual([{ method: 'get', args: [] }]);
    expect(store.getState().cart).toMatchObject({ count: 2, items: [expect.objectContaining({ path: 'note-router', quantity: 2 })] });
  });

  it('does not call get() before the provider is ready, and logs a builder without it', async () => {
    const { store, sbl } = startStore();
    store.refreshCart();
    expect(sbl.calls).toEqual([]);
    sbl.load();
    await vi.advanceTimersByTimeAsync(200);
    sbl.throwOnCall = new TypeError('get is not a function');
    store.refreshCart();
    expect(store.debugLog().at(-1)).toMatch(/reading the cart again failed: get is not a function$/);
  });
});

describe('order completion', () => {
  it('empties the cart and reports the order once, whichever callbacks fire', async () => {
    const { store, sbl } = await readyStore({ products: PRODUCTS, initialCart: { 'pad-mapper': 1 } });
    const completed = vi.fn();
    store.setOrderCompleteHandler(completed);
    sbl.completeOrder({ id: 'order-1', reference: 'SW-1001' });
    await vi.advanceTimersByTimeAsync(0);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(completed).toHaveBeenCalledWith({ id: 'order-1', reference: 'SW-1001' });
    expect(sbl.calls.filter((call) => call.method === 'reset')).toHaveLength(1);
    expect(store.getCart().count).toBe(0);
  });

  it('completes on popup-closed with an order alone', async () => {
    const { store } = await readyStore();
    const completed = vi.fn();
    store.setOrderCompleteHandler(completed);
    (window as unknown as Record<string, (order: unknown) => void>)[SBL_CALLBACKS.popupClosed]!({ id: 'o2', reference: 'SW-2' });
    expect(completed).toHaveBeenCalledWith({ id: 'o2', reference: 'SW-2' });
  });

  it('stays when the checkout was closed without an order, or the order has no reference', async () => {
    const { store, sbl } = await readyStore();
    const completed = vi.fn();
    store.setOrderCompleteHandler(completed);
    sbl.closeWithoutOrder();
    (window as unknown as Record<string, (order: unknown) => void>)[SBL_CALLBACKS.webhookReceived]!({ id: '', reference: 42 });
    (window as unknown as Record<string, (order: unknown) => void>)[SBL_CALLBACKS.webhookReceived]!('SW-3');
    expect(completed).not.toHaveBeenCalled();
    expect(sbl.calls).toEqual([]);
  });
});

describe('debug log', () => {
  it('keeps the last 10 lines in memory and writes each to the console', async () => {
    const { store, sbl } = await readyStore();
    for (let index = 0; index < 8; index += 1) await store.add('pad-mapper');
    const lines = store.debugLog();
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toMatch(/add pad-mapper: done$/);
    expect(console.debug).toHaveBeenCalledWith('[test]', 'payment provider ready');
    expect(sbl.calls).toHaveLength(8);
  });
});

describe('stopping', () => {
  it('removes its callbacks and stops polling', async () => {
    const store = createPaymentsStore({ log: createDebugLog('[test]') });
    const stop = store.start(CONFIG);
    stop();
    expect((window as unknown as Record<string, unknown>)[SBL_CALLBACKS.data]).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(store.getState().status).toBe('loading');
  });
});
