import { createHash, randomBytes } from 'node:crypto';
import type { AccountRow } from '#server/db/schema.ts';
import { existingAccountEmail, passwordResetEmail, verificationEmail, type IdentityEmailContext } from './identity-emails';
import type { IdentityAccountsRepository, TokenState } from './identity-accounts.repository';
import type { IdentityThrottle, Throttled } from './identity-throttle';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';
import { burnVerification, DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password';

export const VERIFY_EMAIL_VALID_HOURS = 24;
export const RESET_PASSWORD_VALID_MINUTES = 60;

/** Everything the provider keeps for an account; a reset or a confirmation removes them all (signed out everywhere). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken'];

export interface IdentityServiceOptions {
  accounts: IdentityAccountsRepository;
  oidcPayloads: OidcPayloadsRepository;
  throttle: IdentityThrottle;
  emails: IdentityEmailContext;
  /** PUBLIC_URL: links in emails point there. */
  publicUrl: string;
  /** Called after an email was queued, so the outbox sends it now. */
  onMessageQueued?: () => void;
  scrypt?: ScryptParams;
}

export type LoginResult = { result: 'ok'; account: AccountRow } | { result: 'invalid' } | Throttled;
export type EmailRequestResult = { result: 'sent' } | Throttled;
type LinkProblem = { result: 'used' | 'expired' | 'unknown' };
export type ConfirmEmailResult = { result: 'verified'; account: AccountRow } | { result: 'wrong-password'; email: string } | Throttled | LinkProblem;

/**
 * The instant from which the account's tokens count again: the next whole second, because
 * tokens carry their issue time in whole seconds and one issued in this second may be an old one.
 */
const nextWholeSecond = () => new Date((Math.floor(Date.now() / 1000) + 1) * 1000);

