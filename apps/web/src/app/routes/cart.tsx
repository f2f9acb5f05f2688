import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CartPage } from '#web/features/cart/components/cart-page.tsx';
import { reloadPage } from '#web/features/payments/components/payments-alerts.tsx';
import { usePayments } from '#web/features/payments/payments-provider.tsx';
import { storeConfig } from '#web/lib/store-config.ts';
import { toChangeResult } from '../cart-results';
import { paths } from '@store/contracts/paths';

/**
 * /cart: the cart page over the payment provider's cart. Secure Checkout goes to /checkout,
 * which starts the provider's checkout 0.5 s later (docs/decisions/0007-storefront-checkout.md).
 */
export function Component() {
  const payments = usePayments();
  const navigate = useNavigate();
  const { status, refreshCart } = payments;
  // docs/behaviour/cart.md#cart-page: the session's cart is read again on arrival and whenever the tab
  // becomes visible, so a change made in another tab shows here.
  useEffect(() => {
    if (status !== 'ready') return;
    refreshCart();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshCart();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status, refreshCart]);
  const result = (ok: boolean) => toChangeResult(ok, payments.getLastFailure());
  return (
    <CartPage
      storeName={storeConfig.storeName}
      status={payments.status}
      cart={payments.cartLoaded ? payments.cart : null}
      busy={payments.pendingActions > 0}
      onUpdateQuantity={async (path, quantity) => result(await payments.update(path, quantity))}
      onRemove={async (path) => result(await payments.remove(path))}
      onClear={async () => result(await payments.clear())}
      onApplyCoupon={async (code) => result(await payments.applyCoupon(code))}
      onRemoveCoupon={async () => result(await payments.removeCoupon())}
      onCheckout={() => void navigate(paths.checkout.getHref())}
      onRetry={reloadPage}
    />
  );
}
