/**
 * First-party analytics (docs/decisions/0038-first-party-analytics.md): the limits and the names
 * the browser's script and the server agree on. No zod here: the storefront imports this module
 * into its first chunk, and the schemas stay in `./analytics`.
 */
export const ANALYTICS_URL_MAX_CHARS = 2048;
export const ANALYTICS_MAX_PROPS = 30;
export const ANALYTICS_PROP_KEY_MAX_CHARS = 40;
export const ANALYTICS_PROP_VALUE_MAX_CHARS = 200;
/** The largest body the endpoint reads; a valid event is far smaller. */
export const ANALYTICS_BODY_LIMIT_BYTES = 4096;

/**
 * The props the store's own events carry, so the server's funnel can read them:
 * `product_view`, `add_to_cart`, `trial_download`, `preview_played`: `{ product: <path> }`;
 * `checkout_start`: `{ checkout: <random code>, products: "<path>,<path>" }`;
 * `purchase` (server): `{ checkout, products }` copied from the checkout it completes.
 */
export const ANALYTICS_PRODUCT_PROP = 'product';
export const ANALYTICS_PRODUCTS_PROP = 'products';
export const ANALYTICS_CHECKOUT_PROP = 'checkout';
/**
 * The payment session's tag that carries the checkout's random code to the order webhook, where the
 * server finds the `checkout_start` it came from. The code is made per checkout and kept nowhere in
 * the browser.
 */
export const ANALYTICS_CHECKOUT_TAG = 'analytics_checkout';
/** A checkout code: 16 to 64 URL-safe characters. */
export const ANALYTICS_CHECKOUT_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/** Product paths for the `products` prop: comma-separated, as many whole paths as fit in one value. */
export function joinProductPaths(paths: readonly string[]): string {
  let joined = '';
  for (const path of paths) {
    const next = joined ? `${joined},${path}` : path;
    if (next.length > ANALYTICS_PROP_VALUE_MAX_CHARS) break;
    joined = next;
  }
  return joined;
}
