import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newCheckoutCode, track } from './analytics';

/** The setup's quiet beacon, put back after a test replaced it. */
const quietBeacon = navigator.sendBeacon.bind(navigator);

/** Browser stores the analytics must never touch, watched for every test. */
const storageWrites = () => [vi.spyOn(Storage.prototype, 'setItem'), vi.spyOn(Storage.prototype, 'getItem')];

describe('track', () => {
  let beacon: ReturnType<typeof vi.fn>;
  let fetchMock: ReturnType<typeof vi.fn>;
  let spies: ReturnType<typeof storageWrites>;
  const cookie = () => document.cookie;

  beforeEach(() => {
    beacon = vi.fn(() => true);
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    spies = storageWrites();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.defineProperty(navigator, 'sendBeacon', { value: quietBeacon, configurable: true, writable: true });
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it('sends the event as a text/plain beacon carrying the page address', () => {
    track('add_to_cart', { product: 'test-plugin' }, { referrer: 'https://example.org/' });
    expect(beacon).toHaveBeenCalledOnce();
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics/event');
    expect(typeof body).toBe('string');
    expect(JSON.parse(body as string)).toEqual({
      name: 'add_to_cart',
      url: window.location.href,
      referrer: 'https://example.org/',
      props: { product: 'test-plugin' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the beacon is missing or refused', () => {
    beacon.mockReturnValue(false);
    track('pageview');
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    track('lyra_query');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/analytics/event');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain' } });
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ name: 'pageview', url: window.location.href });
  });

  it('swallows every failure: a throwing beacon, a throwing or rejecting fetch', async () => {
    beacon.mockImplementation(() => {
      throw new TypeError('blocked');
    });
    expect(() => track('pageview')).not.toThrow();
    beacon.mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    expect(() => track('pageview')).not.toThrow();
    fetchMock.mockImplementation(() => {
      throw new TypeError('no fetch');
    });
    expect(() => track('pageview')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('sends nothing and makes no checkout code under Do Not Track or Global Privacy Control', () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    track('pageview');
    expect(newCheckoutCode()).toBeUndefined();
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true;
    track('pageview');
    expect(newCheckoutCode()).toBeUndefined();
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('makes a fresh URL-safe checkout code each time', () => {
    const codes = [newCheckoutCode(), newCheckoutCode()];
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(codes[0]).not.toBe(codes[1]);
  });

  it('keeps nothing in the browser', () => {
    const before = cookie();
    track('pageview', undefined, { referrer: 'https://example.org/' });
    newCheckoutCode();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(cookie()).toBe(before);
  });
});
