import type { PublicIdentityConfig } from '@store/contracts/public-config';
import { CALLBACK_PATH, CALLBACK_RETRIES_KEY, LOGGED_OUT_KEY } from './constants';
import type { CallbackOutcome, IdentityState, IdentityUser, LoginOptions } from './types';
import { errorCode, isSessionEndedError } from './utils/identity-errors';
import { sessionIsCurrent } from './utils/session-marker';
import { isFresh } from './utils/token-renewal';
import { paths } from '@store/contracts/paths';

/** The part of oidc-client-ts's `User` the store reads. */
export interface OidcUserLike {
  profile: Record<string, unknown>;
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  state?: unknown;
}

/** The part of oidc-client-ts's `UserManager` the store uses (tests pass a fake). */
export interface OidcManagerLike {
  getUser(): Promise<OidcUserLike | null>;
  removeUser(): Promise<void>;
  signinRedirect(args: { state?: unknown; extraQueryParams?: Record<string, string> }): Promise<void>;
  signinPopup(args: { state?: unknown; extraQueryParams?: Record<string, string> }): Promise<OidcUserLike>;
  signinSilent(): Promise<OidcUserLike | null>;
  signinCallback(url: string): Promise<OidcUserLike | undefined | void>;
  signoutRedirect(args?: { id_token_hint?: string }): Promise<void>;
  events: {
    addUserLoaded(callback: (user: OidcUserLike) => void): void;
    addUserUnloaded(callback: () => void): void;
  };
}

export interface IdentityStore {
  getState(): IdentityState;
  subscribe(listener: () => void): () => void;
  /** The page-load check: a stored session (refreshed when its access token expired), else signed out. Not on /callback. */
  start(): Promise<void>;
  login(options?: LoginOptions): Promise<void>;
  /** Ends the session at the provider and comes back to the site origin. */
  logout(): Promise<void>;
  /** Forgets the session in this browser only (`login_required` during a silent check). */
  localLogout(): Promise<void>;
  /** A valid access token for the store API, refreshed if needed; throws with a `code` when there is none. */
  getAccessToken(): Promise<string>;
  /** Processes /callback (redirect, popup or silent answer). Runs once per URL. */
  handleCallback(url: string): Promise<CallbackOutcome>;
  /** True once, after coming back from a logout. */
  consumeLoggedOut(): boolean;
}

export interface IdentityStoreOptions {
  config: PublicIdentityConfig;
  /** Loads the OpenID client; the default imports oidc-client-ts lazily. */
  loadManager?: () => Promise<OidcManagerLike>;
  /** Whether this browser holds a session to check; the default looks for oidc-client-ts's stored user. */
  hasStoredSession?: () => boolean;
  win?: Window;
}

/** oidc-client-ts keeps the signed-in user under `oidc.user:{authority}:{client_id}` (WebStorageStateStore's default prefix). */
export function storedSessionKey(config: Pick<PublicIdentityConfig, 'authority' | 'clientId'>): string {
  return `oidc.user:${config.authority}:${config.clientId}`;
}

function readsStoredSession(config: PublicIdentityConfig, win: Window): () => boolean {
  return () => {
    try {
      if (win.localStorage.getItem(storedSessionKey(config)) === null) return false;
      if (sessionIsCurrent(win.localStorage)) return true;
      // A day without a sign-in or renewal ends the session (docs/behaviour/sign-in.md#constants).
      win.localStorage.removeItem(storedSessionKey(config));
      return false;
    } catch {
      // Storage disabled: oidc-client-ts could not have kept a session either.
      return false;
    }
  };
}

export class IdentityTokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityTokenError';
  }
}

export function toIdentityUser(profile: Record<string, unknown>): IdentityUser {
  const text = (key: string) => (typeof profile[key] === 'string' && profile[key] ? (profile[key] as string) : undefined);
  const email = text('email') ?? '';
  const givenName = text('given_name');
  const familyName = text('family_name');
  const name = text('name') ?? ([givenName, familyName].filter(Boolean).join(' ') || email);
  return {
    sub: text('sub') ?? '',
    email,
    emailVerified: profile.email_verified === true,
    name,
    givenName,
    familyName,
    picture: text('picture'),
  };
}

function returnToFrom(state: unknown): string {
  if (state && typeof state === 'object' && 'returnTo' in state) {
    const value = (state as { returnTo?: unknown }).returnTo;
    // Only paths on this site: never an open redirect.
    if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) return value;
  }
  return paths.account.getHref();
}

