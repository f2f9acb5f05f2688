import { paths } from '@store/contracts/paths';
/** The sign-in timings and limits (docs/behaviour/sign-in.md#constants). */
export const CALLBACK_TIMEOUT_MS = 15_000;
export const CALLBACK_MAX_RETRIES = 3;
export const GUARD_TIMEOUT_MS = 10_000;
/** The login popup window (docs/behaviour/sign-in.md#constants). */
export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
/** Popup or silent login timeout (docs/behaviour/sign-in.md#constants). */
export const SILENT_TIMEOUT_MS = 60_000;
/** A cached token counts as expired 60 s early (docs/behaviour/sign-in.md#constants). */
export const TOKEN_EXPIRY_MARGIN_S = 60;
/** One request to the provider's token endpoint gives up after 10 s (docs/behaviour/sign-in.md#constants). */
export const TOKEN_REQUEST_TIMEOUT_S = 10;
/** A token request that fails on the network is tried up to 3 times in all (docs/behaviour/sign-in.md#constants). */
export const TOKEN_REQUEST_ATTEMPTS = 3;
/** One renewal at a time across tabs: wait 5 s for the lock, up to 10 times (docs/behaviour/sign-in.md#constants). */
export const TOKEN_LOCK_WAIT_MS = 5_000;
export const TOKEN_LOCK_ATTEMPTS = 10;
/** The Web Locks name every tab of this site renews under (docs/behaviour/sign-in.md#constants). */
export const TOKEN_LOCK_NAME = 'identity:token-renewal';
/** A sign-in started but not finished is kept 1 day, then cleaned up (docs/behaviour/sign-in.md#constants). */
export const LOGIN_TRANSACTION_MAX_AGE_S = 86_400;
/** A session not signed in or renewed for 1 day is not checked on page load (docs/behaviour/sign-in.md#constants). */
export const SESSION_MAX_AGE_MS = 86_400_000;
/** localStorage: when this browser last signed in or renewed its tokens (docs/behaviour/sign-in.md#constants). */
export const SESSION_MARKER_KEY = 'identity:session-at';
/** Clock leeway for the ID token's exp and iat (docs/behaviour/sign-in.md#constants). */
export const ID_TOKEN_LEEWAY_S = 60;
/** The scopes asked for at login (docs/behaviour/sign-in.md#login-and-signup). */
export const SCOPES = 'openid profile email offline_access';
/** Where the SPA receives the provider's answers (the redirect URIs in oidc-client.ts). */
export const CALLBACK_PATH = paths.callback.path;
/** sessionStorage: how many times the callback page was retried (docs/behaviour/sign-in.md#callback-page). */
export const CALLBACK_RETRIES_KEY = 'identity:callback-retries';
/** sessionStorage: set before the logout redirect so the page we come back to shows the toast. */
export const LOGGED_OUT_KEY = 'identity:logged-out';
export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully';
/** The shopper's sentence for a sign-in failure with no words of its own, or whose wording could not be loaded. */
export const GENERAL_FAILURE_MESSAGE = 'Something went wrong while signing you in. Please try again.';
