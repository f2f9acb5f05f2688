import { useCallback } from 'react';
import { AccountDashboard } from '#web/features/account/components/account-dashboard.tsx';
import { RouteGuard } from '#web/features/identity/components/route-guard.tsx';
import { useIdentity } from '#web/features/identity/identity-provider.tsx';
import type { IdentityUser } from '#web/features/identity/types.ts';
import { UserAvatar } from '#web/features/layout/components/user-avatar.tsx';
import { startLogin } from '../shopper-account';
import { paths } from '@store/contracts/paths';

/** /account: the dashboard behind the route guard (docs/behaviour/account.md#dashboard). */
export function Component() {
  const identity = useIdentity();
  const { store } = identity;
  const onLogin = useCallback(() => startLogin(store, { returnTo: paths.account.getHref() }), [store]);
  return (
    <RouteGuard identity={identity} onLogin={onLogin}>
      {identity.user && <Dashboard user={identity.user} store={store} onLogin={onLogin} />}
    </RouteGuard>
  );
}

function Dashboard({ user, store, onLogin }: { user: IdentityUser; store: ReturnType<typeof useIdentity>['store']; onLogin: () => void }) {
  const onLogout = useCallback(() => void store.logout(), [store]);
  return (
    <AccountDashboard
      user={user}
      getAccessToken={store.getAccessToken}
      onLogout={onLogout}
      onLoginAgain={onLogin}
      avatar={<UserAvatar key={user.picture} user={user} className="size-20 text-2xl" />}
    />
  );
}