export function createIdentityStore({ config, loadManager, hasStoredSession, win = window }: IdentityStoreOptions): IdentityStore {
  // A visitor with no stored session is signed out from the first render: no OpenID client to load,
  // and the signup banner is there from the start instead of pushing the page down later.
  const sessionToCheck = (hasStoredSession ?? readsStoredSession(config, win))() || win.location.pathname === CALLBACK_PATH;
  let state: IdentityState = { status: sessionToCheck ? 'loading' : 'unauthenticated', user: null, error: null };
  const listeners = new Set<() => void>();
  let managerPromise: Promise<OidcManagerLike> | null = null;
  let started: Promise<void> | null = null;
  let tokenRequest: Promise<string> | null = null;
  const callbacks = new Map<string, Promise<CallbackOutcome>>();

  const set = (next: Partial<IdentityState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  const signedIn = (user: OidcUserLike) => set({ status: 'authenticated', user: toIdentityUser(user.profile), error: null });
  const signedOut = (error: Error | null = null) => set({ status: 'unauthenticated', user: null, error });

  const manager = () => {
    managerPromise ??= (
      loadManager ?? (async () => (await import('./oidc-client')).createUserManager(config, win.location.origin) as unknown as OidcManagerLike)
    )().then((loaded) => {
      loaded.events.addUserLoaded((user) => signedIn(user));
      loaded.events.addUserUnloaded(() => signedOut());
      return loaded;
    });
    return managerPromise;
  };

  const authParams = (signup?: boolean): Record<string, string> => ({ audience: config.audience, ...(signup ? { screen_hint: 'signup' } : {}) });

  const store: IdentityStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started ??= (async () => {
        if (!sessionToCheck) return;
        try {
          const oidc = await manager();
          const user = await oidc.getUser();
          if (!user) return signedOut();
          if (isFresh(user)) return signedIn(user);
          // The silent session check: the refresh token (or the provider's session) gives a new access token.
          try {
            const renewed = await oidc.signinSilent();
            if (renewed) signedIn(renewed);
            else signedOut();
          } catch (error) {
            await oidc.removeUser().catch(() => undefined);
            // login_required (and its kin) during silent login: a local logout, no error shown.
            signedOut(isSessionEndedError(error) ? null : (error as Error));
          }
        } catch (error) {
          signedOut(error instanceof Error ? error : new Error(String(error)));
        }
      })();
      return started;
    },
    async login({ returnTo, signup, popup }: LoginOptions = {}) {
      try {
        win.sessionStorage.removeItem(CALLBACK_RETRIES_KEY);
      } catch {
        // storage disabled: retries are simply not counted
      }
      const oidc = await manager();
      const args = { state: { returnTo: returnTo ?? paths.account.getHref() }, extraQueryParams: authParams(signup) };
      try {
        if (popup) {
          set({ status: 'loading' });
          signedIn(await oidc.signinPopup(args));
        } else {
          await oidc.signinRedirect(args);
        }
      } catch (error) {
        set({ status: state.user ? 'authenticated' : 'unauthenticated', error: error as Error });
        throw error;
      }
    },
    async logout() {
      try {
        win.sessionStorage.setItem(LOGGED_OUT_KEY, '1');
      } catch {
        // storage disabled: no toast after the round trip
      }
      const oidc = await manager();
      const user = await oidc.getUser().catch(() => null);
      try {
        await oidc.signoutRedirect({ id_token_hint: user?.id_token });
      } catch (error) {
        // A provider without an end-session endpoint: forget the session here and go home.
        console.warn('Identity: the provider could not sign out; signing out locally', error);
        await oidc.removeUser().catch(() => undefined);
        win.location.assign(`${win.location.origin}/`);
      }
    },
    async localLogout() {
      const oidc = await manager();
      await oidc.removeUser().catch(() => undefined);
      signedOut();
    },
    getAccessToken() {
      tokenRequest ??= (async () => {
        const oidc = await manager();
        const user = await oidc.getUser();
        if (!user) throw new IdentityTokenError('login_required', 'Login required');
        if (isFresh(user)) return user.access_token;
        if (!user.refresh_token) throw new IdentityTokenError('missing_refresh_token', 'Missing Refresh Token');
        const renewed = await oidc.signinSilent();
        if (!renewed?.access_token) throw new IdentityTokenError('login_required', 'Login required');
        return renewed.access_token;
      })().finally(() => {
        tokenRequest = null;
      });
      return tokenRequest;
    },
    handleCallback(url) {
      let pending = callbacks.get(url);
      if (!pending) {
        pending = (async (): Promise<CallbackOutcome> => {
          const oidc = await manager();
          const user = await oidc.signinCallback(url);
          if (!user) return { kind: 'silent-or-popup' };
          signedIn(user);
          return { kind: 'redirect', returnTo: returnToFrom(user.state) };
        })();
        pending.catch((error: unknown) => {
          const code = errorCode(error);
          set({
            status: state.user ? 'authenticated' : 'unauthenticated',
            error: new IdentityTokenError(code ?? 'callback_failed', (error as Error)?.message ?? String(error)),
          });
        });
        callbacks.set(url, pending);
      }
      return pending;
    },
    consumeLoggedOut() {
      try {
        if (win.sessionStorage.getItem(LOGGED_OUT_KEY) !== '1') return false;
        win.sessionStorage.removeItem(LOGGED_OUT_KEY);
        return true;
      } catch {
        return false;
      }
    },
  };
  return store;
}
