import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { PublicIdentityConfig } from '@store/contracts/public-config';
import { CALLBACK_PATH, POPUP_HEIGHT, POPUP_WIDTH, SCOPES, SILENT_TIMEOUT_MS } from './constants';

/**
 * The only module that imports oidc-client-ts. It is loaded lazily (identity-store.ts), so the
 * OpenID client is not part of the first page's JavaScript; the header shows 'Loading...' meanwhile.
 * Provider-neutral: discovery from `authority`, so the embedded provider and Auth0 differ only in
 * configuration.
 */
export function createUserManager(config: PublicIdentityConfig, origin: string = window.location.origin): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: SCOPES,
    // Auth0's `audience`; the embedded provider accepts it too. It makes the access token a JWT for the API.
    extraQueryParams: { audience: config.audience },
    // Refresh tokens, kept with the user in localStorage (docs/behaviour/sign-in.md#login-and-signup).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // The ID token carries the profile; the access token is for the store API, not for userinfo.
    loadUserInfo: false,
    automaticSilentRenew: true,
    // A rotated refresh token must not be reused: keep one renewal at a time.
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: SILENT_TIMEOUT_MS / 1000,
    popupWindowFeatures: { width: POPUP_WIDTH, height: POPUP_HEIGHT, location: false, toolbar: false },
    popupWindowTarget: 'songwish-sign-in',
  });
}

export type { User, UserManager };
