import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CHECKOUT_CODE, ANALYTICS_CHECKOUT_TAG } from '@store/contracts/analytics-props';
import { tagCheckoutForAnalytics } from './checkout-analytics';

const quietBeacon = navigator.sendBeacon.bind(navigator);

function watchBeacons() {
  const beacon = vi.fn((_url: string, _body: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  return () => beacon.mock.calls.map(([, body]) => JSON.parse(body) as { name: string; props: object });
}

afterEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: quietBeacon, configurable: true, writable: true });
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

describe('tagging a checkout for analytics', () => {
  it('makes a new code per checkout, sends it with checkout_start and the products, and returns it as the session tag', () => {
    const sent = watchBeacons();
    const first = tagCheckoutForAnalytics(['alpha-plugin', 'beta-pack']);
    const second = tagCheckoutForAnalytics(['alpha-plugin']);
    const codes = [first, second].map((tags) => tags?.[ANALYTICS_CHECKOUT_TAG]);
    for (const code of codes) expect(code).toMatch(ANALYTICS_CHECKOUT_CODE);
    expect(codes[0]).not.toBe(codes[1]);
    expect(sent().map((event) => [event.name, event.props])).toEqual([
      ['checkout_start', { checkout: codes[0], products: 'alpha-plugin,beta-pack' }],
      ['checkout_start', { checkout: codes[1], products: 'alpha-plugin' }],
    ]);
  });

  it('neither tags the session nor counts the checkout under Do Not Track', () => {
    const sent = watchBeacons();
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    expect(tagCheckoutForAnalytics(['alpha-plugin'])).toBeUndefined();
    expect(sent()).toEqual([]);
  });
});
