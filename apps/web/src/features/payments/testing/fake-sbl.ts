import {
  SBL_EMBEDDED_CONTAINER_ID,
  SBL_SCRIPT_ID,
  type SblBuilder,
  type SblCallback,
  type SblCartData,
  type SblItem,
  type SblOrderReceived,
} from '@store/contracts/payments/sbl';

/**
 * An in-memory Store Builder Library for unit tests. Like the real one it finds its
 * `<script id="fsc-api">`, reads the callback names from its data attributes, installs
 * `window.fastspring.builder` and calls the named global functions after every change.
 * Answers arrive asynchronously (a microtask), or only on `release()` after `hold()`.
 */

export interface FakeProduct {
  display: string;
  /** Unit price in dollars. */
  price: number;
  image?: string;
  summary?: string;
}

export interface FakeSblOptions {
  products: Record<string, FakeProduct>;
  /** Accepted promo codes (upper-case) and their percentage off. */
  coupons?: Record<string, number>;
  /** How an unknown promo code is refused: an error callback, or silently left out of `coupons`. */
  rejectCoupons?: 'error' | 'silent';
  /** Quantities already in the cart when the script loads (a returning shopper). */
  initialCart?: Record<string, number>;
}

export interface FakeSblCall {
  method: keyof SblBuilder;
  args: unknown[];
}

type Globals = Window & Record<string, unknown> & { fastspring?: { builder: SblBuilder } };

const money = (value: number) => `$${value.toFixed(2)}`;

export class FakeSbl {
  readonly calls: FakeSblCall[] = [];
  private quantities = new Map<string, number>();
  private coupons: string[] = [];
  private held: Array<() => void> | null = null;
  /** Set to make every builder method throw. */
  throwOnCall: Error | null = null;
  /** Set to drop callbacks entirely (a provider that never answers). */
  silent = false;

  constructor(private readonly options: FakeSblOptions) {
    for (const [path, quantity] of Object.entries(options.initialCart ?? {})) this.quantities.set(path, quantity);
  }

  private get script(): HTMLScriptElement {
    const script = document.getElementById(SBL_SCRIPT_ID);
    if (!(script instanceof HTMLScriptElement)) throw new Error('FakeSbl: no <script id="fsc-api"> in the document');
    return script;
  }

  private callback(attribute: 'dataCallback' | 'errorCallback' | 'popupClosed' | 'popupWebhookReceived'): ((...args: unknown[]) => void) | undefined {
    const name = this.script.dataset[attribute];
    const fn = name ? (window as unknown as Globals)[name] : undefined;
    return typeof fn === 'function' ? (fn as (...args: unknown[]) => void) : undefined;
  }

  /** The script has loaded: the builder appears and the first cart is sent. */
  load() {
    (window as unknown as Globals).fastspring = { builder: this.builder };
    this.script.dispatchEvent(new Event('load'));
    this.callback('dataCallback')?.(this.cartData());
  }

  /** The script could not be fetched. */
  failToLoad() {
    this.script.dispatchEvent(new Event('error'));
  }

  /** Keeps answers back until `release()`. */
  hold() {
    this.held = [];
  }

  async release() {
    const queued = this.held ?? [];
    this.held = null;
    for (const answer of queued) answer();
    await Promise.resolve();
  }

  emitError(code: string | number, message: string) {
    this.callback('errorCallback')?.(code, message);
  }

  /** The shopper paid: webhook-received with the order, then popup-closed with its reference. */
  completeOrder(order: SblOrderReceived) {
    this.callback('popupWebhookReceived')?.(order);
    this.callback('popupClosed')?.({ id: order.id, reference: order.reference });
  }

  /** The shopper closed the checkout without buying. */
  closeWithoutOrder() {
    this.callback('popupClosed')?.(null);
  }

  /** The same session changed elsewhere (another tab): nothing is sent until someone asks (`get`). */
  changeElsewhere(quantities: Record<string, number>) {
    for (const [path, quantity] of Object.entries(quantities)) {
      if (quantity <= 0) this.quantities.delete(path);
      else this.quantities.set(path, quantity);
    }
  }

  quantityOf(path: string) {
    return this.quantities.get(path) ?? 0;
  }

