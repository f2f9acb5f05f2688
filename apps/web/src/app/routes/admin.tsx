import { useCallback } from 'react';
import { Toaster, toast } from '#web/components/ui/toast.tsx';
import { AdminApp } from '#web/features/admin/admin-app.tsx';
import { RouteGuard } from '#web/features/identity/components/route-guard.tsx';
import { LOGGED_OUT_MESSAGE } from '#web/features/identity/constants.ts';
import { IdentityProvider, useIdentity } from '#web/features/identity/identity-provider.tsx';
import { storeConfig } from '#web/lib/store-config.ts';
import { startLogin } from '../shopper-account';

const showLoggedOut = () => toast({ tone: 'success', title: LOGGED_OUT_MESSAGE });

/** /admin/*: the back office in a frame of its own, for signed-in administrators (the server checks every call). */
export function Component() {
  return (
    <IdentityProvider config={storeConfig.identity} onLoggedOut={showLoggedOut}>
      <GuardedAdmin />
      <Toaster />
    </IdentityProvider>
  );
}

function GuardedAdmin() {
  const identity = useIdentity();
  const { store } = identity;
  const onLogin = useCallback(() => startLogin(store, { returnTo: `${window.location.pathname}${window.location.search}` }), [store]);
  const onLogout = useCallback(() => void store.logout(), [store]);
  return (
    <RouteGuard identity={identity} onLogin={onLogin}>
      <AdminApp storeName={storeConfig.storeName} getAccessToken={store.getAccessToken} onLogout={onLogout} />
    </RouteGuard>
  );
}
