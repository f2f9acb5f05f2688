import type { UpgradeCouponResponse } from '@store/contracts/licensing';
import { useId, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { requestUpgradeCoupon } from '../api/request-upgrade-coupon';

/** One upgrade price of the product: owners of `fromName` pay `percentOff` less. */
export interface UpgradeOfferRow {
  fromName: string;
  percentOff: number;
}

/** How putting the product and its coupon in the cart ended (the app composes it from the cart). */
export type AcceptResult = { ok: true } | { ok: false; message: string; detail?: string };

export interface UpgradeOfferFormProps {
  productPath: string;
  productName: string;
  offers: readonly UpgradeOfferRow[];
  /** Adds the product to the cart (unless it is there) and applies the coupon. */
  onAccepted(coupon: UpgradeCouponResponse): Promise<AcceptResult>;
  /** The cart page, where the shopper checks out. */
  cartHref: string;
}

type Step =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'adding' } | { kind: 'failed'; message: string } | { kind: 'done'; coupon: UpgradeCouponResponse };

const CHECK_FAILED = "We couldn't check your licence key. Check your connection and press Apply again.";

/** 'reMIDI 3 or reMIDI 2' */
export const offerNames = (offers: readonly UpgradeOfferRow[]) => offers.map((offer) => offer.fromName).join(' or ');

const priceOf = (offer: UpgradeOfferRow, productName: string) =>
  offer.percentOff === 100 ? `${productName} is free for ${offer.fromName} owners` : `${offer.fromName} owners get ${offer.percentOff}% off`;

/**
 * 'Upgrading from reMIDI 3 or reMIDI 2?' on a product page (docs/behaviour/upgrades.md): a
 * disclosure with a licence key field. Apply asks the store for the key's one-time coupon, then
 * puts the product in the cart with it; each failure shows beside the field and says what to do.
 */
export function UpgradeOfferForm({ productPath, productName, offers, onAccepted, cartHref }: UpgradeOfferFormProps) {
  const [key, setKey] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const inputId = useId();
  const messageId = useId();
  const busy = step.kind === 'checking' || step.kind === 'adding';

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (key.trim() === '') return setStep({ kind: 'failed', message: `Enter the licence key from your ${offerNames(offers)} email.` });
    setStep({ kind: 'checking' });
    let coupon: UpgradeCouponResponse;
    try {
      coupon = await requestUpgradeCoupon({ product: productPath, legacyKey: key });
    } catch (error) {
      return setStep({ kind: 'failed', message: refusalOf(error) });
    }
    setStep({ kind: 'adding' });
    const added = await onAccepted(coupon);
    if (!added.ok) {
      const detail = added.detail ? ` (${added.detail})` : '';
      return setStep({
        kind: 'failed',
        message: `Your licence key was accepted, but your cart could not take the upgrade: ${added.message}${detail} Press Apply again.`,
      });
    }
    setStep({ kind: 'done', coupon });
  };

  return (
    <details className="group mt-6 rounded-xl border border-border bg-tertiary">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
        Upgrading from {offerNames(offers)}?
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 transition-transform group-open:rotate-180">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </summary>
      <div className="border-t border-border px-4 pt-3 pb-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-secondary">
          {offers.map((offer) => (
            <li key={offer.fromName}>{priceOf(offer, productName)}.</li>
          ))}
        </ul>
        {step.kind === 'done' ? (
          <div className="mt-4">
            <p role="status" className="font-semibold text-success">
              {step.coupon.fromName} licence accepted: {step.coupon.percentOff}% off {productName}
            </p>
            <p className="mt-1 text-sm text-secondary">{productName} is in your cart with the upgrade price. Each old licence key upgrades once.</p>
            <ButtonLink to={cartHref} className="mt-3">
              Go to your cart
            </ButtonLink>
          </div>
        ) : (
          <form className="mt-4" onSubmit={(event) => void apply(event)} noValidate>
            <label htmlFor={inputId} className="block text-sm font-semibold">
              Your {offerNames(offers)} licence key
            </label>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <input
                id={inputId}
                name="legacyKey"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={100}
                value={key}
                onChange={(event) => setKey(event.target.value)}
                aria-describedby={messageId}
                aria-invalid={step.kind === 'failed' || undefined}
                className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-border bg-background px-3 font-mono text-base text-primary placeholder:font-sans placeholder:text-secondary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary dark:focus-visible:outline-accent"
                placeholder="XXXX-XXXX-XXXX"
              />
              <Button type="submit" variant="secondary" disabled={busy} aria-busy={busy}>
                {busy && (
                  <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none" />
                )}
                {busy ? 'Applying...' : 'Apply'}
              </Button>
            </div>
            <p id={messageId} aria-live="polite" className={`mt-2 text-sm ${step.kind === 'failed' ? 'text-danger' : 'text-secondary'}`}>
              {step.kind === 'failed' && step.message}
              {step.kind === 'checking' && 'Checking your licence key…'}
              {step.kind === 'adding' && `Adding ${productName} to your cart…`}
            </p>
          </form>
        )}
      </div>
    </details>
  );
}

/** What the store said about the key, or what to do when it could not be asked. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return CHECK_FAILED;
  if (error.status === 429) return error.serverMessage ?? 'Too many attempts. Wait a few minutes and try again.';
  return error.fields.legacyKey ?? error.serverMessage ?? CHECK_FAILED;
}
