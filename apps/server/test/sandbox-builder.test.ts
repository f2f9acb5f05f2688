import { eq } from 'drizzle-orm';
import { JSDOM, type DOMWindow } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SblBuilder, SblCartData } from '@store/contracts';
import { sandboxCarts } from '../src/db/schema';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { TEST_CARD_PAYMENT } from './sandbox-fixtures';

const ORIGIN = 'http://store.test';
const STOREFRONT = 'store.test/sandbox';
const STORAGE_KEY = `fsc-sandbox-session:${STOREFRONT}`;

interface Page {
  window: DOMWindow & { fastspring?: { builder: SblBuilder } };
  data: SblCartData[];
  errors: Array<[string, string]>;
  closed: unknown[];
  orders: unknown[];
  requests: string[];
  maxInFlight: () => number;
  setOffline(value: boolean): void;
  /** Resolves when every queued builder call has finished. */
  settle(): Promise<void>;
  builder: SblBuilder;
  close(): void;
}

/**
 * The real builder.js, served by the real app, run in jsdom. The page's fetch goes to the
 * app through `inject`, with random delays so that unserialised calls would overlap.
 */
describe.each(TEST_ENGINES.slice(0, 1))('builder.js in a browser page (%s)', (engine) => {
  let t: TestApp;
  let script: string;
  const pages: Page[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
    script = (await t.app.inject('/sandbox/fastspring/builder.js')).body;
  });
  afterAll(async () => {
    for (const page of pages) page.close();
    await t?.close();
  });

  async function openPage(
    options: {
      continuous?: boolean;
      storage?: Record<string, string>;
      container?: boolean;
      storefront?: string;
      before?: (window: DOMWindow) => void;
    } = {},
  ): Promise<Page> {
    const { continuous = true, container = true, storefront = STOREFRONT } = options;
    const dom = new JSDOM(
      `<!doctype html><html class="dark"><head></head><body>
      ${container ? '<div id="fsc-embedded-checkout-container"></div>' : ''}
      <script id="fsc-api" src="${ORIGIN}/sandbox/fastspring/builder.js" data-storefront="${storefront}" data-continuous="${continuous}"
        data-data-callback="onData" data-error-callback="onError" data-popup-closed="onClosed" data-popup-webhook-received="onOrder"></script>
      </body></html>`,
      { url: `${ORIGIN}/cart`, runScripts: 'outside-only' },
    );
    const window = dom.window as Page['window'];
    for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
    const page = { data: [], errors: [], closed: [], orders: [], requests: [] } as unknown as Page;
    let inFlight = 0;
    let maxInFlight = 0;
    let offline = false;
    Object.assign(window, {
      onData: (data: SblCartData) => page.data.push(data),
      onError: (code: string, message: string) => page.errors.push([code, message]),
      onClosed: (reference: unknown) => page.closed.push(reference),
      onOrder: (order: unknown) => page.orders.push(order),
      fetch: async (url: string, init: { method: string; headers?: Record<string, string>; body?: string }) => {
        const target = new URL(url);
        page.requests.push(`${init.method} ${target.pathname.replace(/\/sessions\/[\w-]{32}/, '/sessions/:id')}`);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
          if (offline) throw new TypeError('Failed to fetch');
          const response = await t.app.inject({
            method: init.method as 'GET',
            url: target.pathname + target.search,
            headers: init.headers ?? {},
            ...(init.body === undefined ? {} : { payload: init.body }),
          });
          return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
        } finally {
          inFlight -= 1;
        }
      },
    });
    options.before?.(window);
    window.eval(script);
    Object.assign(page, {
      window,
      maxInFlight: () => maxInFlight,
      setOffline: (value: boolean) => {
        offline = value;
      },
      builder: window.fastspring!.builder,
      settle: () => new Promise<void>((resolve) => window.fastspring!.builder.get(() => resolve())),
      close: () => window.close(),
    });
    pages.push(page);
    await page.settle();
    return page;
  }

  const selected = (data: SblCartData | undefined) =>
    (data?.groups ?? [])
      .flatMap((group) => group.items)
      .filter((item) => item.selected)
      .map((item) => [item.path, item.quantity]);
  const last = (page: Page) => page.data.at(-1);

  it('installs window.fastspring.builder, starts a session and announces the cart once loaded', async () => {
    const page = await openPage();
    expect(typeof page.builder.add).toBe('function');
    expect(page.requests[0]).toBe('POST /sandbox/fastspring/api/sessions');
    expect(page.data[0]).toMatchObject({ total: '$0.00', selections: 0, currency: 'USD' });
    expect(page.window.localStorage.getItem(STORAGE_KEY)).toMatch(/^[\w-]{32}$/);
    expect(page.errors).toEqual([]);
  });

  it('restores the stored session on the next page, and replaces a corrupt or unknown one', async () => {
    const first = await openPage();
    first.builder.add('remidi-4');
    await first.settle();
    const session = first.window.localStorage.getItem(STORAGE_KEY)!;

    const second = await openPage({ storage: { [STORAGE_KEY]: session } });
    expect(second.requests[0]).toBe('GET /sandbox/fastspring/api/sessions/:id');
    expect(selected(second.data[0])).toEqual([['remidi-4', 1]]);

    for (const stored of ['garbage', '../../etc/passwd', 'A'.repeat(32), '{"a":1}']) {
      const page = await openPage({ storage: { [STORAGE_KEY]: stored } });
      expect(selected(page.data[0])).toEqual([]);
      const replaced = page.window.localStorage.getItem(STORAGE_KEY);
      expect(replaced).toMatch(/^[\w-]{32}$/);
      expect(replaced).not.toBe(stored);
      expect(page.errors).toEqual([]);
    }
  });

  it('get() reads the session again, so a change made in another tab reaches the data callback and the trailing callback (storefront spec §7)', async () => {
    const first = await openPage();
    const session = first.window.localStorage.getItem(STORAGE_KEY)!;
    const second = await openPage({ storage: { [STORAGE_KEY]: session } });
    first.builder.add('rechannel');
    await first.settle();
    expect(selected(last(second))).toEqual([]);

    const answered: Array<SblCartData | undefined> = [];
    second.builder.get((data) => answered.push(data));
    await second.settle();
    expect(selected(answered[0])).toEqual([['rechannel', 1]]);
    expect(selected(last(second))).toEqual([['rechannel', 1]]);
    expect(second.errors).toEqual([]);
  });

  it('neither reads nor writes the stored session when not continuous', async () => {
    const page = await openPage({ continuous: false, storage: { [STORAGE_KEY]: 'A'.repeat(32) } });
    expect(page.requests[0]).toBe('POST /sandbox/fastspring/api/sessions');
    expect(page.window.localStorage.getItem(STORAGE_KEY)).toBe('A'.repeat(32));
  });

  it('runs calls one at a time, in order, calling the data callback and each trailing callback', async () => {
    const page = await openPage();
    const trailing: string[] = [];
    page.builder.add('remidi-4', () => trailing.push('add remidi'));
    page.builder.update('remidi-4', 3, (data) => trailing.push(`update ${JSON.stringify(selected(data))}`));
    page.builder.add('rechannel', () => trailing.push('add rechannel'));
    page.builder.remove('remidi-4', (data) => trailing.push(`remove ${JSON.stringify(selected(data))}`));
    await page.settle();
    expect(page.maxInFlight()).toBe(1);
    // [0] starts the session and [1] is openPage's settle(); then the four calls.
    expect(page.requests.slice(2, 6)).toEqual([
      'POST /sandbox/fastspring/api/sessions/:id/items',
      'PUT /sandbox/fastspring/api/sessions/:id/items/remidi-4',
      'POST /sandbox/fastspring/api/sessions/:id/items',
      'DELETE /sandbox/fastspring/api/sessions/:id/items/remidi-4',
    ]);
    expect(trailing).toEqual(['add remidi', 'update [["remidi-4",3]]', 'add rechannel', 'remove [["rechannel",1]]']);
    expect(page.data.slice(2, 6).map(selected)).toEqual([
      [['remidi-4', 1]],
      [['remidi-4', 3]],
      [
        ['remidi-4', 3],
        ['rechannel', 1],
      ],
      [['rechannel', 1]],
    ]);
  });

  it('applies and removes a promo code; a refused one goes to the error callback and leaves the cart', async () => {
    const page = await openPage();
    page.builder.add('rechannel');
    page.builder.promo('welcome10');
    await page.settle();
    expect(last(page)).toMatchObject({ coupons: ['WELCOME10'], total: '$20.88' });
    const dataCalls = page.data.length;
    let trailing: SblCartData | undefined;
    page.builder.promo('SUMMER24', (data) => {
      trailing = data;
    });
    await page.settle();
    expect(page.errors).toEqual([['expired', 'This code expired on August 31, 2024']]);
    expect(trailing).toMatchObject({ coupons: ['WELCOME10'], total: '$20.88' });
    // settle() itself announces the cart once; the refused promo announced nothing.
    expect(page.data.length).toBe(dataCalls + 1);
    page.builder.promo('');
    await page.settle();
    expect(last(page)).toMatchObject({ coupons: [], total: '$23.20' });
  });

  it('reports bad input and a network failure in plain words, and still hands the trailing callback the cart', async () => {
    const page = await openPage();
    page.builder.add('remidi-4');
    const trailing: Array<SblCartData | undefined> = [];
    page.builder.update('remidi-4', -1, (data) => trailing.push(data));
    page.builder.update('remidi-4', Number.NaN, (data) => trailing.push(data));
    page.builder.add('no-such-plugin', (data) => trailing.push(data));
    page.builder.promo('X'.repeat(65), (data) => trailing.push(data));
    await page.settle();
    expect(page.errors.map(([code]) => code)).toEqual(['invalid_request', 'invalid_request', 'unknown_product', 'invalid_request']);
    expect(page.errors[2]![1]).toContain("'no-such-plugin'");
    expect(trailing.map(selected)).toEqual([[['remidi-4', 1]], [['remidi-4', 1]], [['remidi-4', 1]], [['remidi-4', 1]]]);

    page.setOffline(true);
    let offlineData: SblCartData | undefined;
    page.builder.add('rechannel', (data) => {
      offlineData = data;
    });
    await page.settle();
    page.setOffline(false);
    expect(page.errors.at(-1)).toEqual(['network', 'The payment provider could not be reached. Check your connection and try again.']);
    expect(selected(offlineData)).toEqual([['remidi-4', 1]]);
  });

  it('starts a new session when the provider has forgotten the current one', async () => {
    const page = await openPage();
    const session = page.window.localStorage.getItem(STORAGE_KEY)!;
    await t.database.db.delete(sandboxCarts).where(eq(sandboxCarts.id, session));
    page.builder.add('remidi-4');
    await page.settle();
    expect(page.errors).toEqual([]);
    expect(selected(last(page))).toEqual([['remidi-4', 1]]);
    expect(page.window.localStorage.getItem(STORAGE_KEY)).not.toBe(session);
  });

  it('takes recognize() and secure() (an object, or JSON with an empty key) and refuses an encrypted payload', async () => {
    const page = await openPage();
    const session = () => page.window.localStorage.getItem(STORAGE_KEY)!;
    page.builder.recognize({ email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez' });
    page.builder.secure({
      paymentContact: { email: 'maria@example.com' },
      billingAddress: { country: 'ES', postalCode: '28001' },
      items: [{ product: 'remidi-4' }],
    });
    page.builder.secure(JSON.stringify({ items: [{ product: 'rechannel', quantity: 2 }], coupon: 'WELCOME10' }), '');
    page.builder.secure('bXkgZW5jcnlwdGVkIHBheWxvYWQ=', 'c2VjcmV0LWtleQ==');
    await page.settle();
    const [row] = await t.database.db.select().from(sandboxCarts).where(eq(sandboxCarts.id, session()));
    expect(row?.contact).toEqual({ email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', country: 'ES', postalCode: '28001' });
    expect(selected(last(page))).toEqual([
      ['remidi-4', 1],
      ['rechannel', 2],
    ]);
    expect(last(page)?.coupons).toEqual(['WELCOME10']);
    expect(page.errors).toEqual([['secure', expect.stringContaining('unencrypted payloads only')]]);
  });

  it('honours a session object set before the script (fscSession) and push()', async () => {
    const page = await openPage({
      before: (window) => Object.assign(window, { fscSession: { reset: true, products: [{ path: 'rechannel', quantity: 2 }], coupon: 'welcome10' } }),
    });
    expect(selected(last(page))).toEqual([['rechannel', 2]]);
    expect(last(page)?.coupons).toEqual(['WELCOME10']);
    page.builder.push({
      products: [
        { path: 'rechannel', quantity: 0 },
        { path: 'remidi-4', quantity: 1 },
      ],
    });
    await page.settle();
    expect(selected(last(page))).toEqual([['remidi-4', 1]]);
  });

  it('renders the checkout frame into the embedded container, relays its messages and hears the emptied cart', async () => {
    const page = await openPage();
    page.builder.add('remidi-4');
    page.builder.checkout();
    await page.settle();
    const session = page.window.localStorage.getItem(STORAGE_KEY)!;
    const container = page.window.document.getElementById('fsc-embedded-checkout-container')!;
    const frame = container.querySelector('iframe')!;
    expect(frame.src).toBe(`${ORIGIN}/sandbox/fastspring/checkout/${session}?theme=dark`);
    expect(frame.style.minHeight).toBe('600px');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.borderWidth || frame.style.border).toMatch(/^0/);

    const send = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
      page.window.dispatchEvent(
        new page.window.MessageEvent('message', { data, origin: init.origin ?? ORIGIN, source: (init.source ?? frame.contentWindow) as never }),
      );

    send({ fscPopupMessage: { action: 'resizeInlineContainer', height: 912.4 } });
    expect(frame.style.height).toBe('913px');
    send({ fscPopupMessage: { action: 'resizeInlineContainer', height: 10 } });
    expect(frame.style.height).toBe('600px');
    send({ fscPopupMessage: { action: 'resizeInlineContainer', height: 1200 } }, { origin: 'http://evil.test' });
    send({ fscPopupMessage: { action: 'resizeInlineContainer', height: 1200 } }, { source: page.window });
    send({ fscPopupMessage: { action: 'hook', order: { id: 'x', reference: 'forged' } } }, { origin: 'http://evil.test' });
    send('not an object');
    expect(frame.style.height).toBe('600px');
    expect(page.orders).toEqual([]);

    // The shopper pays in the frame.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/fastspring/api/sessions/${session}/pay`,
      payload: TEST_CARD_PAYMENT,
    });
    const { order } = paid.json() as { order: { id: string; reference: string } };
    send({ fscPopupMessage: { action: 'hook', order } });
    send({ fscPopupMessage: { action: 'close', orderReference: { id: order.id, reference: order.reference, extra: 'dropped' } } });
    await page.settle();
    expect(page.orders).toEqual([order]);
    expect(page.closed).toEqual([{ id: order.id, reference: order.reference }]);
    expect(container.querySelector('iframe')).toBeNull();
    expect(selected(last(page))).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('opens a popup storefront’s checkout over the page even where there is an embedded container (storefront spec §4)', async () => {
    const page = await openPage({ storefront: 'store.test/popup-sandbox' });
    page.builder.add('remidi-4');
    page.builder.checkout();
    await page.settle();
    const frame = page.window.document.querySelector('iframe')!;
    expect(frame.closest('[role="dialog"]')).not.toBeNull();
    expect(page.window.document.getElementById('fsc-embedded-checkout-container')!.childElementCount).toBe(0);
  });

  it('reports null to popup-closed when the shopper leaves without buying, and opens as a popup without a container', async () => {
    const page = await openPage({ container: false });
    page.builder.add('remidi-4');
    page.builder.checkout();
    await page.settle();
    const frame = page.window.document.querySelector('iframe')!;
    expect(frame.closest('[role="dialog"]')).not.toBeNull();
    page.window.dispatchEvent(
      new page.window.MessageEvent('message', {
        data: { fscPopupMessage: { action: 'close', orderReference: null } },
        origin: ORIGIN,
        source: frame.contentWindow as never,
      }),
    );
    await page.settle();
    expect(page.closed).toEqual([null]);
    expect(page.window.document.querySelector('iframe')).toBeNull();
    expect(selected(last(page))).toEqual([['remidi-4', 1]]);
  });
});
