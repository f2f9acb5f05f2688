import { Outlet } from 'react-router';
import { SignupBanner } from '../../features/layout/components/signup-banner';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { SiteHeader } from '../../features/layout/components/site-header';
import type { HeaderAccount, HeaderCartSummary } from '../../features/layout/types';
import { storeConfig } from '../../lib/store-config';
import { NavigationEffects } from '../navigation-effects';
import { useShopperAccount } from '../shopper-account';

// The cart provider arrives with the checkout issue; until then the cart is not ready.
const CART_NOT_READY: HeaderCartSummary = { ready: false, count: 0, total: '$0.00' };

export function RootLayout() {
  const account: HeaderAccount = useShopperAccount();
  return (
    <div className="flex min-h-dvh flex-col bg-background text-primary">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavigationEffects />
      <SiteHeader cart={CART_NOT_READY} account={account} storeName={storeConfig.storeName} />
      {account.status === 'unauthenticated' && <SignupBanner onSignup={account.onSignup} />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet context={{ account } satisfies RootOutletContext} />
      </main>
      <SiteFooter config={storeConfig} />
    </div>
  );
}

export interface RootOutletContext {
  account: HeaderAccount;
}

