import DOMPurify from 'dompurify';

/** Inline formatting a cart line's summary may keep; everything else (links, images, attributes) goes. */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'br', 'p', 'span', 'ul', 'ol', 'li'];

/**
 * A cart line's summary comes from the payment provider as HTML (docs/behaviour/cart.md#line-summaries): only
 * inline formatting survives, with no attributes at all, so nothing in it can run or link.
 */
export function sanitizeSummary(html: string): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}
