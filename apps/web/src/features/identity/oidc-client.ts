import {
  UserManager,
  WebStorageStateStore,
  type SigninPopupArgs,
  type SigninRedirectArgs,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { PublicIdentityConfig } from '@store/contracts/public-config';
import {
  CALLBACK_PATH,
  LOGIN_TRANSACTION_MAX_AGE_S,
  POPUP_HEIGHT,
  POPUP_WIDTH,
  SCOPES,
  SILENT_TIMEOUT_MS,
  TOKEN_EXPIRY_MARGIN_S,
  TOKEN_REQUEST_ATTEMPTS,
  TOKEN_REQUEST_TIMEOUT_S,
} from './constants';
import { asIdTokenCheckError, checkIdToken, type IdTokenExpectations } from './utils/id-token-checks';
import { clearSessionMark, markSession } from './utils/session-marker';
import { IdentityTimeoutError } from './utils/token-lock';
import { renewUnderLock } from './utils/token-renewal';

/** A fresh random nonce per sign-in: oidc-client-ts sends a nonce, and checks it, only when given one. */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * oidc-client-ts's UserManager with what the store's sign-in needs on top
 * (docs/behaviour/sign-in.md#constants, docs/behaviour/sign-in.md#id-token-checks):
 * every ID token is checked before the user is stored (so a refused token never signs anyone
 * in, and automatic renewals are covered too); renewals hold a lock shared by the tabs and are
 * retried on network failures; sign-ins carry a nonce; a popup gives up after 60 s, or at once
 * when the shopper closes it.
 */
export class StoreUserManager extends UserManager {
  constructor(
    settings: UserManagerSettings,
    private readonly expectations: Omit<IdTokenExpectations, 'nowS'>,
    private readonly storage: Storage,
  ) {
    super(settings);
  }

  /** Per-call parameters replace the configured ones in oidc-client-ts; here they add to them. */
  private signInArgs<A extends SigninRedirectArgs | SigninPopupArgs>(args: A): A {
    return { nonce: newNonce(), ...args, extraQueryParams: { ...this.settings.extraQueryParams, ...args.extraQueryParams } };
  }

  override signinRedirect(args: SigninRedirectArgs = {}): Promise<void> {
    return super.signinRedirect(this.signInArgs(args));
  }

  override async signinPopup(args: SigninPopupArgs = {}): Promise<User> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), SILENT_TIMEOUT_MS);
    try {
      return await super.signinPopup({ ...this.signInArgs(args), popupSignal: timeout.signal, popupAbortOnClose: true });
    } catch (error) {
      throw timeout.signal.aborted ? new IdentityTimeoutError() : asIdTokenCheckError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  override async signinCallback(url?: string): Promise<User | undefined> {
    try {
      return await super.signinCallback(url);
    } catch (error) {
      throw asIdTokenCheckError(error);
    }
  }

  override async signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    const stored = await this._loadUser();
    // With a refresh token the renewal is one token request (10 s, retried); otherwise a hidden frame (60 s, once).
    const tokenRequest = Boolean(stored?.refresh_token) && !args.forceIframeAuth;
    return renewUnderLock({
      readStored: () => this.getUser(),
      renew: () => super.signinSilent({ silentRequestTimeoutInSeconds: tokenRequest ? TOKEN_REQUEST_TIMEOUT_S : SILENT_TIMEOUT_MS / 1000, ...args }),
      attempts: tokenRequest ? TOKEN_REQUEST_ATTEMPTS : 1,
    });
  }

  /** Every path that signs in or renews stores the user here first: the one place to refuse it. */
  override async storeUser(user: User | null): Promise<void> {
    if (!user) {
      clearSessionMark(this.storage);
      return super.storeUser(null);
    }
    const previous = await this._loadUser();
    // A renewal answered without a new ID token keeps the one already accepted.
    if (user.id_token !== previous?.id_token) {
      try {
        checkIdToken(user.id_token, this.expectations);
      } catch (error) {
        await this.removeUser();
        throw error;
      }
    }
    await super.storeUser(user);
    markSession(this.storage);
  }
}

/**
 * The only module that imports oidc-client-ts. It is loaded lazily, with identity-operations.ts, so the
 * OpenID client is not part of the first page's JavaScript; the header shows 'Loading...' meanwhile.
 * Provider-neutral: discovery from `authority`, so the embedded provider and Auth0 differ only in
 * configuration.
 */
export function createUserManager(
  config: PublicIdentityConfig,
  origin: string = window.location.origin,
  storage: Storage = window.localStorage,
): StoreUserManager {
  const settings: UserManagerSettings = {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: SCOPES,
    // Auth0's `audience`; the embedded provider accepts it too. It makes the access token a JWT for the API.
    // `organization`: Auth0 signs the shopper in to that organization.
    extraQueryParams: { audience: config.audience, ...(config.organization ? { organization: config.organization } : {}) },
    // Refresh tokens, kept with the user in localStorage (docs/behaviour/sign-in.md#login-and-signup).
    userStore: new WebStorageStateStore({ store: storage }),
    // A sign-in in progress (state, PKCE verifier, nonce) in localStorage too, so a popup or another tab can finish it.
    stateStore: new WebStorageStateStore({ store: storage }),
    staleStateAgeInSeconds: LOGIN_TRANSACTION_MAX_AGE_S,
    // Discovery, the code exchange and the JWKS; refresh requests get theirs in signinSilent.
    requestTimeoutInSeconds: TOKEN_REQUEST_TIMEOUT_S,
    // The ID token carries the profile; the access token is for the store API, not for userinfo.
    loadUserInfo: false,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_S,
    silentRequestTimeoutInSeconds: SILENT_TIMEOUT_MS / 1000,
    popupWindowFeatures: { width: POPUP_WIDTH, height: POPUP_HEIGHT, location: false, toolbar: false },
    popupWindowTarget: 'songwish-sign-in',
  };
  return new StoreUserManager(settings, { issuer: config.authority, clientId: config.clientId, organization: config.organization }, storage);
}

export type { User, UserManager };
