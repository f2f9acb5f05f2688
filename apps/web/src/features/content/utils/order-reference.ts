const ORDER_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The order reference from the thank-you page's `order` query parameter, or null when it is
 * missing or is not 1–64 letters, digits, `-` or `_`. Anything else is never shown, so a
 * crafted link cannot put its own text on the page.
 */
export function parseOrderReference(value: string | null | undefined): string | null {
  return typeof value === 'string' && ORDER_REFERENCE.test(value) ? value : null;
}
