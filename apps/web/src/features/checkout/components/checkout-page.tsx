import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckoutFlow, type CheckoutFlowInput } from '../hooks/use-checkout-flow';
import { useCheckoutPrefill } from '../hooks/use-checkout-prefill';
import type { CheckoutPrefill } from '../types';
import { parseCheckoutParams } from '../utils/checkout-params';
import { EmbeddedCheckout } from './embedded-checkout';

export interface CheckoutPageProps extends Omit<CheckoutFlowInput, 'params'> {
  storeName: string;
  /** Signed-in shoppers see no 'Guest Checkout' label and get their details pre-filled. */
  isAuthenticated?: boolean;
  /** How to pre-fill a signed-in shopper's details (sign-in arrives with a later issue). */
  prefill?: CheckoutPrefill;
  /** While a signed-in shopper's details load: a Refresh button and a hint (storefront spec §2). */
  customerDataLoading?: boolean;
  onRefresh?: () => void;
}

/** /checkout (storefront spec §2 "Checkout page", §4): the provider's embedded checkout. */
export function CheckoutPage({ storeName, isAuthenticated = false, prefill, customerDataLoading = false, onRefresh, ...flowInput }: CheckoutPageProps) {
  const [searchParams] = useSearchParams();
  // Read once per visit: the URL's changes are applied once.
  const [params] = useState(() => parseCheckoutParams(searchParams));
  const flow = useCheckoutFlow({ ...flowInput, params });
  const [stalled, setStalled] = useState(false);
  useCheckoutPrefill({ active: isAuthenticated && flow.phase === 'started', prefill });

  const showContainer = flow.phase === 'starting' || flow.phase === 'started';
  const notLoading = flow.phase === 'failed' || (flow.phase === 'started' && stalled);

  return (
    <Container className="py-8 sm:py-12">
      <title>{`Checkout — ${storeName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
          {!isAuthenticated && (
            <span className="inline-flex items-center rounded-full border border-border px-3 py-1 text-sm font-semibold text-secondary">Guest Checkout</span>
          )}
        </div>
        {/* Side by side where they fit, else one full-width button per row. */}
        <nav aria-label="Leave checkout" className="flex w-full flex-wrap gap-2 sm:w-auto sm:gap-3">
          <ButtonLink to="/cart" variant="secondary" className="grow whitespace-nowrap sm:grow-0">
            <span aria-hidden="true">←</span> Back to Cart
          </ButtonLink>
          <ButtonLink to="/products" variant="secondary" className="grow whitespace-nowrap sm:grow-0 sm:border-transparent">
            Continue Shopping
          </ButtonLink>
        </nav>
      </div>

      {isAuthenticated && customerDataLoading && (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-secondary">
          <p>Loading your details so you don't have to type them. If they don't appear, refresh.</p>
          <Button variant="secondary" size="sm" onClick={onRefresh}>
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
          <EmbeddedCheckout started={flow.phase === 'started'} showSpinner={!notLoading} onStalledChange={setStalled} />
        </div>
      )}
    </Container>
  );
}
