import { errorCode } from './identity-errors';

/** The callback's error types (docs/behaviour/sign-in.md#callback-errors); network and timeout are retryable. */
export type CallbackErrorKind = 'network' | 'timeout' | 'invalid_code' | 'expired' | 'unknown';

export interface CallbackError {
  kind: CallbackErrorKind;
  message: string;
  retryable: boolean;
}

export const MISSING_PARAMS_MESSAGE = 'Missing required authentication parameters in callback URL';
export const INVALID_STATE_MESSAGE = 'Invalid state';

/** What each kind tells the shopper to do. */
export const CALLBACK_HINTS: Record<CallbackErrorKind, string> = {
  network: 'We could not reach the sign-in service. Check your internet connection, then try again.',
  timeout: 'The sign-in service took too long to answer. Try again in a moment.',
  expired: 'Your sign-in link has expired. Please sign in again.',
  invalid_code: 'This sign-in link is invalid or was already used. Please sign in again.',
  unknown: 'Something went wrong while signing you in. Please sign in again.',
};

/**
 * docs/behaviour/sign-in.md#callback-errors: the callback URL must hold both code and state; an `error` parameter shows its
 * description (or '{provider} returned error: {error}') and is not retryable. Null when the URL is
 * fine to process.
 */
export function checkCallbackParams(search: URLSearchParams, providerName: string): CallbackError | null {
  const error = search.get('error');
  if (error) {
    const description = search.get('error_description');
    return { kind: 'unknown', message: description || `${providerName} returned error: ${error}`, retryable: false };
  }
  if (!search.get('code') || !search.get('state')) return { kind: 'unknown', message: MISSING_PARAMS_MESSAGE, retryable: false };
  return null;
}

/** Sorts what processing the callback threw into the kinds of docs/behaviour/sign-in.md#callback-errors. */
export function classifyCallbackError(error: unknown): CallbackError {
  const message = error instanceof Error ? error.message : String(error);
  const description = (error as { error_description?: unknown } | null)?.error_description;
  const detail = typeof description === 'string' ? description : message;
  const code = errorCode(error);
  // oidc-client-ts: 'No matching state found in storage' (missing_transaction), 'No state in response', state mismatch.
  if (/no matching state|no state in response|state_mismatch|missing_transaction|invalid state/i.test(`${message} ${code ?? ''}`)) {
    return { kind: 'invalid_code', message: INVALID_STATE_MESSAGE, retryable: false };
  }
  if (code === 'invalid_grant' && /expired/i.test(detail)) return { kind: 'expired', message: detail, retryable: false };
  if (code === 'invalid_grant' || code === 'invalid_code') return { kind: 'invalid_code', message: detail, retryable: false };
  if (/failed to fetch|networkerror|network request failed|load failed|unable to fetch/i.test(message)) {
    return { kind: 'network', message, retryable: true };
  }
  if (/timed? ?out/i.test(message)) return { kind: 'timeout', message, retryable: true };
  return { kind: 'unknown', message: detail || 'Unknown error', retryable: false };
}
