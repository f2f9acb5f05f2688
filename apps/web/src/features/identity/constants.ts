import { paths } from '@store/contracts/paths';
/** Account spec §9 and storefront spec §9: the sign-in timings and limits. */
export const CALLBACK_TIMEOUT_MS = 15_000;
export const CALLBACK_MAX_RETRIES = 3;
export const GUARD_TIMEOUT_MS = 10_000;
/** Storefront spec §9: the login popup window. */
export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
/** Storefront spec §9: popup or silent login timeout. */
export const SILENT_TIMEOUT_MS = 60_000;
/** Storefront spec §9: a cached token counts as expired 60 s early. */
export const TOKEN_EXPIRY_MARGIN_S = 60;
/** Storefront spec §7 / account spec §7. */
export const SCOPES = 'openid profile email offline_access';
/** Where the SPA receives the provider's answers (the redirect URIs in oidc-client.ts). */
export const CALLBACK_PATH = paths.callback.path;
/** sessionStorage: how many times the callback page was retried (account spec §4). */
export const CALLBACK_RETRIES_KEY = 'identity:callback-retries';
/** sessionStorage: set before the logout redirect so the page we come back to shows the toast. */
export const LOGGED_OUT_KEY = 'identity:logged-out';
export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully';
