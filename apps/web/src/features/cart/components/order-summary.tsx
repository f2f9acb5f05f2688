import { useId, useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { LockIcon } from '#web/components/ui/lock-icon.tsx';
import type { CartResult, CartView } from '../types';
import { isFreeCart } from '../utils/cart-view';

export interface OrderSummaryProps {
  cart: CartView;
  /** A cart change is in flight: the total shows 'Calculating...'. */
  busy: boolean;
  onApplyCoupon(code: string): Promise<CartResult>;
  onRemoveCoupon(code: string): Promise<CartResult>;
  onCheckout(): void;
}

type PromoMessage = { tone: 'success' | 'error'; text: string } | null;

/** Promo code, item count, total and the Secure Checkout button (docs/behaviour/cart.md#cart-page). */
export function OrderSummary({ cart, busy, onApplyCoupon, onRemoveCoupon, onCheckout }: OrderSummaryProps) {
  const headingId = useId();
  const calculating = busy || cart.totalPending;
  const free = !calculating && isFreeCart(cart);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border/40 bg-tertiary p-5 sm:p-6 lg:sticky lg:top-24 dark:border-border/70">
      <h2 id={headingId} className="text-xl font-bold">
        Order Summary
      </h2>

      <PromoCodeForm coupons={cart.coupons} onApply={onApplyCoupon} onRemove={onRemoveCoupon} />

      <dl className="mt-6 space-y-3 border-t border-border/40 pt-5 dark:border-border/70">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-secondary">Items</dt>
          <dd className="font-semibold tabular-nums">{cart.count}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-lg font-bold">Total</dt>
          <dd className="text-right text-2xl font-bold tabular-nums" aria-live="polite" aria-atomic="true">
            {calculating ? <span className="text-base font-semibold text-secondary">Calculating...</span> : cart.total}
          </dd>
        </div>
      </dl>
      <p aria-live="polite" className={free ? 'mt-3 font-semibold text-success' : 'sr-only'}>
        {free ? 'Free checkout - no payment required!' : ''}
      </p>

      <Button size="lg" className="mt-6 w-full" disabled={calculating} onClick={onCheckout}>
        <LockIcon />
        {free ? 'Get Free Products' : 'Secure Checkout'}
      </Button>
      <p className="mt-3 text-center text-sm text-secondary">Payment is handled by our payment provider; your download links arrive by email.</p>
    </section>
  );
}

function PromoCodeForm({
  coupons,
  onApply,
  onRemove,
}: {
  coupons: readonly string[];
  onApply(code: string): Promise<CartResult>;
  onRemove(code: string): Promise<CartResult>;
}) {
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [message, setMessage] = useState<PromoMessage>(null);
  const trimmed = code.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || applying) return;
    setApplying(true);
    setMessage(null);
    const result = await onApply(trimmed);
    setApplying(false);
    if (result.ok) {
      // A successful promo clears the input (docs/behaviour/cart.md#promo-codes).
      setCode('');
      setMessage({ tone: 'success', text: `Promo code ${trimmed.toUpperCase()} applied.` });
    } else {
      setMessage({ tone: 'error', text: `Promo code ${trimmed.toUpperCase()} wasn't accepted. ${result.detail ?? 'Check the code and try again.'}` });
    }
  };

  const remove = async (coupon: string) => {
    setRemoving(coupon);
    setMessage(null);
    const result = await onRemove(coupon);
    setRemoving(null);
    setMessage(
      result.ok
        ? { tone: 'success', text: `Promo code ${coupon} removed.` }
        : { tone: 'error', text: `${result.message} ${result.detail ?? 'Please try again.'}` },
    );
  };

  return (
    <div className="mt-5">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className="block text-sm font-semibold">
          Promo code
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={inputId}
            name="promo"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-describedby={message ? messageId : undefined}
            aria-invalid={message?.tone === 'error' || undefined}
            className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-border bg-background px-3 text-base text-primary placeholder:text-secondary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary dark:focus-visible:outline-accent"
            placeholder="Enter code"
          />
          <Button type="submit" variant="secondary" disabled={trimmed === '' || applying}>
            {applying ? 'Applying...' : 'Apply'}
          </Button>
        </div>
      </form>
      <p id={messageId} aria-live="polite" className={message ? `mt-2 text-sm ${message.tone === 'error' ? 'text-danger' : 'text-success'}` : 'sr-only'}>
        {message?.text ?? ''}
      </p>
      {coupons.length > 0 && (
        <ul aria-label="Applied promo codes" className="mt-3 flex flex-wrap gap-2">
          {coupons.map((coupon) => (
            <li
              key={coupon}
              className="inline-flex items-center gap-1 rounded-full border border-success/60 bg-success/10 py-0.5 pr-0.5 pl-3 text-sm font-semibold"
            >
              <span className="font-mono tracking-wide">{coupon}</span>
              <button
                type="button"
                aria-label={`Remove promo code ${coupon}`}
                disabled={removing !== null}
                onClick={() => void remove(coupon)}
                className="inline-flex size-9 items-center justify-center rounded-full text-secondary transition-colors hover:bg-primary/10 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50 dark:focus-visible:outline-accent"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
