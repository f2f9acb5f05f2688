import type { PublicIdentityConfig } from '@store/contracts/public-config';
import { createDebugLog, type DebugLog } from '#web/lib/debug-log.ts';
import { CALLBACK_PATH, LOGGED_OUT_KEY } from './constants';
import type { CallbackOutcome, IdentityState, LoginOptions } from './types';
import type { IdentityOperations } from './identity-operations';
import { hasSessionMark, markSession, sessionIsCurrent } from './utils/session-marker';

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

/**
 * What everything (session check, login, logout, tokens, callback) needs of the OpenID client:
 * fetched with it on first use (identity-operations.ts), so a page starts without either.
 */
const loadOperations = () => import('./identity-operations');

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
  let started: Promise<void> | null = null;
  let operations: Promise<IdentityOperations> | null = null;

  const set = (next: Partial<IdentityState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  const withOperations = () =>
    (operations ??= loadOperations().then(({ createIdentityOperations }) =>
      createIdentityOperations({ config, loadManager, win, log, getState: () => state, set }),
    ));

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started ??= sessionToCheck
        ? withOperations().then(
            (loaded) => loaded.checkSession(),
            // The client's code could not be loaded: signed out, with the reason (docs/behaviour/sign-in.md#sign-in-state).
            (error: unknown) => set({ status: 'unauthenticated', user: null, error: error instanceof Error ? error : new Error(String(error)) }),
          )
        : Promise.resolve();
      return started;
    },
    login: async (options) => (await withOperations()).login(options),
    logout: async () => (await withOperations()).logout(),
    localLogout: async () => (await withOperations()).localLogout(),
    getAccessToken: async () => (await withOperations()).getAccessToken(),
    handleCallback: async (url) => (await withOperations()).handleCallback(url),
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
}
