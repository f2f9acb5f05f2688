import { useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Toaster, toast } from '../../components/ui/toast';
import { LOGGED_OUT_MESSAGE } from '../../features/identity/constants';
import { IdentityProvider } from '../../features/identity/identity-provider';
import { SignupBanner } from '../../features/layout/components/signup-banner';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { SiteHeader } from '../../features/layout/components/site-header';
import type { HeaderAccount, HeaderCartSummary } from '../../features/layout/types';
import { PaymentsStatus } from '../../features/payments/components/payments-status';
import { PaymentsProvider, selectCartReady, usePaymentsSelector } from '../../features/payments/payments-provider';
import type { CompletedOrder } from '../../features/payments/types';
import { storeConfig } from '../../lib/store-config';
import { NavigationEffects } from '../navigation-effects';
import { useShopperAccount } from '../shopper-account';
import { paths } from '@store/contracts/paths';

/** Where a completed order lands (docs/behaviour/checkout.md#order-completion). */
export function purchaseSuccessPath(order: CompletedOrder): string {
  return paths.purchaseSuccess.getHref(order.reference);
}

const showLoggedOut = () => toast({ tone: 'success', title: LOGGED_OUT_MESSAGE });

/** The shell of every page; the payment provider's script is loaded once, here. */
export function RootLayout() {
  const navigate = useNavigate();
  const onOrderComplete = useCallback((order: CompletedOrder) => void navigate(purchaseSuccessPath(order)), [navigate]);
  // The callback page processes the provider's answer itself; elsewhere a silent session check runs.
  const onCallback = useLocation().pathname === paths.callback.path;
  return (
    <IdentityProvider config={storeConfig.identity} onLoggedOut={showLoggedOut} skipStart={onCallback}>
      <PaymentsProvider config={storeConfig.payments} onOrderComplete={onOrderComplete}>
        <Shell />
      </PaymentsProvider>
    </IdentityProvider>
  );
}

function Shell() {
  const account: HeaderAccount = useShopperAccount();
  // Only what the header shows: a cart change re-renders the header, not the page below it.
  const ready = usePaymentsSelector(selectCartReady);
  const count = usePaymentsSelector((state) => state.cart.count);
  const total = usePaymentsSelector((state) => (state.cart.totalPending ? '…' : state.cart.total));
  const cartSummary: HeaderCartSummary = { ready, count, total };
  const outletContext = useMemo(() => ({ account }) satisfies RootOutletContext, [account]);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-primary">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavigationEffects />
      <SiteHeader cart={cartSummary} account={account} storeName={storeConfig.storeName} />
      {account.status === 'unauthenticated' && <SignupBanner onSignup={account.onSignup} />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PaymentsStatus />
        <Outlet context={outletContext} />
      </main>
      <SiteFooter config={storeConfig} />
      <Toaster />
    </div>
  );
}

export interface RootOutletContext {
  account: HeaderAccount;
}
