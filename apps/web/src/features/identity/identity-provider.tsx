import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { PublicIdentityConfig } from '@store/contracts/public-config';
import { createIdentityStore, type IdentityStore } from './identity-store';
import type { IdentityState } from './types';

const IdentityContext = createContext<IdentityStore | null>(null);

export interface IdentityProviderProps {
  config: PublicIdentityConfig;
  /** Called once after coming back from a logout (the app shows a toast). */
  onLoggedOut?: () => void;
  /** Skip the page-load session check (the /callback page processes the answer itself). */
  skipStart?: boolean;
  /** For tests. */
  store?: IdentityStore;
  children: ReactNode;
}

/** Owns the sign-in state for the whole app; the OpenID client itself is loaded lazily. */
export function IdentityProvider({ config, onLoggedOut, skipStart = false, store: given, children }: IdentityProviderProps) {
  const [created] = useState(() => given ?? createIdentityStore({ config }));
  const store = given ?? created;
  useEffect(() => {
    if (!skipStart) void store.start();
  }, [store, skipStart]);
  useEffect(() => {
    if (store.consumeLoggedOut()) onLoggedOut?.();
  }, [store, onLoggedOut]);
  return <IdentityContext value={store}>{children}</IdentityContext>;
}

/**
 * The server renders pages for anyone, signed out. A page it rendered is adopted with that
 * state (what React reads while hydrating), then the visitor's own state follows.
 */
const SERVER_STATE: IdentityState = { status: 'unauthenticated', user: null, error: null };
const serverState = () => SERVER_STATE;

export function useIdentityStore(): IdentityStore {
  const store = useContext(IdentityContext);
  if (!store) throw new Error('useIdentity needs an IdentityProvider');
  return store;
}

/** The sign-in state (docs/behaviour/sign-in.md#sign-in-state). */
export function useIdentity(): IdentityState & { store: IdentityStore } {
  const store = useIdentityStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, serverState);
  return { ...state, store };
}
