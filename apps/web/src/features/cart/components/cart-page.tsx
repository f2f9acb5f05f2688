import { useId, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { FailureHint } from '#web/components/ui/failure-hint.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { CartResult, CartView } from '../types';
import { CartLineItem } from './cart-line-item';
import { OrderSummary } from './order-summary';
import { paths } from '@store/contracts/paths';

export interface CartPageProps {
  storeName: string;
  /** The payment provider: 'Loading cart...' until it is ready. */
  status: 'loading' | 'ready' | 'failed';
  /** Null until the provider has sent the cart. */
  cart: CartView | null;
  /** A cart change is in flight. */
  busy: boolean;
  onUpdateQuantity(path: string, quantity: number): Promise<CartResult>;
  onRemove(path: string): Promise<CartResult>;
  onClear(): Promise<CartResult>;
  onApplyCoupon(code: string): Promise<CartResult>;
  onRemoveCoupon(code: string): Promise<CartResult>;
  /** Secure Checkout / Get Free Products. */
  onCheckout(): void;
  /** Loads the payment provider again (a page reload) after it failed. */
  onRetry(): void;
}

type Failure = Extract<CartResult, { ok: false }>;

/** /cart (docs/behaviour/cart.md#cart-page). */
export function CartPage(props: CartPageProps) {
  const { storeName, status, cart } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const hasItems = status === 'ready' && cart !== null && cart.items.length > 0;

  const clear = async () => {
    setConfirming(false);
    setClearing(true);
    setFailure(null);
    const result = await props.onClear();
    setClearing(false);
    if (result.ok) headingRef.current?.focus();
    else setFailure(result);
  };

  return (
    <Container className="py-10 sm:py-14">
      <title>{`Your cart — ${storeName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none sm:text-4xl">
          Your cart
        </h1>
        {hasItems && (
          <Button variant="danger" size="sm" className="min-h-11" disabled={clearing} onClick={() => setConfirming(true)}>
            {clearing ? 'Clearing...' : 'Clear Cart'}
          </Button>
        )}
      </div>

      <div aria-live="polite">
        {failure && (
          <div className="mt-6">
            <Alert tone="error" title={failure.message}>
              {failure.detail && <p>{failure.detail}</p>}
              <p>Please try again. If it keeps happening, reload the page.</p>
            </Alert>
          </div>
        )}
      </div>

      <CartContent {...props} onResult={(result) => setFailure(result.ok ? null : result)} />

      {confirming && (
        <ConfirmDialog
          title="Clear your cart?"
          confirmLabel="Clear Cart"
          cancelLabel="Keep items"
          onConfirm={() => void clear()}
          onCancel={() => setConfirming(false)}
        >
          <p>Every item and promo code will be removed from your cart.</p>
        </ConfirmDialog>
      )}
    </Container>
  );
}

function CartContent({
  status,
  cart,
  busy,
  onUpdateQuantity,
  onRemove,
  onApplyCoupon,
  onRemoveCoupon,
  onCheckout,
  onRetry,
  onResult,
}: CartPageProps & { onResult(result: CartResult): void }) {
  const listHeadingId = useId();
  if (status === 'failed') {
    return (
      <div className="mt-8 rounded-xl border border-border/40 bg-tertiary px-6 py-12 text-center dark:border-border/70">
        <p className="text-lg font-semibold">Your cart can't be shown right now.</p>
        <div className="mt-2 text-secondary">
          <FailureHint failureKey={status} trouble="The store is up, but the payment service your cart needs isn't reachable. Try again in a moment." />
        </div>
        <Button variant="secondary" className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (status === 'loading' || cart === null) return <Spinner label="Loading cart..." className="mt-8 py-16" />;

  if (cart.items.length === 0) {
    return (
      <div className="mt-8 rounded-xl border border-border/40 bg-tertiary px-6 py-14 text-center dark:border-border/70">
        {cart.count > 0 ? (
          <>
            <p className="text-xl font-semibold">No cart items to display</p>
            <p className="mt-2 text-secondary">Your cart holds items we couldn't read. Reload the page to refresh it.</p>
          </>
        ) : (
          <>
            <p className="text-xl font-semibold">Your cart is empty</p>
            <p className="mt-2 text-secondary">Browse the catalogue to find products, free downloads and deals.</p>
          </>
        )}
        <ButtonLink to={paths.productLists.all.getHref()} className="mt-8">
          Continue Shopping
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="sr-only">
          Items in your cart
        </h2>
        <ul className="divide-y divide-border/40 rounded-xl border border-border/40 dark:divide-border/70 dark:border-border/70">
          {cart.items.map((line) => (
            <CartLineItem key={line.path} line={line} onUpdateQuantity={onUpdateQuantity} onRemove={onRemove} onResult={onResult} />
          ))}
        </ul>
        <ButtonLink to={paths.productLists.all.getHref()} variant="ghost" className="mt-4">
          <span aria-hidden="true">←</span> Continue Shopping
        </ButtonLink>
      </section>
      <OrderSummary cart={cart} busy={busy} onApplyCoupon={onApplyCoupon} onRemoveCoupon={onRemoveCoupon} onCheckout={onCheckout} />
    </div>
  );
}