  cartData(): SblCartData {
    const percent = this.coupons.reduce((best, code) => Math.max(best, this.options.coupons?.[code] ?? 0), 0);
    const items: SblItem[] = Object.entries(this.options.products).map(([path, product]) => {
      const quantity = this.quantities.get(path) ?? 0;
      const unit = Math.round(product.price * (100 - percent)) / 100;
      return {
        path,
        display: product.display,
        image: product.image ?? null,
        description: { summary: product.summary ?? '' },
        selected: quantity > 0,
        quantity: quantity > 0 ? quantity : 1,
        price: money(product.price),
        priceValue: product.price,
        unitPrice: money(unit),
        unitPriceValue: unit,
        priceTotal: money(product.price * Math.max(quantity, 1)),
        priceTotalValue: product.price * Math.max(quantity, 1),
        total: money(unit * Math.max(quantity, 1)),
        totalValue: unit * Math.max(quantity, 1),
      };
    });
    const selected = items.filter((item) => item.selected);
    const total = selected.reduce((sum, item) => sum + (item.totalValue ?? 0), 0);
    const subtotal = selected.reduce((sum, item) => sum + item.priceTotalValue, 0);
    return {
      currency: 'USD',
      total: money(total),
      totalValue: total,
      subtotal: money(subtotal),
      subtotalValue: subtotal,
      discountTotal: money(subtotal - total),
      discountTotalValue: subtotal - total,
      coupons: [...this.coupons],
      selections: selected.length,
      groups: [{ display: 'Products', items }],
    };
  }

  private answer(callback: SblCallback | undefined) {
    if (this.silent) return;
    const send = () => {
      const data = this.cartData();
      this.callback('dataCallback')?.(data);
      callback?.(data);
    };
    if (this.held) this.held.push(send);
    else queueMicrotask(send);
  }

  private record(method: keyof SblBuilder, args: unknown[]) {
    this.calls.push({ method, args: args.filter((arg) => typeof arg !== 'function') });
    if (this.throwOnCall) throw this.throwOnCall;
  }

  readonly builder: SblBuilder = {
    add: (path, callback) => {
      this.record('add', [path]);
      if (this.options.products[path]) this.quantities.set(path, (this.quantities.get(path) ?? 0) + 1);
      this.answer(callback);
    },
    remove: (path, callback) => {
      this.record('remove', [path]);
      this.quantities.delete(path);
      this.answer(callback);
    },
    update: (path, quantity, callback) => {
      this.record('update', [path, quantity]);
      if (quantity <= 0) this.quantities.delete(path);
      else if (this.options.products[path]) this.quantities.set(path, quantity);
      this.answer(callback);
    },
    reset: (callback) => {
      this.record('reset', []);
      this.quantities.clear();
      this.coupons = [];
      this.answer(callback);
    },
    promo: (code, callback) => {
      this.record('promo', [code]);
      const wanted = code.trim().toUpperCase();
      if (wanted === '') {
        this.coupons = [];
      } else if (this.options.coupons?.[wanted] !== undefined) {
        this.coupons = [wanted];
      } else if ((this.options.rejectCoupons ?? 'error') === 'error') {
        this.emitError('invalid-coupon', `Coupon code "${code}" is not valid.`);
      }
      this.answer(callback);
    },
    checkout: (callback) => {
      this.record('checkout', []);
      const container = document.getElementById(SBL_EMBEDDED_CONTAINER_ID);
      if (container) {
        const frame = document.createElement('iframe');
        frame.title = 'Fake checkout';
        container.appendChild(frame);
      }
      this.answer(callback);
    },
    secure: (payload, key, callback) => {
      this.record('secure', [payload, key]);
      this.answer(callback);
    },
    recognize: (contact, callback) => {
      this.record('recognize', [contact]);
      this.answer(callback);
    },
    push: (payload, callback) => {
      this.record('push', [payload]);
      this.answer(callback);
    },
    get: (callback) => {
      this.record('get', []);
      this.answer(callback);
    },
  };

  /** Removes the builder, the script and the callbacks (call in afterEach). */
  static uninstall() {
    delete (window as unknown as Globals).fastspring;
    document.getElementById(SBL_SCRIPT_ID)?.remove();
  }
}
