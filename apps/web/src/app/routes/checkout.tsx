import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { CheckoutPage } from '#web/features/checkout/components/checkout-page.tsx';
import { usePayments } from '#web/features/payments/payments-provider.tsx';
import { useIdentity } from '#web/features/identity/identity-provider.tsx';
import { storeConfig } from '#web/lib/store-config.ts';
import { isPopupStorefront } from '@store/contracts/payments/sbl';
import { toChangeResult } from '../cart-results';
import { createCheckoutPrefill } from '../checkout-prefill';

/**
 * /checkout: the provider's embedded checkout, after the URL's product, quantity, buyNow
 * and coupon were applied. A signed-in shopper's details are pre-filled after 2 s.
 */
export function Component() {
  const payments = usePayments();
  const products = useProducts();
  const location = useLocation();
  const known = useMemo(() => new Set((products.data ?? []).map((product) => product.path)), [products.data]);
  const identity = useIdentity();
  const signedIn = identity.status === 'authenticated' && identity.user !== null;
  const prefill = useMemo(() => (identity.user ? createCheckoutPrefill(identity.store, identity.user) : undefined), [identity.store, identity.user]);
  const result = (ok: boolean) => toChangeResult(ok, payments.getLastFailure());
  return (
    <CheckoutPage
      // A new visit (another link to /checkout) applies its parameters again.
      key={location.key}
      storeName={storeConfig.storeName}
      isAuthenticated={signedIn}
      identityLoading={identity.status === 'loading'}
      prefill={signedIn ? prefill : undefined}
      popupStorefront={isPopupStorefront(storeConfig.payments.storefront)}
      providerStatus={payments.status}
      cartLoaded={payments.cartLoaded}
      catalogue={products.isPending ? 'pending' : products.isError ? 'error' : 'ready'}
      isKnownProduct={(path) => known.has(path)}
      getCartCount={() => payments.getCart().count}
      isInCart={(path) => payments.getCart().items.some((line) => line.path === path)}
      reset={async () => result(await payments.clear())}
      addProduct={async (path, quantity) => result(await payments.add(path, quantity))}
      setQuantity={async (path, quantity) => result(await payments.update(path, quantity))}
      applyCoupon={async (code) => result(await payments.applyCoupon(code))}
      startCheckout={payments.startCheckout}
    />
  );
}
