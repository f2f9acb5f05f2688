import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '#web/components/ui/toast.tsx';
import { shopperMessage } from '#web/features/identity/utils/shopper-message.ts';
import type { HeaderAccount } from '../features/layout/types';
import { useIdentity } from '../features/identity/identity-provider';
import type { IdentityStore } from '../features/identity/identity-store';
import { ApiError, apiGet, bearer } from '../lib/api-client';
import { storeConfig } from '../lib/store-config';
import { isRecord } from '@store/contracts/is-record';
import { paths } from '@store/contracts/paths';

/** Starts a sign-in; a failure is a toast in the shopper's words (its details are in the identity debug log) and the page stays as it was. */
export function startLogin(store: IdentityStore, options: Parameters<IdentityStore['login']>[0] = {}) {
  store.login(options).catch(async (error: unknown) => toast({ tone: 'error', title: await shopperMessage(error) }));
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

/** Whether the signed-in user is an administrator: 200 either way, so shoppers' consoles stay clean. */
const ACCESS_URL = '/api/access';

/**
 * Whether the signed-in user is an administrator: asked once per account (the role rarely
 * changes within a visit). A 401/403 (a session that just ended) means 'no', with no retry and
 * nothing shown; any other failure also hides the link, since the shopper's page must not suffer for it.
 */
function useIsAdministrator(store: IdentityStore, subject: string | undefined): boolean {
  // The query cache without useQuery: this runs in the first chunk of every page, and useQuery's
  // observer would add several kilobytes to it (the categories are read the same way).
  const client = useQueryClient();
  const [known, setKnown] = useState<{ subject: string; administrator: boolean } | null>(null);
  useEffect(() => {
    if (subject === undefined) return;
    let current = true;
    client
      .fetchQuery({
        queryKey: ['account', 'is-administrator', subject],
        staleTime: 30 * 60_000,
        queryFn: async ({ signal }) => {
          try {
            // Read by hand, not with the contract's zod schema, for the same reason.
            const answer = await apiGet(ACCESS_URL, signal, bearer(await store.getAccessToken()));
            return isRecord(answer) && answer.administrator === true;
          } catch (error) {
            if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
            throw error;
          }
        },
      })
      .then(
        (administrator) => current && setKnown({ subject, administrator }),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [client, store, subject]);
  return known !== null && known.subject === subject && known.administrator;
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

/** The account as the storefront header shows it: the shopper's, plus the back office's address for an administrator. */
export function useHeaderAccount(): HeaderAccount {
  const account = useShopperAccount();
  const { status, user, store } = useIdentity();
  const isAdministrator = useIsAdministrator(store, status === 'authenticated' && user ? user.sub : undefined);
  return useMemo<HeaderAccount>(
    () => (account.status === 'authenticated' && isAdministrator ? { ...account, adminHref: paths.admin.home.getHref() } : account),
    [account, isAdministrator],
  );
}
