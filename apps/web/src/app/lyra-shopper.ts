import { useMemo } from 'react';
import { useIdentity } from '#web/features/identity/identity-provider.tsx';
import type { LyraShopper } from '#web/features/lyra/types.ts';
import { useShopperAccount } from './shopper-account';

/** The sign-in state as Lyra takes it: a signed-in shopper's id and token source, or the header's sign-in action; undefined while it is still being read. */
export function useLyraShopper(): LyraShopper | undefined {
  const { status, user, store } = useIdentity();
  const account = useShopperAccount();
  const onLogin = account.status === 'unauthenticated' ? account.onLogin : undefined;
  return useMemo<LyraShopper | undefined>(() => {
    if (status === 'authenticated' && user) return { signedIn: true, subject: user.sub, getAccessToken: store.getAccessToken };
    if (status === 'unauthenticated') return { signedIn: false, onLogin };
    return undefined;
  }, [status, user, store, onLogin]);
}
