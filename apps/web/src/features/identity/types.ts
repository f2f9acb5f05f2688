import type { SignedInUser } from '#web/types/signed-in-user.ts';

/** The signed-in user, from the ID token's claims (docs/behaviour/sign-in.md#identity-user). */
export type IdentityUser = SignedInUser;

export type IdentityStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** docs/behaviour/sign-in.md#sign-in-state: starts loading; errors end loading and keep an error. */
export interface IdentityState {
  status: IdentityStatus;
  user: IdentityUser | null;
  error: Error | null;
}

export interface LoginOptions {
  /** Where to go after the callback; saved in the sign-in state. */
  returnTo?: string;
  /** `screen_hint=signup`: the provider opens its sign-up page. */
  signup?: boolean;
  /** A 400×600 popup instead of a full-page redirect. */
  popup?: boolean;
}

/** What the sign-in callback produced. */
export type CallbackOutcome = { kind: 'redirect'; returnTo: string } | { kind: 'silent-or-popup' };
