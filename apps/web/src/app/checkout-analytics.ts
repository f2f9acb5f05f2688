import { ANALYTICS_CHECKOUT_PROP, ANALYTICS_CHECKOUT_TAG, ANALYTICS_PRODUCTS_PROP, joinProductPaths } from '@store/contracts/analytics-props';
import { newCheckoutCode, track } from '#web/lib/analytics.ts';

/**
 * As the checkout starts: a new random code, sent with `checkout_start` and returned as the payment
 * session's tag, so the order the provider's webhook brings back is linked to this checkout
 * (docs/behaviour/analytics.md). Nothing when the shopper is not tracked.
 */
export function tagCheckoutForAnalytics(productPaths: string[]): Record<string, string> | undefined {
  const code = newCheckoutCode();
  if (!code) return undefined;
  track('checkout_start', { [ANALYTICS_CHECKOUT_PROP]: code, [ANALYTICS_PRODUCTS_PROP]: joinProductPaths(productPaths) });
  return { [ANALYTICS_CHECKOUT_TAG]: code };
}
