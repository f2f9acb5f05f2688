/** The provider's error code (`error` of an OAuth error response, or our own `code`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { error: oauth, code } = error as { error?: unknown; code?: unknown };
  if (typeof oauth === 'string') return oauth;
  if (typeof code === 'string') return code;
  return undefined;
}

const SESSION_ENDED = ['login_required', 'consent_required', 'interaction_required', 'missing_refresh_token', 'invalid_grant'];

/** The session is gone at the provider (login_required, docs/behaviour/sign-in.md#session-check-on-page-load; refresh token revoked or expired). */
export function isSessionEndedError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && SESSION_ENDED.includes(code);
}
