/**
 * The signed-in shopper, from the ID token's claims (docs/behaviour/sign-in.md#identity-user).
 * Shared: the identity feature produces it, the account feature shows it.
 */
export interface SignedInUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}