export function createIdentityService(options: IdentityServiceOptions) {
  const { accounts, emails, throttle } = options;
  const scrypt = options.scrypt ?? DEFAULT_SCRYPT;
  const queued = () => options.onMessageQueued?.();

  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  };
  const link = (pathname: string, token: string) => `${options.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;

  async function sendVerification(account: AccountRow) {
    if (!(await throttle.maySend('verify-email', account.email))) return;
    const { token, hash } = newToken();
    await accounts.issueToken(account.id, 'verify-email', { hash, validForSeconds: VERIFY_EMAIL_VALID_HOURS * 3600 }, (tokenId) => {
      const message = verificationEmail(emails, { firstName: account.givenName, link: link('/idp/verify-email', token), validHours: VERIFY_EMAIL_VALID_HOURS });
      return {
        dedupeKey: `verify-email:${tokenId}`,
        kind: 'verify-email',
        toAddress: account.email,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      };
    });
  }

  /** Signs the account out everywhere: its sessions, grants and tokens, stored or not. */
  async function endEverySession(account: AccountRow, clientAddress: string) {
    await options.oidcPayloads.revokeAccount(account.id, ACCOUNT_MODELS);
    await throttle.passwordReplaced(account.email, clientAddress);
  }

  /** Checks a password against an account, counting failures per (email, client address). */
  async function checkPassword(email: string, password: string, clientAddress: string, account: AccountRow | undefined): Promise<'ok' | 'invalid' | Throttled> {
    const blocked = await throttle.signInBlocked(email, clientAddress);
    if (blocked) return blocked;
    const valid = account ? await verifyPassword(password, account.passwordHash) : await burnVerification(password, scrypt).then(() => false);
    if (!valid) {
      await throttle.signInFailed(email, clientAddress);
      return 'invalid';
    }
    await throttle.signInSucceeded(email, clientAddress);
    return 'ok';
  }

  return {
    /**
     * Creates an unverified account and emails a confirmation link. The answer is the same
     * whether or not the address already has an account (its owner gets an email instead), and
     * the password is hashed either way so the timing does not tell either.
     */
    async signUp(input: { email: string; password: string; givenName: string; familyName: string }, clientAddress: string): Promise<EmailRequestResult> {
      const email = input.email.toLowerCase();
      const limited = await throttle.signupEmail(email, clientAddress);
      if (limited) return limited;
      const passwordHash = await hashPassword(input.password, scrypt);
      const { token, hash } = newToken();
      const created = await accounts.createWithToken(
        { email, passwordHash, givenName: input.givenName, familyName: input.familyName, fullName: `${input.givenName} ${input.familyName}`.trim() },
        { hash, validForSeconds: VERIFY_EMAIL_VALID_HOURS * 3600 },
        (_accountId, tokenId) => {
          const message = verificationEmail(emails, {
            firstName: input.givenName,
            link: link('/idp/verify-email', token),
            validHours: VERIFY_EMAIL_VALID_HOURS,
          });
          return {
            dedupeKey: `verify-email:${tokenId}`,
            kind: 'verify-email',
            toAddress: email,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html,
          };
        },
      );
      if (!created) {
        const existing = await accounts.findByEmail(email);
        if (existing) {
          const message = existingAccountEmail(emails, {
            firstName: existing.givenName,
            signInUrl: `${options.publicUrl}/account`,
            unconfirmed: !existing.emailVerified,
          });
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
    async resendVerification(rawEmail: string, clientAddress: string): Promise<EmailRequestResult> {
      const email = rawEmail.toLowerCase();
      const limited = await throttle.signupEmail(email, clientAddress);
      if (limited) return limited;
      const account = await accounts.findByEmail(email);
      if (account && !account.emailVerified) {
        await sendVerification(account);
        queued();
      }
      return { result: 'sent' };
    },

    /** 'Email or password is incorrect' covers both an unknown email and a wrong password. */
    async logIn(rawEmail: string, password: string, clientAddress: string): Promise<LoginResult> {
      const email = rawEmail.toLowerCase();
      const account = await accounts.findByEmail(email);
      const checked = await checkPassword(email, password, clientAddress, account);
      if (checked !== 'ok') return checked === 'invalid' ? { result: 'invalid' } : checked;
      const signedIn = account!;
      if (needsRehash(signedIn.passwordHash, scrypt)) await accounts.updatePasswordHash(signedIn.id, await hashPassword(password, scrypt));
      await accounts.recordSignIn(signedIn.id);
      // Right after a reset the new tokens must not fall in the second the old ones were cut off in.
      const wait = (signedIn.tokensValidAfter?.getTime() ?? 0) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1000)));
      return { result: 'ok', account: signedIn };
    },

    /** Emails a reset link when the account exists; the answer is the same when it does not. */
    async requestPasswordReset(rawEmail: string, clientAddress: string): Promise<EmailRequestResult> {
      const email = rawEmail.toLowerCase();
      const limited = await throttle.resetEmail(email, clientAddress);
      if (limited) return limited;
      const account = await accounts.findByEmail(email);
      // Past the cap on reset emails to this address, the links already sent (valid for an hour) still work.
      if (account && (await throttle.maySend('password-reset', email))) {
        const { token, hash } = newToken();
        await accounts.issueToken(account.id, 'reset-password', { hash, validForSeconds: RESET_PASSWORD_VALID_MINUTES * 60 }, (tokenId) => {
          const message = passwordResetEmail(emails, {
            firstName: account.givenName,
            link: link('/idp/reset-password', token),
            validMinutes: RESET_PASSWORD_VALID_MINUTES,
          });
          return {
            dedupeKey: `password-reset:${tokenId}`,
            kind: 'password-reset',
            toAddress: account.email,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html,
          };
        });
        queued();
      }
      return { result: 'sent' };
    },

    /** Opening the link only looks at it: mail scanners fetch links before the shopper does. */
    async openVerifyEmailLink(token: string): Promise<{ result: 'usable'; email: string } | LinkProblem> {
      const hash = hashToken(token);
      const account = await accounts.accountForToken('verify-email', hash);
      // The page names the address it confirms: whoever holds the link reads that mailbox.
      return account ? { result: 'usable', email: account.email } : linkProblem(await accounts.tokenState('verify-email', hash));
    },

    /**
     * The confirmation link proves the mailbox; the account's password proves the clicker also
     * chose it. Only both together verify the address, so an account someone else created with
     * this address never becomes theirs by the owner's click.
     */
    async confirmEmail(token: string, password: string, clientAddress: string): Promise<ConfirmEmailResult> {
      const hash = hashToken(token);
      const account = await accounts.accountForToken('verify-email', hash);
      if (!account) return linkProblem(await accounts.tokenState('verify-email', hash));
      const checked = await checkPassword(account.email, password, clientAddress, account);
      if (checked === 'invalid') return { result: 'wrong-password', email: account.email };
      if (checked !== 'ok') return checked;
      const outcome = await accounts.verifyEmailWithToken(hash, { expectedPasswordHash: account.passwordHash }, nextWholeSecond());
      if (outcome.result === 'verified') await endEverySession(outcome.account, clientAddress);
      return outcome;
    },

    /** "I did not create this account / forgot the password": the link proves the mailbox, and the shopper sets the password. */
    async confirmEmailWithNewPassword(
      token: string,
      password: string,
      clientAddress: string,
    ): Promise<{ result: 'verified'; account: AccountRow } | LinkProblem> {
      const outcome = await accounts.verifyEmailWithToken(hashToken(token), { newPasswordHash: await hashPassword(password, scrypt) }, nextWholeSecond());
      if (outcome.result === 'verified') await endEverySession(outcome.account, clientAddress);
      return outcome;
    },

    /** Whether a reset link can still be used (the form is only shown for one that can). */
    async canResetPassword(token: string): Promise<boolean> {
      return (await accounts.tokenState('reset-password', hashToken(token))) === 'usable';
    },

    /** Sets the new password and signs the account out everywhere (sessions, grants, refresh and access tokens). */
    async resetPassword(token: string, password: string, clientAddress: string) {
      const outcome = await accounts.resetPasswordWithToken(hashToken(token), await hashPassword(password, scrypt), nextWholeSecond());
      if (outcome.result === 'reset') await endEverySession(outcome.account, clientAddress);
      return outcome;
    },

    findAccount: (id: string) => accounts.findById(id),
  };
}

function linkProblem(state: TokenState): LinkProblem {
  // Usable a moment ago but not now: it expired or was used in between.
  return { result: state === 'usable' ? 'used' : state };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
