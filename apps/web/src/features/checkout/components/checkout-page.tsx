import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCheckoutFlow, type CheckoutFlowInput } from '../hooks/use-checkout-flow';
import { useCheckoutPrefill } from '../hooks/use-checkout-prefill';
import type { CheckoutPrefill } from '../types';
import { parseCheckoutParams } from '../utils/checkout-params';
import { EmbeddedCheckout } from './embedded-checkout';
import { paths } from '@store/contracts/paths';

export interface CheckoutPageProps extends Omit<CheckoutFlowInput, 'params'> {
  storeName: string;
  /** Signed-in shoppers see no 'Guest Checkout' label and get their details pre-filled. */
  isAuthenticated?: boolean;
  /** Sign-in state not known yet: neither 'Guest Checkout' nor the details hint is shown. */
  identityLoading?: boolean;
  /** How to pre-fill a signed-in shopper's details; given only for a signed-in shopper. */
  prefill?: CheckoutPrefill;
  /** The provider's storefront opens its checkout in a popup window (docs/behaviour/checkout.md#popup-storefronts). */
  popupStorefront?: boolean;
}

/** /checkout (docs/behaviour/checkout.md#checkout-page): the provider's embedded checkout. */
export function CheckoutPage({
  storeName,
  isAuthenticated = false,
  identityLoading = false,
  prefill,
  popupStorefront = false,
  ...flowInput
}: CheckoutPageProps) {
  const [searchParams] = useSearchParams();
  // Read once per visit: the URL's changes are applied once.
  const [params] = useState(() => parseCheckoutParams(searchParams));
  const flow = useCheckoutFlow({ ...flowInput, params });
  const [stalled, setStalled] = useState(false);
  const signedIn = isAuthenticated && !identityLoading;
  const customerData = useCheckoutPrefill({ active: signedIn && flow.phase === 'started', prefill: signedIn ? prefill : undefined });
  // docs/behaviour/checkout.md#checkout-page: while a signed-in shopper's details load, a Refresh button and a hint (not over an empty cart or a failed checkout).
  const customerDataLoading = signedIn && customerData.pending && flow.phase !== 'empty' && flow.phase !== 'failed';

  const showContainer = flow.phase === 'starting' || flow.phase === 'started';
  const notLoading = flow.phase === 'failed' || (flow.phase === 'started' && stalled);

  return (
    <Container className="py-8 sm:py-12">
      <title>{`Checkout — ${storeName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
          {!isAuthenticated && !identityLoading && (
            <span className="inline-flex items-center rounded-full border border-border px-3 py-1 text-sm font-semibold text-secondary">Guest Checkout</span>
          )}
        </div>
        {/* Side by side where they fit, else one full-width button per row. */}
        <nav aria-label="Leave checkout" className="flex w-full flex-wrap gap-2 sm:w-auto sm:gap-3">
          <ButtonLink to={paths.cart.getHref()} variant="secondary" className="grow whitespace-nowrap sm:grow-0">
            <span aria-hidden="true">←</span> Back to Cart
          </ButtonLink>
          <ButtonLink to={paths.productLists.all.getHref()} variant="secondary" className="grow whitespace-nowrap sm:grow-0 sm:border-transparent">
            Continue Shopping
          </ButtonLink>
        </nav>
      </div>

      {customerDataLoading && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl border border-border/40 bg-tertiary px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-border/70">
          <p role="status" className="flex items-center gap-2 text-secondary">
            <span
              aria-hidden="true"
              className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none"
            />
            Loading your details to fill in the checkout for you. If they don't appear, press Refresh.
          </p>
          <Button variant="secondary" size="sm" className="self-start sm:self-auto" onClick={customerData.refresh}>
            Refresh
          </Button>
        </div>
      )}

      <div aria-live="polite" className="space-y-3 not-empty:mt-6">
        {flow.appliedCoupon && <Alert tone="success">{`Coupon ${flow.appliedCoupon} applied to your order!`}</Alert>}
        {flow.problems.map((problem) => (
          <Alert key={problem} tone="warning">
            {problem}
          </Alert>
        ))}
      </div>

      {(flow.phase === 'waiting' || flow.phase === 'applying') && <Spinner label="Loading checkout..." className="mt-6 py-24" />}

      {flow.phase === 'empty' && (
        <div className="mt-6 rounded-xl border border-border/40 bg-tertiary px-6 py-14 text-center dark:border-border/70">
          <p className="text-xl font-semibold">Your cart is empty</p>
          <p className="mt-2 text-secondary">There is nothing to check out yet. Add something from the catalogue first.</p>
        </div>
      )}

      {notLoading && (
        <div className="mt-6">
          <Alert tone="warning" title="Checkout not loading">
            <p>Try the Back to Cart or Continue Shopping buttons above, then come back to checkout. If it still doesn't load, reload the page.</p>
          </Alert>
        </div>
      )}

      {showContainer && (
        <div className="mt-6">
          <EmbeddedCheckout started={flow.phase === 'started'} popup={popupStorefront} showSpinner={!notLoading} onStalledChange={setStalled} />
        </div>
      )}
    </Container>
  );
}
