/** The signed-in shopper as the identity provider describes them; the app layer passes it in. */
export interface AccountUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}
