import type { SblPushPayload } from '@store/contracts/payments/sbl';

/** How a cart change ended; a failure carries words for the shopper and the provider's own detail. */
export type StepResult = { ok: true } | { ok: false; message: string; detail?: string };

/** The checkout URL's query parameters (docs/behaviour/checkout.md#url-parameters). */
export interface CheckoutParams {
  /** A product path to add, or null. */
  product: string | null;
  /** Integer ≥ 1; default 1. */
  quantity: number;
  /** buyNow=true: the cart is reset first. */
  buyNow: boolean;
  /** From coupon, promo or discount (first one given). */
  coupon: string | null;
}

/** A signed-in shopper's details, and (live FastSpring) the same contact encrypted by the server. */
export type CheckoutPrefillData = SblPushPayload & { sealed?: { securePayload: string; secureKey: string } };

/** How a signed-in shopper's details reach the checkout. */
export interface CheckoutPrefill {
  /** Looks the shopper up; null when there is nothing to fill in. */
  load(): Promise<CheckoutPrefillData | null>;
  /** Hands the details to the provider (`recognize`, `secure`). */
  apply(payload: CheckoutPrefillData): void;
}
