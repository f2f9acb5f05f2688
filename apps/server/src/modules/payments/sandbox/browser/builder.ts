/**
 * The sandbox's Store Builder Library: `window.fastspring.builder`, loaded exactly like
 * FastSpring's script —
 *
 *   <script id="fsc-api" src="/sandbox/fastspring/builder.js" data-storefront="…"
 *     data-continuous="true" data-data-callback="fn" data-error-callback="fn"
 *     data-popup-closed="fn" data-popup-webhook-received="fn"></script>
 *
 * The data-* values name global functions, looked up when they are called. Every builder
 * call is queued and runs after the previous one has finished; each takes an optional
 * trailing callback that receives the cart data, also when the call failed.
 */
import { isRecord } from '@store/contracts/is-record';
import {
  isPopupStorefront,
  SBL_EMBEDDED_CONTAINER_ID,
  SBL_SCRIPT_ID,
  type SblBuilder,
  type SblCartData,
  type SblPaymentContact,
  type SblPushPayload,
  type SblSecurePayload,
} from '@store/contracts/payments/sbl';

declare global {
  interface Window {
    fastspring?: { builder: SblBuilder };
    fscSession?: unknown;
  }
}

interface Answer {
  session: string;
  cart: SblCartData;
  couponError?: { code: string; message: string };
}

type Callback = (data?: SblCartData) => void;
type Body = Record<string, unknown>;

const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;
const API_PATH = '/sandbox/fastspring/api';
const CHECKOUT_PATH = '/sandbox/fastspring/checkout';
const MIN_FRAME_HEIGHT = 600;
const MAX_FRAME_HEIGHT = 20_000;
const NETWORK_MESSAGE = 'The payment provider could not be reached. Check your connection and try again.';

class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function install(): void {
  if (window.fastspring?.builder) return;
  const script = (document.getElementById(SBL_SCRIPT_ID) ?? document.currentScript) as HTMLScriptElement | null;
  if (!script) {
    console.error(`[sandbox SBL] no <script id="${SBL_SCRIPT_ID}"> element: the builder is not installed`);
    return;
  }
  const origin = new URL(script.getAttribute('src') || location.href, location.href).origin;
  const storefront = script.getAttribute('data-storefront') ?? '';
  const continuous = script.getAttribute('data-continuous') === 'true';
  const storageKey = `fsc-sandbox-session:${storefront}`;
  const names = {
    data: script.getAttribute('data-data-callback'),
    error: script.getAttribute('data-error-callback'),
    closed: script.getAttribute('data-popup-closed'),
    webhook: script.getAttribute('data-popup-webhook-received'),
  };

  let session: string | null = null;
  let cart: SblCartData | null = null;
  let frame: HTMLIFrameElement | null = null;
  let overlay: HTMLElement | null = null;
  let queue: Promise<void> = Promise.resolve();

  // -- callbacks named by the data-* attributes -------------------------------------------

  function callNamed(name: string | null, ...args: unknown[]): boolean {
    const fn: unknown = name ? Reflect.get(window, name) : undefined;
    if (typeof fn !== 'function') return false;
    safely(() => (fn as (...values: unknown[]) => void)(...args));
    return true;
  }

  function emitData(): void {
    if (cart) callNamed(names.data, cart);
  }

  function reportError(code: string, message: string): void {
    if (!callNamed(names.error, code, message)) console.warn(`[sandbox SBL] ${code}: ${message}`);
  }

  function reportFailure(error: unknown): void {
    if (error instanceof ProviderError) reportError(error.code, error.message);
    else reportError('error', error instanceof Error ? error.message : String(error));
  }

  // -- session storage -------------------------------------------------------------------

  function readStoredSession(): string | null {
    try {
      const value = localStorage.getItem(storageKey);
      return value !== null && SESSION_ID.test(value) ? value : null;
    } catch {
      return null;
    }
  }

  function storeSession(id: string): void {
    if (!continuous) return;
    try {
      localStorage.setItem(storageKey, id);
    } catch {
      // Storage may be full or blocked; the session then lasts as long as the page.
    }
  }

  // -- requests --------------------------------------------------------------------------

