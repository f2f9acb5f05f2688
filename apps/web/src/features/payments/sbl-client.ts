import { SBL_SCRIPT_ID, type SblBuilder } from '@store/contracts/payments/sbl';
import { SBL_CALLBACKS, SBL_POLL_ATTEMPTS, SBL_POLL_INTERVAL_MS } from './constants';
import { isRecord } from '@store/contracts/is-record';

/**
 * The browser side of FastSpring's Store Builder Library contract, with no React in it:
 * the global callbacks, the `<script id="fsc-api">` element and the wait for
 * `window.fastspring.builder`. Nothing here knows whether the script is FastSpring's or the
 * store's sandbox.
 */

export interface SblScriptConfig {
  scriptUrl: string;
  storefront: string;
}

export interface SblCallbackHandlers {
  onData(data: unknown): void;
  onError(code: unknown, message: unknown): void;
  onPopupClosed(order: unknown): void;
  onWebhookReceived(order: unknown): void;
}

type CallbackWindow = Window & Record<string, unknown> & { fastspring?: unknown };

const BUILDER_METHODS = ['add', 'remove', 'update', 'reset', 'promo', 'checkout'] as const;

/** `window.fastspring.builder` when it is there and has the methods the store calls; otherwise null. */
export function readBuilder(win: Window = window): SblBuilder | null {
  const fastspring = (win as CallbackWindow).fastspring;
  if (!isRecord(fastspring) && typeof fastspring !== 'function') return null;
  const builder = (fastspring as Record<string, unknown>).builder;
  if (!isRecord(builder) && typeof builder !== 'function') return null;
  const candidate = builder as Record<string, unknown>;
  return BUILDER_METHODS.every((method) => typeof candidate[method] === 'function') ? (builder as unknown as SblBuilder) : null;
}

/**
 * Defines the four named callbacks on `window`, each forwarding to `handlers`. Returns a
 * function that removes them again (only if they are still these).
 */
export function installSblCallbacks(handlers: SblCallbackHandlers, win: Window = window): () => void {
  const target = win as CallbackWindow;
  const installed: Record<string, (...args: unknown[]) => void> = {
    [SBL_CALLBACKS.data]: (data) => handlers.onData(data),
    [SBL_CALLBACKS.error]: (code, message) => handlers.onError(code, message),
    [SBL_CALLBACKS.popupClosed]: (order) => handlers.onPopupClosed(order),
    [SBL_CALLBACKS.webhookReceived]: (order) => handlers.onWebhookReceived(order),
  };
  for (const [name, callback] of Object.entries(installed)) target[name] = callback;
  return () => {
    for (const [name, callback] of Object.entries(installed)) {
      if (target[name] === callback) delete target[name];
    }
  };
}

/**
 * The SBL's `<script>`, inserted once per page: a second call (React StrictMode, a
 * remounted provider) finds the first by its id.
 */
export function ensureSblScript({ scriptUrl, storefront }: SblScriptConfig, doc: Document = document): HTMLScriptElement {
  const existing = doc.getElementById(SBL_SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = doc.createElement('script');
  script.id = SBL_SCRIPT_ID;
  script.type = 'text/javascript';
  script.src = scriptUrl;
  script.dataset.storefront = storefront;
  script.dataset.continuous = 'true';
  script.dataset.dataCallback = SBL_CALLBACKS.data;
  script.dataset.errorCallback = SBL_CALLBACKS.error;
  script.dataset.popupClosed = SBL_CALLBACKS.popupClosed;
  script.dataset.popupWebhookReceived = SBL_CALLBACKS.webhookReceived;
  // Remembered on the element, so a provider mounted after a failure learns about it.
  script.addEventListener('error', () => (script.dataset.loadState = 'failed'), { once: true });
  script.addEventListener('load', () => (script.dataset.loadState = 'loaded'), { once: true });
  doc.head.appendChild(script);
  return script;
}

export interface BuilderWait {
  onReady(builder: SblBuilder): void;
  onTimeout(): void;
  intervalMs?: number;
  attempts?: number;
  win?: Window;
}

/**
 * docs/behaviour/cart.md#payment-provider-readiness: the builder is polled every 200 ms, up to 50 times (10 s); then the
 * wait fails. Returns a function that stops waiting.
 */
export function waitForBuilder({ onReady, onTimeout, intervalMs = SBL_POLL_INTERVAL_MS, attempts = SBL_POLL_ATTEMPTS, win = window }: BuilderWait): () => void {
  const now = readBuilder(win);
  if (now) {
    onReady(now);
    return () => undefined;
  }
  let tries = 0;
  const timer = win.setInterval(() => {
    tries += 1;
    const builder = readBuilder(win);
    if (builder) {
      win.clearInterval(timer);
      onReady(builder);
    } else if (tries >= attempts) {
      win.clearInterval(timer);
      onTimeout();
    }
  }, intervalMs);
  return () => win.clearInterval(timer);
}
