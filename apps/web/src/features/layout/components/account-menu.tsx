import { lazy, Suspense } from 'react';
import { headerButton } from '../styles';
import type { HeaderAccount } from '../types';

// Shown only once a sign-in is known, after the page has started: its code is not the first page's.
const SignedInMenu = lazy(() => import('./signed-in-menu'));

const Loading = () => (
  <span role="status" className="inline-flex min-h-11 items-center px-3 text-sm text-secondary">
    Loading...
  </span>
);

/** docs/behaviour/site.md#account-menu: Loading... / Login / the signed-in shopper's menu. */
export function AccountMenu({ account }: { account: HeaderAccount }) {
  if (account.status === 'loading') return <Loading />;
  if (account.status === 'unauthenticated') {
    return (
      <button type="button" onClick={account.onLogin} className={headerButton}>
        Login
      </button>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <SignedInMenu user={account.user} onLogout={account.onLogout} adminHref={account.adminHref} />
    </Suspense>
  );
}
