import type { IdentityThrottlesRepository } from './identity-throttles.repository';

/**
 * Who may try what, how often. Sign-in failures are counted per (email, client address), so a
 * stranger's wrong passwords slow down the stranger, not the owner; a generous ceiling per email
 * stops a guess spread over many addresses. Emails have two budgets per (email, address), one
 * for sign-up and "send again" and one for password resets, so nothing else can use up the
 * owner's reset. The caps on emails actually sent to one address are silent: when one is
 * reached nothing new is sent, and the links already sent still work.
 */
export const THROTTLE_POLICY = {
  /** Wrong passwords from one address for one email: free ones, then a delay that doubles up to a ceiling. */
  signIn: { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
  /** Wrong passwords for one email from every address together. */
  signInPerEmail: { max: 100, windowSeconds: 60 * 60 },
  /** Sign-up and resend posts for one email from one address. */
  signupEmails: { max: 5, windowSeconds: 60 * 60 },
  /** Reset requests for one email from one address. */
  resetEmails: { max: 5, windowSeconds: 60 * 60 },
  /** Emails of one kind actually sent to one address, whoever asked. */
  sentPerEmail: { max: 10, windowSeconds: 60 * 60 },
} as const;

export type ThrottlePolicy = typeof THROTTLE_POLICY;
export type Throttled = { result: 'rate-limited'; retryAfterSeconds: number };

/** The delay after `failures` wrong passwords (0 while they are still free). */
export function signInDelaySeconds(failures: number, policy: ThrottlePolicy['signIn'] = THROTTLE_POLICY.signIn): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** (failures - policy.freeFailures));
}

export function createIdentityThrottle(store: IdentityThrottlesRepository, policy: ThrottlePolicy = THROTTLE_POLICY) {
  const signInKey = (email: string, address: string) => `sign-in:${email}:${address}`;
  const perEmailKey = (email: string) => `sign-in-any:${email}`;

  /** Counts a request against a budget; the answer when it is used up. */
  async function spend(key: string, budget: { max: number; windowSeconds: number }): Promise<Throttled | undefined> {
    const { hits, windowLeftSeconds } = await store.hit(key, budget.windowSeconds);
    return hits > budget.max ? { result: 'rate-limited', retryAfterSeconds: windowLeftSeconds } : undefined;
  }

  return {
    /** Whether this address may try a password for this email now. */
    async signInBlocked(email: string, address: string): Promise<Throttled | undefined> {
      const seconds = Math.max(await store.blockedFor(signInKey(email, address)), await store.blockedFor(perEmailKey(email)));
      return seconds > 0 ? { result: 'rate-limited', retryAfterSeconds: seconds } : undefined;
    },

    async signInFailed(email: string, address: string): Promise<void> {
      const { hits } = await store.hit(signInKey(email, address), policy.signIn.windowSeconds);
      const delay = signInDelaySeconds(hits, policy.signIn);
      if (delay > 0) await store.block(signInKey(email, address), delay);
      const all = await store.hit(perEmailKey(email), policy.signInPerEmail.windowSeconds);
      if (all.hits >= policy.signInPerEmail.max) await store.block(perEmailKey(email), all.windowLeftSeconds);
    },

    /** The right password from this address: its failures are forgotten. */
    signInSucceeded: (email: string, address: string) => store.clear(signInKey(email, address)),

    /** A new password set through the email: every failure counted for the old one goes. */
    async passwordReplaced(email: string, address: string) {
      await store.clear(signInKey(email, address));
      await store.clear(perEmailKey(email));
    },

    signupEmail: (email: string, address: string) => spend(`signup-email:${email}:${address}`, policy.signupEmails),
    resetEmail: (email: string, address: string) => spend(`reset-email:${email}:${address}`, policy.resetEmails),

    /** False when enough emails of this kind went to this address lately: send nothing new. */
    async maySend(kind: 'verify-email' | 'password-reset', email: string): Promise<boolean> {
      return (await spend(`sent:${kind}:${email}`, policy.sentPerEmail)) === undefined;
    },
  };
}

export type IdentityThrottle = ReturnType<typeof createIdentityThrottle>;
