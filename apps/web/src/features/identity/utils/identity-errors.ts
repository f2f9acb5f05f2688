/**
 * The sign-in errors (docs/behaviour/sign-in.md#errors): one error type, with the provider's or the
 * client's code, a fixed message, and the extra fields some codes carry. oidc-client-ts reports
 * failures as `ErrorResponse` (an OAuth `error`), `ErrorTimeout` or plain `Error`s with fixed
 * messages; `toIdentityError` (identity-failures.ts) sorts them into these codes.
 */
export const IDENTITY_MESSAGES = {
  timeout: 'Timeout',
  cancelled: 'Popup closed',
  popupBlocked: 'Unable to open a popup for loginWithPopup - window.open returned `null`',
  crossOriginIsolated: 'The application is running in a Cross-Origin Isolated context, silently retrieving a token without refresh token is not possible.',
  requestError: 'HTTP error. Unable to fetch',
  loginFailed: 'Login failed',
  tokenFailed: 'Get access token failed',
} as const;

export interface IdentityErrorDetails {
  /** The provider's `error_description`, when it sent one. */
  description?: string;
  /** `mfa_required`: the token the provider's MFA API needs. */
  mfaToken?: string;
  /** `missing_refresh_token`: what the token was asked for. */
  audience?: string;
  scope?: string;
  cause?: unknown;
}

/** Every sign-in failure the identity store reports. `code` is the provider's OAuth error code or one of the client's own. */
export class IdentityTokenError extends Error {
  readonly description?: string;
  readonly mfaToken?: string;
  readonly audience?: string;
  readonly scope?: string;

  constructor(
    readonly code: string,
    message: string,
    { cause, ...details }: IdentityErrorDetails = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'IdentityTokenError';
    Object.assign(this, details);
  }
}

/** A token that cannot be renewed: no refresh token is stored (Auth0's wording, with what was asked for). */
export function missingRefreshTokenError(audience: string, scope: string): IdentityTokenError {
  return new IdentityTokenError('missing_refresh_token', `Missing Refresh Token (audience: '${audience}', scope: '${scope}')`, { audience, scope });
}

/**
 * A silent renewal without a refresh token loads the provider in a hidden frame, which a
 * cross-origin isolated page cannot read: it would only time out. Null when the renewal can run.
 */
export function silentRenewalBlocked(hasRefreshToken: boolean, win: Window): IdentityTokenError | null {
  if (hasRefreshToken || !win.crossOriginIsolated) return null;
  return new IdentityTokenError('cross_origin_isolated', IDENTITY_MESSAGES.crossOriginIsolated);
}

/** The provider's error code (`error` of an OAuth error response, or our own `code`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { error: oauth, code } = error as { error?: unknown; code?: unknown };
  if (typeof oauth === 'string') return oauth;
  if (typeof code === 'string') return code;
  return undefined;
}

const SESSION_ENDED = ['login_required', 'consent_required', 'interaction_required', 'missing_refresh_token', 'invalid_grant', 'cross_origin_isolated'];

/** The session is gone at the provider (login_required, docs/behaviour/sign-in.md#session-check-on-page-load; refresh token revoked or expired). */
export function isSessionEndedError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && SESSION_ENDED.includes(code);
}