  async function request(method: string, path: string, body?: Body): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${origin}${API_PATH}${path}`, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new ProviderError('network', NETWORK_MESSAGE, 0);
    }
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    if (!response.ok) {
      const record = isRecord(payload) ? payload : {};
      const code = typeof record.code === 'string' ? record.code : `http_${response.status}`;
      const message = typeof record.message === 'string' ? record.message : `The payment provider answered ${response.status}.`;
      throw new ProviderError(code, message, response.status);
    }
    if (!isAnswer(payload)) throw new ProviderError('invalid_response', 'The payment provider sent an answer this page cannot read.', response.status);
    return payload;
  }

  function adopt(answer: Answer): void {
    if (answer.session !== session) {
      session = answer.session;
      storeSession(answer.session);
    }
    cart = answer.cart;
  }

  /** Restores the stored session when it still exists, else starts a new one. */
  async function ensureSession(): Promise<void> {
    if (session) return;
    const stored = continuous ? readStoredSession() : null;
    if (stored) {
      try {
        adopt(await request('GET', `/sessions/${stored}`));
        return;
      } catch (error) {
        if (!(error instanceof ProviderError && error.code === 'unknown_session')) throw error;
      }
    }
    adopt(await request('POST', '/sessions', {}));
  }

  /** A call on the current session; if the provider forgot it, once more on a new one. */
  async function onSession(method: string, suffix: string, body?: Body): Promise<Answer> {
    await ensureSession();
    try {
      return await request(method, `/sessions/${session}${suffix}`, body);
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === 'unknown_session')) throw error;
      session = null;
      adopt(await request('POST', '/sessions', {}));
      return request(method, `/sessions/${session}${suffix}`, body);
    }
  }

  // -- the queue -------------------------------------------------------------------------

  function enqueue(task: () => Promise<void>): void {
    queue = queue.then(task).catch((error: unknown) => console.error('[sandbox SBL]', error));
  }

  /** Runs `task` in turn; failures go to the error callback, and `callback` always gets the cart. */
  function operation(task: () => Promise<void>, callback: unknown): void {
    enqueue(async () => {
      try {
        await task();
      } catch (error) {
        reportFailure(error);
      } finally {
        if (typeof callback === 'function') safely(() => (callback as Callback)(cart ?? undefined));
      }
    });
  }

  /** A cart change: the data callback hears the new cart; a refused coupon goes to the error callback. */
  function change(method: string, suffix: string, body: Body | undefined, callback: unknown, { promo = false } = {}): void {
    operation(async () => {
      const answer = await onSession(method, suffix, body);
      adopt(answer);
      // A refused promo code leaves the cart as it was: no new data to announce.
      if (!(promo && answer.couponError)) emitData();
      if (answer.couponError) reportError(answer.couponError.code, answer.couponError.message);
    }, callback);
  }

  function refresh(): Promise<void> {
    return onSession('GET', '').then((answer) => {
      adopt(answer);
      emitData();
    });
  }

  // -- checkout --------------------------------------------------------------------------

  function removeCheckout(): void {
    frame?.remove();
    overlay?.remove();
    frame = null;
    overlay = null;
  }

  function openCheckout(): void {
    removeCheckout();
    const dark = document.documentElement.classList.contains('dark');
    const iframe = document.createElement('iframe');
    iframe.src = `${origin}${CHECKOUT_PATH}/${session}?theme=${dark ? 'dark' : 'light'}`;
    iframe.title = 'Secure checkout';
    iframe.name = 'fsc-sandbox-checkout';
    Object.assign(iframe.style, { display: 'block', width: '100%', minHeight: `${MIN_FRAME_HEIGHT}px`, height: `${MIN_FRAME_HEIGHT}px`, border: '0' });
    // A popup storefront ('…/popup-…') opens over the page even where there is a container, like FastSpring's.
    const container = isPopupStorefront(storefront) ? null : document.getElementById(SBL_EMBEDDED_CONTAINER_ID);
    if (container) {
      container.appendChild(iframe);
    } else {
      // No embedded container: show the checkout as a popup over the page, like FastSpring's popup storefront.
      overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Secure checkout');
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483000',
        background: 'rgba(0, 0, 0, 0.6)',
        overflowY: 'auto',
        padding: '2rem 1rem',
      });
      Object.assign(iframe.style, { maxWidth: '40rem', margin: '0 auto', borderRadius: '12px' });
      overlay.appendChild(iframe);
      document.body.appendChild(overlay);
    }
    frame = iframe;
  }

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const message = isRecord(event.data) ? event.data.fscPopupMessage : undefined;
    if (!isRecord(message)) return;
    if (message.action === 'resizeInlineContainer' && typeof message.height === 'number' && Number.isFinite(message.height)) {
      const height = Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(message.height)));
      frame.style.height = `${height}px`;
    } else if (message.action === 'hook' && isRecord(message.order) && isOrderReference(message.order)) {
      callNamed(names.webhook, message.order);
      // The provider emptied the cart: let the page hear it.
      enqueue(() => refresh().catch(reportFailure));
    } else if (message.action === 'close') {
      const reference = isOrderReference(message.orderReference) ? { id: message.orderReference.id, reference: message.orderReference.reference } : null;
      enqueue(async () => {
        removeCheckout();
        callNamed(names.closed, reference);
      });
    }
  });

  // -- the public builder ----------------------------------------------------------------

  const builder = {
    add(path: string, callback?: Callback) {
      change('POST', '/items', { path }, callback);
    },
    remove(path: string, callback?: Callback) {
      change('DELETE', `/items/${encodeURIComponent(String(path))}`, undefined, callback);
    },
    update(path: string, quantity: number, callback?: Callback) {
      change('PUT', `/items/${encodeURIComponent(String(path))}`, { quantity }, callback);
    },
    reset(callback?: Callback) {
      change('POST', '/reset', {}, callback);
    },
    /** FastSpring's name for emptying the cart after a purchase. */
    clean(callback?: Callback) {
      change('POST', '/reset', {}, callback);
    },
    promo(code: string, callback?: Callback) {
      change('POST', '/promo', { code: code == null ? '' : String(code) }, callback, { promo: true });
    },
    recognize(contact: SblPaymentContact, callback?: Callback) {
      change('POST', '/contact', { paymentContact: contact }, callback);
    },
    /** The sandbox, like FastSpring's test mode, takes the payload unencrypted: an object, or a JSON string with an empty key. */
    secure(payload: SblSecurePayload | string, key?: string | Callback, callback?: Callback) {
      const done = typeof key === 'function' ? key : callback;
      const secret = typeof key === 'string' ? key : '';
      let parsed: unknown = payload;
      if (typeof payload === 'string') {
        if (secret !== '') {
          operation(async () => {
            throw new ProviderError('secure', 'The sandbox takes unencrypted payloads only: pass the payload object, or its JSON with an empty key.', 0);
          }, done);
          return;
        }
        try {
          parsed = JSON.parse(payload);
        } catch {
          operation(async () => {
            throw new ProviderError('secure', 'The secure payload is not valid JSON.', 0);
          }, done);
          return;
        }
      }
      const secure = (isRecord(parsed) ? parsed : {}) as SblSecurePayload;
      const body: Body = {
        reset: secure.reset,
        products: Array.isArray(secure.items) ? secure.items.map((item) => ({ path: item?.product, quantity: item?.quantity ?? 1 })) : undefined,
        coupon: secure.coupon,
        paymentContact: secure.paymentContact ?? secure.contact,
        billingAddress: secure.billingAddress,
      };
      change('POST', '/push', body, done);
    },
    push(payload: SblPushPayload, callback?: Callback) {
      const value = (isRecord(payload) ? payload : {}) as SblPushPayload;
      change(
        'POST',
        '/push',
        {
          reset: value.reset,
          products: value.products,
          coupon: value.coupon,
          paymentContact: value.paymentContact,
          billingAddress: value.billingAddress,
          tags: value.tags,
        },
        value.checkout ? undefined : callback,
      );
      if (value.checkout) builder.checkout(callback);
    },
    checkout(callback?: Callback) {
      operation(async () => {
        await ensureSession();
        openCheckout();
      }, callback);
    },
    /** Fetches the current cart data again (data callback and `callback`). */
    get(callback?: Callback) {
      operation(refresh, callback);
    },
  };

  window.fastspring = { builder };

  // Initial load: restore or start the session, honour a `fscSession` set before the script, announce the cart.
  const initial = window.fscSession;
  enqueue(async () => {
    try {
      await ensureSession();
      if (!isRecord(initial)) emitData();
    } catch (error) {
      reportFailure(error);
    }
  });
  if (isRecord(initial)) builder.push(initial as SblPushPayload);
}

function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error('[sandbox SBL] a callback threw', error);
  }
}

function isAnswer(value: unknown): value is Answer {
  return isRecord(value) && typeof value.session === 'string' && SESSION_ID.test(value.session) && isRecord(value.cart) && Array.isArray(value.cart.groups);
}

function isOrderReference(value: unknown): value is { id: string; reference: string } {
  return isRecord(value) && typeof value.id === 'string' && typeof value.reference === 'string';
}

install();
