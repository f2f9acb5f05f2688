import { createHash, randomBytes } from 'node:crypto';
import type { AccountRow } from '../../db/schema';
import { createAttemptLimiter, type AttemptLimiter } from '../../lib/attempt-limiter';
import { existingAccountEmail, passwordResetEmail, verificationEmail, type IdentityEmailContext } from './identity-emails';
import type { IdentityAccountsRepository } from './identity-accounts.repository';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';
import { burnVerification, DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password';

export const VERIFY_EMAIL_VALID_HOURS = 24;
export const RESET_PASSWORD_VALID_MINUTES = 60;

/** Everything the provider keeps for an account; a password reset removes them all (signed out everywhere). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken'];

export interface IdentityServiceOptions {
  accounts: IdentityAccountsRepository;
  oidcPayloads: OidcPayloadsRepository;
  emails: IdentityEmailContext;
  /** PUBLIC_URL: links in emails point there. */
  publicUrl: string;
  /** Called after an email was queued, so the outbox sends it now. */
  onMessageQueued?: () => void;
  scrypt?: ScryptParams;
  /** Per email address, across clients (the per-client limit is the route's). */
  limits?: { login?: { max: number; windowMs: number }; email?: { max: number; windowMs: number } };
}

export type LoginResult = { result: 'ok'; account: AccountRow } | { result: 'invalid' } | { result: 'rate-limited'; retryAfterSeconds: number };
export type EmailRequestResult = { result: 'sent' } | { result: 'rate-limited'; retryAfterSeconds: number };

