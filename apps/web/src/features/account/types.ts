import type { SignedInUser } from '#web/types/signed-in-user.ts';

/** The signed-in shopper as the identity provider describes them; the app layer passes it in. */
export type AccountUser = SignedInUser;
