import { GENERAL_FAILURE_MESSAGE } from '../constants';

/**
 * The short sentence the shopper sees for a sign-in failure (`humanMessage`). Its wording is
 * loaded with the OpenID client (identity-operations.ts), which every failure follows, so it is
 * there when a failure is told; the general sentence when it could not be loaded.
 */
export function shopperMessage(error: unknown): Promise<string> {
  return import('./identity-failures').then(
    ({ humanMessage }) => humanMessage(error),
    () => GENERAL_FAILURE_MESSAGE,
  );
}
