import { useEffect, useRef } from 'react';
import { PREFILL_DELAY_MS } from '../constants';
import type { CheckoutPrefill } from '../types';

/**
 * Storefront spec §4: 2 s after the checkout opened, a signed-in shopper's details are
 * pushed to the provider. Failures are only logged (spec §5). Sign-in arrives with a later
 * issue: until then the checkout page passes no `prefill` and this does nothing.
 */
export function useCheckoutPrefill({ active, prefill, delayMs = PREFILL_DELAY_MS }: { active: boolean; prefill: CheckoutPrefill | undefined; delayMs?: number }) {
  const done = useRef(false);
  useEffect(() => {
    if (!active || !prefill || done.current) return;
    const timer = setTimeout(() => {
      done.current = true;
      prefill
        .load()
        .then((payload) => {
          if (payload) prefill.apply(payload);
        })
        .catch((error: unknown) => console.warn('Checkout: prefilling the shopper details failed', error));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, prefill, delayMs]);
}
