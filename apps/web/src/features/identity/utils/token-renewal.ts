import { TOKEN_EXPIRY_MARGIN_S, TOKEN_REQUEST_ATTEMPTS } from '../constants';
import { withTokenLock, type TokenLockOptions } from './token-lock';

/** The part of a stored user the renewal reads. */
export interface RenewableUser {
  access_token: string;
  expires_in?: number;
}

/** A cached access token is used until 60 s before it expires (docs/behaviour/sign-in.md#constants). */
export const isFresh = (user: RenewableUser | null): boolean => (user?.expires_in ?? 0) > TOKEN_EXPIRY_MARGIN_S;

/**
 * The request never got an answer: `fetch` failed (a TypeError), or oidc-client-ts gave up
 * waiting (`ErrorTimeout`). An OAuth error answer (`invalid_grant`…) is not retried.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'ErrorTimeout');
}

/** Tries `request` up to `attempts` times in all while it fails on the network (docs/behaviour/sign-in.md#constants). */
export async function retryOnNetworkFailure<T>(request: () => Promise<T>, attempts = TOKEN_REQUEST_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= attempts || !isNetworkFailure(error)) throw error;
    }
  }
}

export interface RenewalSteps<U extends RenewableUser> {
  /** The user as stored now (another tab may have renewed it while this one waited). */
  readStored: () => Promise<U | null>;
  /** One token request. */
  renew: () => Promise<U | null>;
  /** How many tries in all while the network fails; 1 for a hidden-frame renewal, which has no token request to retry. */
  attempts?: number;
}

/**
 * One renewal at a time across tabs: under the lock, a user another tab has just renewed is
 * taken as it is; otherwise the token request runs, retried on network failures.
 */
export function renewUnderLock<U extends RenewableUser>(
  { readStored, renew, attempts = TOKEN_REQUEST_ATTEMPTS }: RenewalSteps<U>,
  lock: TokenLockOptions = {},
): Promise<U | null> {
  return withTokenLock(async () => {
    const stored = await readStored();
    if (stored && isFresh(stored)) return stored;
    return retryOnNetworkFailure(renew, attempts);
  }, lock);
}