export function createIdentityService(options: IdentityServiceOptions) {
  const { accounts, emails } = options;
  const scrypt = options.scrypt ?? DEFAULT_SCRYPT;
  const loginLimiter: AttemptLimiter = createAttemptLimiter(options.limits?.login ?? { max: 10, windowMs: 15 * 60_000 });
  /** Sign-up, resend and reset emails to one address: enough for typos and spam folders, not for mail bombing. */
  const emailLimiter: AttemptLimiter = createAttemptLimiter(options.limits?.email ?? { max: 5, windowMs: 60 * 60_000 });
  const queued = () => options.onMessageQueued?.();

  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  };
  const link = (pathname: string, token: string) => `${options.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;

  function limitEmail(email: string): EmailRequestResult | undefined {
    if (emailLimiter.take(email)) return undefined;
    return { result: 'rate-limited', retryAfterSeconds: emailLimiter.retryAfter(email) };
  }

  async function sendVerification(account: AccountRow) {
    const { token, hash } = newToken();
    await accounts.issueToken(account.id, 'verify-email', { hash, validForSeconds: VERIFY_EMAIL_VALID_HOURS * 3600 }, (tokenId) => {
      const message = verificationEmail(emails, { firstName: account.givenName, link: link('/idp/verify-email', token), validHours: VERIFY_EMAIL_VALID_HOURS });
      return { dedupeKey: `verify-email:${tokenId}`, kind: 'verify-email', toAddress: account.email, subject: message.subject, textBody: message.text, htmlBody: message.html };
    });
  }

  return {
    /**
     * Creates an unverified account and emails a confirmation link. The answer is the same
     * whether or not the address already has an account (its owner gets an email instead), and
     * the password is hashed either way so the timing does not tell either.
     */
    async signUp(input: { email: string; password: string; givenName: string; familyName: string }): Promise<EmailRequestResult> {
      const email = input.email.toLowerCase();
      const limited = limitEmail(email);
      if (limited) return limited;
      const passwordHash = await hashPassword(input.password, scrypt);
      const { token, hash } = newToken();
      const created = await accounts.createWithToken(
        { email, passwordHash, givenName: input.givenName, familyName: input.familyName, fullName: `${input.givenName} ${input.familyName}`.trim() },
        { hash, validForSeconds: VERIFY_EMAIL_VALID_HOURS * 3600 },
        (_accountId, tokenId) => {
          const message = verificationEmail(emails, { firstName: input.givenName, link: link('/idp/verify-email', token), validHours: VERIFY_EMAIL_VALID_HOURS });
          return { dedupeKey: `verify-email:${tokenId}`, kind: 'verify-email', toAddress: email, subject: message.subject, textBody: message.text, htmlBody: message.html };
        },
      );
      if (!created) {
        const existing = await accounts.findByEmail(email);
        if (existing) {
          const message = existingAccountEmail(emails, { firstName: existing.givenName, signInUrl: `${options.publicUrl}/account` });
          // One such email per account per hour, however often the form is sent.
          const hour = Math.floor(Date.now() / 3_600_000);
          await accounts.enqueue({
            dedupeKey: `signup-existing:${existing.id}:${hour}`,
            kind: 'signup-existing',
            toAddress: existing.email,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html,
          });
        }
      }
      queued();
      return { result: 'sent' };
    },

    /** Sends a new confirmation link to an unverified account; silent otherwise. */
    async resendVerification(rawEmail: string): Promise<EmailRequestResult> {
      const email = rawEmail.toLowerCase();
      const limited = limitEmail(email);
      if (limited) return limited;
      const account = await accounts.findByEmail(email);
      if (account && !account.emailVerified) {
        await sendVerification(account);
        queued();
      }
      return { result: 'sent' };
    },

    /** 'Email or password is incorrect' covers both an unknown email and a wrong password. */
    async logIn(rawEmail: string, password: string): Promise<LoginResult> {
      const email = rawEmail.toLowerCase();
      if (!loginLimiter.take(email)) return { result: 'rate-limited', retryAfterSeconds: loginLimiter.retryAfter(email) };
      const account = await accounts.findByEmail(email);
      if (!account) {
        await burnVerification(password, scrypt);
        return { result: 'invalid' };
      }
      if (!(await verifyPassword(password, account.passwordHash))) return { result: 'invalid' };
      loginLimiter.reset(email);
      if (needsRehash(account.passwordHash, scrypt)) await accounts.updatePasswordHash(account.id, await hashPassword(password, scrypt));
      return { result: 'ok', account };
    },

    /** Emails a reset link when the account exists; the answer is the same when it does not. */
    async requestPasswordReset(rawEmail: string): Promise<EmailRequestResult> {
      const email = rawEmail.toLowerCase();
      const limited = limitEmail(email);
      if (limited) return limited;
      const account = await accounts.findByEmail(email);
      if (account) {
        const { token, hash } = newToken();
        await accounts.issueToken(account.id, 'reset-password', { hash, validForSeconds: RESET_PASSWORD_VALID_MINUTES * 60 }, (tokenId) => {
          const message = passwordResetEmail(emails, {
            firstName: account.givenName,
            link: link('/idp/reset-password', token),
            validMinutes: RESET_PASSWORD_VALID_MINUTES,
          });
          return { dedupeKey: `password-reset:${tokenId}`, kind: 'password-reset', toAddress: account.email, subject: message.subject, textBody: message.text, htmlBody: message.html };
        });
        queued();
      }
      return { result: 'sent' };
    },

    /** Opening the link only looks at it: mail scanners fetch links before the shopper does. */
    verifyEmailLinkState: (token: string) => accounts.tokenState('verify-email', hashToken(token)),

    /** The shopper's button press on the link's page: uses the token once. */
    verifyEmail: (token: string) => accounts.verifyEmailWithToken(hashToken(token)),

    /** Whether a reset link can still be used (the form is only shown for one that can). */
    async canResetPassword(token: string): Promise<boolean> {
      return (await accounts.tokenState('reset-password', hashToken(token))) === 'usable';
    },

    /** Sets the new password and signs the account out everywhere (sessions, grants, refresh tokens). */
    async resetPassword(token: string, password: string) {
      const outcome = await accounts.resetPasswordWithToken(hashToken(token), await hashPassword(password, scrypt));
      if (outcome.result === 'reset') {
        await options.oidcPayloads.revokeAccount(outcome.account.id, ACCOUNT_MODELS);
        loginLimiter.reset(outcome.account.email);
      }
      return outcome;
    },

    findAccount: (id: string) => accounts.findById(id),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
