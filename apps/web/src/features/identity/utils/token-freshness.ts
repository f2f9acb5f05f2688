import { TOKEN_EXPIRY_MARGIN_S } from '../constants';

// Apart from the renewal (token-renewal.ts): the identity store, in the first page's code, asks
// only this, and the renewal brings the cross-tab lock and its errors, which only the lazily
// loaded OpenID client runs.

/** The part of a stored user the renewal reads. */
export interface RenewableUser {
  access_token: string;
  expires_in?: number;
}

/** A cached access token is used until 60 s before it expires (docs/behaviour/sign-in.md#constants). */
export const isFresh = (user: RenewableUser | null): boolean => (user?.expires_in ?? 0) > TOKEN_EXPIRY_MARGIN_S;
