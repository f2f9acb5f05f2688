import { GENERAL_FAILURE_MESSAGE } from './identity-errors';

/**
 * How a failure is sorted into the codes of identity-errors.ts, logged and told to the shopper
 * (identity-failures.ts). Every failure follows a call to the OpenID client, which is itself
 * loaded on first use, so this is fetched with it (identity-store.ts), not with the first page.
 */
export const loadIdentityFailures = () => import('./identity-failures');

/** The short sentence the shopper sees for a sign-in failure (`humanMessage`), once its wording is loaded. */
export function shopperMessage(error: unknown): Promise<string> {
  return loadIdentityFailures().then(
    ({ humanMessage }) => humanMessage(error),
    () => GENERAL_FAILURE_MESSAGE,
  );
}
