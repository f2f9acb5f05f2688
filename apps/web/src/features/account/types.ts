import type { SignedInUser } from '../../types/signed-in-user';

/** The signed-in shopper as the identity provider describes them; the app layer passes it in. */
export type AccountUser = SignedInUser;
