import { useCallback, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Toaster, toast } from '#web/components/ui/toast.tsx';
import { LOGGED_OUT_MESSAGE } from '#web/features/identity/constants.ts';
import { IdentityProvider } from '#web/features/identity/identity-provider.tsx';
import { SignupBanner } from '#web/features/layout/components/signup-banner.tsx';
import { SiteFooter } from '#web/features/layout/components/site-footer.tsx';
import { SiteHeader } from '#web/features/layout/components/site-header.tsx';
import type { HeaderAccount, HeaderCartSummary } from '#web/features/layout/types.ts';
import { PaymentsStatus } from '#web/features/payments/components/payments-status.tsx';
import { PaymentsProvider, selectCartReady, usePaymentsSelector } from '#web/features/payments/payments-provider.tsx';
import type { CompletedOrder } from '#web/features/payments/types.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import { tagCheckoutForAnalytics } from '../checkout-analytics';
import { LyraLauncher } from '../lyra-launcher';
import { NavigationEffects } from '../navigation-effects';
import { useHeaderAccount } from '../shopper-account';
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
      <PaymentsProvider config={storeConfig.payments} onOrderComplete={onOrderComplete} onCheckoutStart={tagCheckoutForAnalytics}>
        <Shell />
      </PaymentsProvider>
    </IdentityProvider>
  );
}

function Shell() {
  const account: HeaderAccount = useHeaderAccount();
  // Only what the header shows: a cart change re-renders the header, not the page below it.
  const ready = usePaymentsSelector(selectCartReady);
  const count = usePaymentsSelector((state) => state.cart.count);
  const total = usePaymentsSelector((state) => (state.cart.totalPending ? '…' : state.cart.total));
  const cartSummary: HeaderCartSummary = { ready, count, total };
  const outletContext = useMemo(() => ({ account }) satisfies RootOutletContext, [account]);
  useEffect(() => {
    // Once the sign-in is known, the signup banner shows or not by the state alone (index.html marks a kept sign-in).
    if (account.status !== 'loading') document.documentElement.removeAttribute('data-stored-session');
  }, [account.status]);
  // pb-20: room below the footer, so the Ask Lyra button never sits on its last line.
  return (
    <div className="flex min-h-dvh flex-col bg-background pb-20 text-primary">
      <a href="#main" className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
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
      {/* After the page: its effect reads the pending remix NavigationEffects has just kept. */}
      <LyraLauncher />
      <Toaster />
    </div>
  );
}

export interface RootOutletContext {
  account: HeaderAccount;
}
