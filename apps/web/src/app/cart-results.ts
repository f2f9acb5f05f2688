import type { ActionFailure } from '../features/payments/types';

/** How a cart change ended, for the cart and checkout pages (their `CartResult` / `StepResult`). */
export type ChangeResult = { ok: true } | { ok: false; message: string; detail?: string };

/** Turns a payment action's boolean into a result that says why it failed. */
export function toChangeResult(ok: boolean, failure: ActionFailure | null): ChangeResult {
  if (ok) return { ok: true };
  return {
    ok: false,
    message: failure?.message ?? 'Something went wrong with your cart.',
    ...(failure?.providerMessage ? { detail: failure.providerMessage } : {}),
  };
}
