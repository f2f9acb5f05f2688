import { useCallback, useEffect, useRef, useState } from 'react';
import { PREFILL_DELAY_MS } from '../constants';
import type { CheckoutPrefill } from '../types';

export interface CheckoutPrefillState {
  /** A signed-in shopper's details are still on their way (Refresh and a hint meanwhile: docs/behaviour/checkout.md#checkout-page). */
  pending: boolean;
  /** Looks the shopper up again at once, e.g. when the first lookup is stuck. */
  refresh: () => void;
}

/**
 * docs/behaviour/checkout.md#prefill: 2 s after the checkout opened, a signed-in shopper's details are
 * pushed to the provider. Failures are only logged, and end the pending state
 * like a success: the shopper types their details as a guest would.
 */
export function useCheckoutPrefill({
  active,
  prefill,
  delayMs = PREFILL_DELAY_MS,
}: {
  active: boolean;
  prefill: CheckoutPrefill | undefined;
  delayMs?: number;
}): CheckoutPrefillState {
  const [done, setDone] = useState(false);
  /** Refresh pressed before the checkout started: look up as soon as it does, without the delay. */
  const [soon, setSoon] = useState(false);
  const started = useRef(false);
  /** Only the newest lookup's answer is applied (a Refresh may overtake a slow one). */
  const latestRun = useRef(0);
  const mounted = useRef(true);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(() => {
    if (!prefill) return;
    clearTimeout(timer.current);
    started.current = true;
    const id = ++latestRun.current;
    prefill
      .load()
      .then((payload) => {
        if (payload && id === latestRun.current) prefill.apply(payload);
      })
      .catch((error: unknown) => console.warn('Checkout: prefilling the shopper details failed', error))
      .finally(() => {
        if (id === latestRun.current && mounted.current) setDone(true);
      });
  }, [prefill]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!active || !prefill || started.current) return;
    timer.current = setTimeout(run, soon ? 0 : delayMs);
    return () => clearTimeout(timer.current);
  }, [active, prefill, delayMs, run, soon]);

  const refresh = useCallback(() => {
    if (active) run();
    else setSoon(true);
  }, [active, run]);

  return { pending: Boolean(prefill) && !done, refresh };
}
