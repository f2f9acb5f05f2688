import type { CartLine } from '#web/types/cart-line.ts';

/** The cart as the storefront knows it (docs/behaviour/cart.md#cart-data). */
export interface CartSnapshot {
  items: CartLine[];
  /** Items in the cart (sum of quantities); the provider's selection count when no line could be read. */
  count: number;
  /** Order total text, zero in the store currency for an empty cart. */
  total: string;
  /** The total's numeric twin; null while it cannot be worked out. */
  totalValue: number | null;
  /** True when lines are present but no total could be read or summed. */
  totalPending: boolean;
  subtotal: string;
  currency: string;
  /** Coupon codes applied to the session. */
  coupons: string[];
}

export type PaymentsStatus = 'loading' | 'ready' | 'failed';
/** Why the provider never became ready: its script failed to load, or its builder never appeared. */
export type PaymentsFailure = 'script' | 'timeout';

export type CartActionName = 'add' | 'remove' | 'update' | 'clear' | 'coupon' | 'checkout';

/** Why the last cart change failed, in words a shopper can read. */
export interface ActionFailure {
  action: CartActionName;
  message: string;
  /** The provider's own message (error callback), when it sent one. */
  providerMessage?: string;
}

/** An error event from the provider that no cart change was waiting for. */
export interface ProviderNotice {
  id: number;
  code: string;
  message: string;
}

export interface CompletedOrder {
  id: string;
  reference: string;
}
