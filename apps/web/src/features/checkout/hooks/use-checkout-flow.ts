import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_START_DELAY_MS } from '../constants';
import type { CheckoutParams, StepResult } from '../types';

export interface CheckoutFlowInput {
  params: CheckoutParams;
  providerStatus: 'loading' | 'ready' | 'failed';
  /** The provider has sent the cart. */
  cartLoaded: boolean;
  /** The catalogue (to tell known products from unknown ones). */
  catalogue: 'pending' | 'ready' | 'error';
  isKnownProduct(path: string): boolean;
  /** Items in the cart right now (read after the URL's changes were made). */
  getCartCount(): number;
  /** Whether the product is in the cart right now. */
  isInCart(path: string): boolean;
  reset(): Promise<StepResult>;
  addProduct(path: string, quantity: number): Promise<StepResult>;
  setQuantity(path: string, quantity: number): Promise<StepResult>;
  applyCoupon(code: string): Promise<StepResult>;
  startCheckout(): boolean;
}

/**
 * waiting: for the provider, the cart or the catalogue · applying: the URL's changes ·
 * empty: nothing to check out · starting: 0.5 s before `checkout()` · started · failed:
 * the provider is unavailable or `checkout()` threw.
 */
export type CheckoutPhase = 'waiting' | 'applying' | 'empty' | 'starting' | 'started' | 'failed';

export interface CheckoutFlowState {
  phase: CheckoutPhase;
  /** The coupon from the URL, once the provider accepted it. */
  appliedCoupon: string | null;
  /** What went wrong with the URL's changes, in words for the shopper. */
  problems: string[];
}

/**
 * docs/behaviour/checkout.md#url-parameters: once the provider is loaded, the URL's parameters are
 * applied — buyNow resets the cart, a known product is added with its quantity, a promo
 * code is applied — exactly once (not again on re-render or StrictMode's second effect),
 * then the provider's checkout starts 0.5 s later.
 */
export function useCheckoutFlow(input: CheckoutFlowInput): CheckoutFlowState {
  const [state, setState] = useState<CheckoutFlowState>({ phase: 'waiting', appliedCoupon: null, problems: [] });
  const applied = useRef(false);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });

  const { providerStatus, cartLoaded, catalogue } = input;
  const canApply = providerStatus === 'ready' && cartLoaded && catalogue !== 'pending';

  useEffect(() => {
    if (!canApply || applied.current) return;
    applied.current = true;
    const run = async () => {
      const flow = latest.current;
      const { product, quantity, buyNow, coupon } = flow.params;
      const problems: string[] = [];
      let appliedCoupon: string | null = null;
      setState((current) => ({ ...current, phase: 'applying' }));

      if (buyNow) {
        const result = await flow.reset();
        if (!result.ok) problems.push(describe(result));
      }
      if (product !== null) {
        if (flow.catalogue === 'error') {
          console.warn(`Checkout: the catalogue could not be loaded, so the product "${product}" from the link was not added`);
        } else if (!flow.isKnownProduct(product)) {
          console.warn(`Checkout: ignoring the unknown product "${product}" from the link`);
        } else {
          const result = flow.isInCart(product) ? await flow.setQuantity(product, quantity) : await flow.addProduct(product, quantity);
          if (!result.ok) problems.push(describe(result));
        }
      }
      if (coupon !== null) {
        const result = await flow.applyCoupon(coupon);
        if (result.ok) appliedCoupon = coupon.toUpperCase();
        else problems.push(`Promo code ${coupon.toUpperCase()} wasn't accepted. ${result.detail ?? 'Check the code and try again.'}`);
      }

      const phase: CheckoutPhase = latest.current.getCartCount() > 0 ? 'starting' : 'empty';
      setState({ phase, appliedCoupon, problems });
    };
    void run();
  }, [canApply]);

  // Separate from the step above, so StrictMode's cleanup and second run only re-arm the timer.
  useEffect(() => {
    if (state.phase !== 'starting') return;
    const timer = setTimeout(() => {
      const started = latest.current.startCheckout();
      setState((current) => ({ ...current, phase: started ? 'started' : 'failed' }));
    }, CHECKOUT_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.phase]);

  // A provider that never became ready leaves nothing to wait for.
  return providerStatus === 'failed' && state.phase === 'waiting' ? { ...state, phase: 'failed' } : state;
}

function describe(result: Extract<StepResult, { ok: false }>): string {
  return result.detail ? `${result.message} ${result.detail}` : result.message;
}
