import type { PublicIdentityConfig } from '@store/contracts/public-config';
import { createDebugLog, type DebugLog } from '#web/lib/debug-log.ts';
import { CALLBACK_PATH, CALLBACK_RETRIES_KEY, LOGGED_OUT_KEY, SCOPES } from './constants';
import type { CallbackOutcome, IdentityState, IdentityUser, LoginOptions } from './types';
import { errorCode, IDENTITY_MESSAGES, IdentityTokenError, isSessionEndedError, missingRefreshTokenError, silentRenewalBlocked } from './utils/identity-errors';
import { loadIdentityFailures } from './utils/load-identity-failures';
import { hasSessionMark, markSession, sessionIsCurrent } from './utils/session-marker';
import { isFresh } from './utils/token-freshness';
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
  /** Gives up after 60 s, or when the shopper closes the window (oidc-client.ts). */
  signinPopup(args: { state?: unknown; extraQueryParams?: Record<string, string> }): Promise<OidcUserLike>;
  signinSilent(): Promise<OidcUserLike | null>;
  signinCallback(url: string): Promise<OidcUserLike | undefined | void>;
  signoutRedirect(args?: { id_token_hint?: string }): Promise<void>;
  /** The provider's discovery document (`issuer`, and `end_session_endpoint` when it has one). */
  metadataService: { getMetadata(): Promise<{ issuer?: string; end_session_endpoint?: string }> };
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
  /** Ends the session at the provider (its end-session endpoint, else Auth0's /v2/logout) and comes back to the site origin. */
  logout(): Promise<void>;
  /** Forgets the session in this browser only (`login_required` during a silent check). */
  localLogout(): Promise<void>;
  /** A valid access token for the store API, refreshed if needed; throws with a `code` when there is none. */
  getAccessToken(): Promise<string>;
  /** Processes /callback (redirect, popup or silent answer). Runs once per URL. */
  handleCallback(url: string): Promise<CallbackOutcome>;
  /** True once, after coming back from a logout. */
  consumeLoggedOut(): boolean;
  /** The last lines of the identity debug log (failures' details). */
  debugLog(): readonly string[];
}

export interface IdentityStoreOptions {
  config: PublicIdentityConfig;
  /** Loads the OpenID client; the default imports oidc-client-ts lazily. */
  loadManager?: () => Promise<OidcManagerLike>;
  /** Whether this browser holds a session to check; the default looks for oidc-client-ts's stored user. */
  hasStoredSession?: () => boolean;
  win?: Window;
  /** Where failures' details go (docs/behaviour/sign-in.md#errors). */
  log?: DebugLog;
}

/** oidc-client-ts keeps the signed-in user under `oidc.user:{authority}:{client_id}` (WebStorageStateStore's default prefix). */
export function storedSessionKey(config: Pick<PublicIdentityConfig, 'authority' | 'clientId'>): string {
  return `oidc.user:${config.authority}:${config.clientId}`;
}

function readsStoredSession(config: PublicIdentityConfig, win: Window): () => boolean {
  return () => {
    try {
      if (win.localStorage.getItem(storedSessionKey(config)) === null) return false;
      // A session kept before the marker existed starts its day now, rather than signing everyone out once.
      if (!hasSessionMark(win.localStorage)) markSession(win.localStorage);
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

/** Auth0 without RP-initiated logout has no end-session endpoint; its own logout URL (docs/behaviour/sign-in.md#logout). */
export function auth0LogoutUrl(issuer: string, clientId: string, origin: string): string {
  const query = new URLSearchParams({ client_id: clientId, returnTo: `${origin}/` });
  return `${issuer.replace(/\/+$/, '')}/v2/logout?${query}`;
}

export function createIdentityStore({
  config,
  loadManager,
  hasStoredSession,
  win: givenWin,
  log = createDebugLog('[identity]'),
}: IdentityStoreOptions): IdentityStore {
  // Undefined where a page is rendered on the server: there the visitor is anonymous.
  const win: Window = givenWin ?? globalThis.window;
  // A visitor with no stored session is signed out from the first render: no OpenID client to load,
  // and the signup banner is there from the start instead of pushing the page down later.
  const sessionToCheck = win !== undefined && ((hasStoredSession ?? readsStoredSession(config, win))() || win.location.pathname === CALLBACK_PATH);
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
    // Every failure follows a call to the client: its wording comes along, so a failure is told at once.
    void loadIdentityFailures().catch(() => undefined);
    return managerPromise;
  };

  const tokenRequestScope = { audience: config.audience, scope: SCOPES };
  /** 'Login failed' / 'Get access token failed' around the failure, its details in the debug log. */
  const failed = async (message: string, error: unknown): Promise<IdentityTokenError> => {
    const failures = await loadIdentityFailures().catch(() => null);
    // Not even the wording could be loaded (the connection dropped): the failure as it came.
    if (!failures) {
      log.add(`${message}: ${String(error)}`, 'warn');
      return new IdentityTokenError('unknown', message, { cause: error });
    }
    const wrapped = failures.wrapIdentityError(message, failures.toIdentityError(error, tokenRequestScope));
    log.add(failures.describeForLog(wrapped), 'warn');
    return wrapped;
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
            const blocked = silentRenewalBlocked(Boolean(user.refresh_token), win);
            if (blocked) throw blocked;
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
      const args = { state: { returnTo: returnTo ?? paths.account.getHref() }, extraQueryParams: authParams(signup) };
      try {
        const oidc = await manager();
        if (popup) {
          set({ status: 'loading' });
          signedIn(await oidc.signinPopup(args));
        } else {
          await oidc.signinRedirect(args);
        }
      } catch (error) {
        const wrapped = await failed(IDENTITY_MESSAGES.loginFailed, error);
        set({ status: state.user ? 'authenticated' : 'unauthenticated', error: wrapped });
        throw wrapped;
      }
    },
    async logout() {
      try {
        win.sessionStorage.setItem(LOGGED_OUT_KEY, '1');
      } catch {
        // storage disabled: no toast after the round trip
      }
      let oidc: OidcManagerLike | null = null;
      try {
        oidc = await manager();
        const user = await oidc.getUser().catch(() => null);
        const { issuer, end_session_endpoint: endSession } = await oidc.metadataService.getMetadata();
        if (endSession) return await oidc.signoutRedirect({ id_token_hint: user?.id_token });
        if (!issuer) throw new Error('The discovery document names no issuer');
        await oidc.removeUser();
        win.location.assign(auth0LogoutUrl(issuer, config.clientId, win.location.origin));
      } catch (error) {
        // The provider cannot be reached or refused: forget the session here and go home.
        const described = await loadIdentityFailures().then(
          ({ describeForLog }) => describeForLog(error),
          () => String(error),
        );
        log.add(`Logout at the provider failed; signing out locally: ${described}`, 'warn');
        await oidc?.removeUser().catch(() => undefined);
        signedOut();
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
        if (!user.refresh_token) throw missingRefreshTokenError(config.audience, SCOPES);
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
    debugLog: () => log.lines(),
  };
  // The caller-facing boundary: every failure is 'Get access token failed' around the reason.
  const requestAccessToken = store.getAccessToken;
  store.getAccessToken = () =>
    requestAccessToken().catch(async (error: unknown) => {
      throw await failed(IDENTITY_MESSAGES.tokenFailed, error);
    });
  return store;
}
