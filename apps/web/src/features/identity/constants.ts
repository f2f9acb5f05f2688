import { paths } from '@store/contracts/paths';
/** The sign-in timings and limits (docs/behaviour/sign-in.md#constants). */
export const CALLBACK_TIMEOUT_MS = 15_000;
export const CALLBACK_MAX_RETRIES = 3;
export const GUARD_TIMEOUT_MS = 10_000;
/** The login popup window (docs/behaviour/sign-in.md#login-and-signup). */
export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
/** Popup or silent login timeout (docs/behaviour/sign-in.md#session-check-on-page-load). */
export const SILENT_TIMEOUT_MS = 60_000;
/** A cached token counts as expired 60 s early (docs/behaviour/sign-in.md#login-and-signup). */
export const TOKEN_EXPIRY_MARGIN_S = 60;
/** The scopes asked for at login (docs/behaviour/sign-in.md#login-and-signup). */
export const SCOPES = 'openid profile email offline_access';
/** Where the SPA receives the provider's answers (the redirect URIs in oidc-client.ts). */
export const CALLBACK_PATH = paths.callback.path;
/** sessionStorage: how many times the callback page was retried (docs/behaviour/sign-in.md#callback-page). */
export const CALLBACK_RETRIES_KEY = 'identity:callback-retries';
/** sessionStorage: set before the logout redirect so the page we come back to shows the toast. */
export const LOGGED_OUT_KEY = 'identity:logged-out';
export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully';
