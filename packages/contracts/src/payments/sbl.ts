/**
 * The browser contract of FastSpring's Store Builder Library (SBL), as far as the store
 * uses it. Real FastSpring and the embedded sandbox both implement it; the storefront
 * only ever talks to `window.fastspring.builder`. Types and plain helpers (no zod), so the web app can
 * import them for free.
 *
 * Display strings come with a numeric twin (`total` / `totalValue`), as in the SBL.
 */

/** One product line in the SBL's cart data (`groups[].items[]`). */
export interface SblItem {
  path: string;
  display: string;
  image?: string | null;
  description?: { summary?: string; full?: string };
  /** Whether the item is in the cart: only selected items count. */
  selected: boolean;
  quantity: number;
  /** Unit list price text ('$79.00') and value. */
  price: string;
  priceValue: number;
  /** Unit price after discounts. */
  unitPrice: string;
  unitPriceValue: number;
  /** Line total before / after discount. */
  priceTotal: string;
  priceTotalValue: number;
  total?: string;
  totalValue?: number;
  discountPercent?: number;
  discountTotal?: string;
  discountTotalValue?: number;
  discountReason?: string | null;
}

export interface SblGroup {
  display?: string;
  items: SblItem[];
}

/** The object the SBL passes to the `data-data-callback` function after every change. */
export interface SblCartData {
  currency: string;
  /** Order total text and value. */
  total: string;
  totalValue: number;
  subtotal: string;
  subtotalValue: number;
  discountTotal: string;
  discountTotalValue: number;
  /** Coupon codes applied to the session (upper-case). */
  coupons: string[];
  /** Number of selected line items. */
  selections: number;
  groups: SblGroup[];
  /** Extra fields a provider may add (e.g. FastSpring's `orderTotal`). */
  [key: string]: unknown;
}

/** Contact and address the store may push to pre-fill the checkout (`recognize`, `secure`). */
export interface SblPaymentContact {
  email?: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  phone?: string;
}

export interface SblSecurePayload {
  contact?: SblPaymentContact;
  paymentContact?: SblPaymentContact;
  billingAddress?: { country?: string; region?: string; city?: string; postalCode?: string; addressLine1?: string };
  items?: Array<{ product: string; quantity?: number }>;
  coupon?: string;
  reset?: boolean;
  /** Two-letter ISO country of the order (FastSpring: sets the currency). */
  country?: string;
}

/** The SBL's push format: a batch of changes applied at once. */
export interface SblPushPayload {
  products?: Array<{ path: string; quantity: number }>;
  coupon?: string;
  reset?: boolean;
  paymentContact?: SblPaymentContact;
  billingAddress?: SblSecurePayload['billingAddress'];
  checkout?: boolean;
  /** Session tags: the provider puts them on the order (FastSpring: the order's `tags`). */
  tags?: Record<string, string>;
}

export type SblCallback = (data?: SblCartData) => void;

/** `window.fastspring.builder`: every call takes an optional trailing callback. */
export interface SblBuilder {
  add(path: string, callback?: SblCallback): void;
  remove(path: string, callback?: SblCallback): void;
  update(path: string, quantity: number, callback?: SblCallback): void;
  reset(callback?: SblCallback): void;
  promo(code: string, callback?: SblCallback): void;
  checkout(callback?: SblCallback): void;
  secure(payload: SblSecurePayload | string, key?: string, callback?: SblCallback): void;
  recognize(contact: SblPaymentContact, callback?: SblCallback): void;
  push(payload: SblPushPayload, callback?: SblCallback): void;
  /** Reads the session's current cart data again: sent to the data callback and to `callback`. */
  get(callback?: SblCallback): void;
}

/** `data-popup-webhook-received`: called with the order once payment succeeded. */
export interface SblOrderReceived {
  id: string;
  reference: string;
  [key: string]: unknown;
}

/** `data-error-callback`: (code, message). */
export type SblErrorCallback = (code: string | number, message: string) => void;

/** Messages the embedded checkout frame posts to its parent window. */
export type SblPopupMessage =
  | { fscPopupMessage: { action: 'resizeInlineContainer'; height: number } }
  | { fscPopupMessage: { action: 'hook'; hookName?: string; order: SblOrderReceived } }
  | { fscPopupMessage: { action: 'close'; orderReference: { id: string; reference: string } | null } };

/**
 * Whether a storefront ('store.onfastspring.com/popup-store') is a popup storefront: FastSpring
 * names them `popup-…`, and their `checkout()` opens a window over the page instead of drawing
 * into the embedded container. The sandbox follows the same naming.
 */
export function isPopupStorefront(storefront: string): boolean {
  const path = storefront
    .replace(/^[a-z]+:\/\//i, '')
    .split('/')
    .slice(1);
  return path.some((segment) => segment.startsWith('popup-'));
}

/** Element the embedded checkout renders into (the SBL's convention). */
export const SBL_EMBEDDED_CONTAINER_ID = 'fsc-embedded-checkout-container';
/** Id of the SBL `<script>` element. */
export const SBL_SCRIPT_ID = 'fsc-api';
