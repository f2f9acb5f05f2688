import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { toast } from '#web/components/ui/toast.tsx';
import { humanMessage } from '#web/features/identity/utils/identity-errors.ts';
import type { HeaderAccount } from '../features/layout/types';
import { useIdentity } from '../features/identity/identity-provider';
import type { IdentityStore } from '../features/identity/identity-store';
import { storeConfig } from '../lib/store-config';
import { paths } from '@store/contracts/paths';

/** Starts a sign-in; a failure is a toast in the shopper's words (its details are in the identity debug log) and the page stays as it was. */
export function startLogin(store: IdentityStore, options: Parameters<IdentityStore['login']>[0] = {}) {
  store.login(options).catch((error: unknown) => toast({ tone: 'error', title: humanMessage(error) }));
}

/** The provider named in callback errors: ours, or the configured issuer's host. */
export function identityProviderName(): string {
  const { identity } = storeConfig;
  if (identity.provider === 'embedded') return `${storeConfig.storeName} sign-in`;
  try {
    return new URL(identity.authority).host;
  } catch {
    return 'The identity provider';
  }
}

/** The shopper's sign-in state for the header, banner and landing page (docs/behaviour/site.md#account-menu). */
export function useShopperAccount(): HeaderAccount {
  const { status, user, store } = useIdentity();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return useMemo<HeaderAccount>(() => {
    if (status === 'loading') return { status: 'loading' };
    if (status === 'authenticated' && user) {
      return { status: 'authenticated', user: { name: user.name, email: user.email, picture: user.picture }, onLogout: () => void store.logout() };
    }
    // Back to where the shopper was, except from the callback page itself.
    const returnTo = here.startsWith(paths.callback.path) || here === paths.home.path ? paths.account.getHref() : here;
    return {
      status: 'unauthenticated',
      onLogin: () => startLogin(store, { returnTo }),
      onSignup: () => startLogin(store, { signup: true, returnTo: paths.account.getHref() }),
    };
  }, [status, user, store, here]);
}
