import { GENERAL_FAILURE_MESSAGE } from '../constants';
import { errorCode, IDENTITY_MESSAGES, IdentityTokenError, missingRefreshTokenError } from './identity-errors';

/**
 * A sign-in failure sorted into an IdentityTokenError (identity-errors.ts), described for the
 * debug log and put in the shopper's words. Only a failure needs this, and every failure follows
 * a call to the OpenID client: it is loaded with it (identity-operations.ts), not with the page.
 */

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** oidc-client-ts's plain errors, by their fixed messages. */
function fromClientMessage(error: Error): IdentityTokenError | null {
  const { message } = error;
  if (error.name === 'ErrorTimeout') return new IdentityTokenError('timeout', IDENTITY_MESSAGES.timeout, { cause: error });
  if (message === 'Popup closed' || message === 'Popup closed by user')
    return new IdentityTokenError('cancelled', IDENTITY_MESSAGES.cancelled, { cause: error });
  // window.open returned null: oidc-client-ts keeps no window and fails when it navigates it.
  if (message === 'Attempted to navigate on a disposed window')
    return new IdentityTokenError('popup_blocked', IDENTITY_MESSAGES.popupBlocked, { cause: error });
  // A refused request ('Failed to fetch') or an HTTP error without an OAuth error ('Bad Gateway (502)').
  const unreachable = error.name === 'TypeError' && /fetch|network|load failed/i.test(message);
  if (unreachable || /\(\d{3}\)/.test(message))
    return new IdentityTokenError('request_error', IDENTITY_MESSAGES.requestError, { description: message, cause: error });
  return null;
}

/** What `options` the token request used, for `missing_refresh_token`. */
export interface TokenRequestScope {
  audience: string;
  scope: string;
}

/**
 * Sorts what oidc-client-ts (or the provider) threw into an IdentityTokenError. An OAuth error
 * code is kept with its description; `mfa_required` keeps `mfa_token` when the error carries it
 * (oidc-client-ts 3.5's ErrorResponse copies only error, error_description, error_uri and
 * session_state, so with it the token is undefined). Anything else is `unknown`, with its message.
 */
export function toIdentityError(error: unknown, request: TokenRequestScope): IdentityTokenError {
  if (error instanceof IdentityTokenError) return error;
  const oauth = error && typeof error === 'object' ? (error as { error?: unknown; error_description?: unknown; mfa_token?: unknown }) : {};
  const code = text(oauth.error);
  if (code) {
    const description = text(oauth.error_description);
    if (code === 'missing_refresh_token') return missingRefreshTokenError(request.audience, request.scope);
    const mfaToken = code === 'mfa_required' ? text(oauth.mfa_token) : undefined;
    return new IdentityTokenError(code, description ?? code, { description, mfaToken, cause: error });
  }
  if (error instanceof Error) return fromClientMessage(error) ?? new IdentityTokenError('unknown', error.message || 'Unknown error', { cause: error });
  return new IdentityTokenError('unknown', String(error), { cause: error });
}

/** 'Login failed' or 'Get access token failed' around the failure; the code stays the failure's, so callers can still tell a session that ended. */
export function wrapIdentityError(message: string, failure: IdentityTokenError): IdentityTokenError {
  return new IdentityTokenError(failure.code, message, { cause: failure });
}

/** The failure under a 'Login failed' / 'Get access token failed' wrapper, or the error itself. */
function innermost(error: unknown): unknown {
  if (error instanceof IdentityTokenError && error.cause instanceof IdentityTokenError) return error.cause;
  return error;
}

/** The details for the debug log: code, messages, description. Never tokens (no `mfaToken`) or personal data. */
export function describeForLog(error: unknown): string {
  const failure = innermost(error);
  const outer = error instanceof Error && failure !== error ? `${error.message}: ` : '';
  if (failure instanceof IdentityTokenError) {
    const description = failure.description && failure.description !== failure.message ? ` (${failure.description})` : '';
    return `${outer}${failure.code}: ${failure.message}${description}`;
  }
  return `${outer}${failure instanceof Error ? failure.message : String(failure)}`;
}

const SESSION_OVER = 'Your session has ended. Please sign in again.';

const HUMAN_MESSAGES: Record<string, string> = {
  popup_blocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  cancelled: 'The sign-in window was closed before you finished. Try again when you are ready.',
  timeout: 'Signing in took too long. Check your connection and try again.',
  request_error: 'We could not reach the sign-in service. Check your internet connection, then try again.',
  mfa_required: 'Your account needs a second verification step. Please sign in again to complete it.',
  access_denied: 'Sign-in was cancelled or refused. Try again, or use another account.',
  cross_origin_isolated: 'This page cannot renew your session in the background. Please sign in again.',
  login_required: SESSION_OVER,
  consent_required: SESSION_OVER,
  interaction_required: SESSION_OVER,
  missing_refresh_token: SESSION_OVER,
  invalid_grant: SESSION_OVER,
};

/** The short sentence the shopper sees for a sign-in failure; the details go to the debug log. */
export function humanMessage(error: unknown): string {
  const code = errorCode(innermost(error));
  return (code && HUMAN_MESSAGES[code]) || GENERAL_FAILURE_MESSAGE;
}
