import type { PublicIdentityConfig } from '@store/contracts/public-config';
import type { DebugLog } from '#web/lib/debug-log.ts';
import { CALLBACK_RETRIES_KEY, LOGGED_OUT_KEY, SCOPES } from './constants';
import type { IdentityStore, OidcManagerLike, OidcUserLike } from './identity-store';
import { createUserManager } from './oidc-client';
import type { CallbackOutcome, IdentityState, IdentityUser, LoginOptions } from './types';
import { errorCode, IDENTITY_MESSAGES, IdentityTokenError, isSessionEndedError, missingRefreshTokenError, silentRenewalBlocked } from './utils/identity-errors';
import { describeForLog, toIdentityError, wrapIdentityError } from './utils/identity-failures';
import { isFresh } from './utils/token-renewal';
import { paths } from '@store/contracts/paths';

/**
 * What the identity store does with the OpenID client: the page-load session check, login,
 * logout, access tokens and the callback (docs/behaviour/sign-in.md). None of it runs before the
 * client is needed, and it never runs without it, so it is one lazily loaded chunk with the
 * client (identity-store.ts loads it): a visitor who never signs in never downloads it.
 */

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

/** What the store shares with its operations: its config, and its state to read and change. */
export interface IdentityOperationsContext {
  config: PublicIdentityConfig;
  /** The OpenID client; tests pass a fake. */
  loadManager?: () => Promise<OidcManagerLike>;
  win: Window;
  log: DebugLog;
  getState(): IdentityState;
  set(next: Partial<IdentityState>): void;
}

export type IdentityOperations = Pick<IdentityStore, 'login' | 'logout' | 'localLogout' | 'getAccessToken' | 'handleCallback'> & {
  /** The page-load check of a stored session (refreshed when its access token expired), else signed out. */
  checkSession(): Promise<void>;
};

export function createIdentityOperations({ config, loadManager, win, log, getState, set }: IdentityOperationsContext): IdentityOperations {
  let managerPromise: Promise<OidcManagerLike> | null = null;
  let tokenRequest: Promise<string> | null = null;
  const callbacks = new Map<string, Promise<CallbackOutcome>>();

  const signedIn = (user: OidcUserLike) => set({ status: 'authenticated', user: toIdentityUser(user.profile), error: null });
  const signedOut = (error: Error | null = null) => set({ status: 'unauthenticated', user: null, error });

  const manager = () => {
    managerPromise ??= (loadManager ?? (async () => createUserManager(config, win.location.origin) as unknown as OidcManagerLike))().then((loaded) => {
      loaded.events.addUserLoaded((user) => signedIn(user));
      loaded.events.addUserUnloaded(() => signedOut());
      return loaded;
    });
    return managerPromise;
  };

  const tokenRequestScope = { audience: config.audience, scope: SCOPES };
  /** 'Login failed' / 'Get access token failed' around the failure, its details in the debug log. */
  const failed = (message: string, error: unknown) => {
    const wrapped = wrapIdentityError(message, toIdentityError(error, tokenRequestScope));
    log.add(describeForLog(wrapped), 'warn');
    return wrapped;
  };

  const authParams = (signup?: boolean): Record<string, string> => ({ audience: config.audience, ...(signup ? { screen_hint: 'signup' } : {}) });

  const operations: IdentityOperations = {
    async checkSession() {
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
        const wrapped = failed(IDENTITY_MESSAGES.loginFailed, error);
        set({ status: getState().user ? 'authenticated' : 'unauthenticated', error: wrapped });
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
        log.add(`Logout at the provider failed; signing out locally: ${describeForLog(error)}`, 'warn');
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
            status: getState().user ? 'authenticated' : 'unauthenticated',
            error: new IdentityTokenError(code ?? 'callback_failed', (error as Error)?.message ?? String(error)),
          });
        });
        callbacks.set(url, pending);
      }
      return pending;
    },
  };
  // The caller-facing boundary: every failure is 'Get access token failed' around the reason.
  const requestAccessToken = operations.getAccessToken;
  operations.getAccessToken = () =>
    requestAccessToken().catch((error: unknown) => {
      throw failed(IDENTITY_MESSAGES.tokenFailed, error);
    });
  return operations;
}
