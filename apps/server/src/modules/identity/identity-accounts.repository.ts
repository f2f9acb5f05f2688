import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, accountTokens, type AccountRow } from '#server/db/schema.ts';
import type { NewOutboxMessage } from '../mail/mail.service';

export type TokenPurpose = (typeof accountTokens.$inferInsert)['purpose'];
export type NewAccount = Pick<typeof accounts.$inferInsert, 'email' | 'passwordHash' | 'givenName' | 'familyName' | 'fullName'>;
export type OutboxMessage = NewOutboxMessage;

/** The mail module's outbox: it writes the message, in the transaction it is handed. */
export interface IdentityMail {
  enqueue(tx: Database, message: OutboxMessage): Promise<boolean>;
}

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Sign-in accounts of the embedded provider and their single-use email tokens. An email that
 * goes with a new token is queued by the mail module inside this repository's transaction.
 */
export function createIdentityAccountsRepository(db: Database, mail: IdentityMail) {
  return {
    async findById(id: string): Promise<AccountRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.email, email.toLowerCase())).limit(1);
      return row;
    },

    /**
     * Creates the account, a verification token and its email in one transaction. Undefined
     * when the email already has an account (the unique index decides, so two concurrent
     * sign-ups of one address create one account).
     */
    async createWithToken(
      account: NewAccount,
      token: { hash: string; validForSeconds: number },
      message: (accountId: string, tokenId: number) => OutboxMessage,
    ): Promise<AccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(accounts).values(account).onConflictDoNothing({ target: accounts.email }).returning();
        if (!row) return undefined;
        const tokenId = await insertToken(tx, row.id, 'verify-email', token);
        await mail.enqueue(tx, message(row.id, tokenId));
        return row;
      });
    },

    /** A new token for an existing account, with its email, in one transaction. */
    async issueToken(
      accountId: string,
      purpose: TokenPurpose,
      token: { hash: string; validForSeconds: number },
      message: (tokenId: number) => OutboxMessage,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const tokenId = await insertToken(tx, accountId, purpose, token);
        await mail.enqueue(tx, message(tokenId));
      });
    },

    /** Queues an email that needs no token (e.g. "someone tried to sign up with your address"). */
    enqueue(message: OutboxMessage): Promise<boolean> {
      return mail.enqueue(db, message);
    },

    /** What a link's token is good for, without using it (a mail scanner may open the link first). */
    tokenState: (purpose: TokenPurpose, hash: string) => tokenState(db, purpose, hash),

    /**
     * Uses a confirmation token and marks the address verified, atomically: of two concurrent
     * uses of one link, exactly one succeeds. `passwordHash` is either the hash the clicker's
     * password was just checked against (nothing changes if it changed meanwhile) or a new one
     * to set. Tokens issued before `tokensValidAfter` stop working.
     */
    async verifyEmailWithToken(
      hash: string,
      change: { expectedPasswordHash: string } | { newPasswordHash: string },
      tokensValidAfter: Date,
    ): Promise<{ result: 'verified'; account: AccountRow } | { result: 'used' | 'expired' | 'unknown' }> {
      return db.transaction(async (tx) => {
        const used = await useToken(tx, 'verify-email', hash);
        if (used.result !== 'ok') return used;
        const passwordCheck = 'expectedPasswordHash' in change ? eq(accounts.passwordHash, change.expectedPasswordHash) : undefined;
        const [account] = await tx
          .update(accounts)
          .set({
            ...('newPasswordHash' in change ? { passwordHash: change.newPasswordHash } : {}),
            emailVerified: true,
            emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`,
            tokensValidAfter,
            updatedAt: sql`now()`,
          })
          .where(and(eq(accounts.id, used.accountId), passwordCheck))
          .returning();
        return account ? { result: 'verified', account } : { result: 'unknown' };
      });
    },

    /** The account a usable confirmation link belongs to, without using the link. */
    async accountForToken(purpose: TokenPurpose, hash: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select({ account: accounts })
        .from(accountTokens)
        .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
        .where(
          and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)),
        )
        .limit(1);
      return row?.account;
    },

    /**
     * Uses a reset token: sets the new password, marks the email verified (the link proved the
     * mailbox), retires every other reset link of the account, and ends every token issued before.
     */
    async resetPasswordWithToken(
      hash: string,
      passwordHash: string,
      tokensValidAfter: Date,
    ): Promise<{ result: 'reset'; account: AccountRow } | { result: 'used' | 'expired' | 'unknown' }> {
      return db.transaction(async (tx) => {
        const used = await useToken(tx, 'reset-password', hash);
        if (used.result !== 'ok') return used;
        const [account] = await tx
          .update(accounts)
          .set({
            passwordHash,
            emailVerified: true,
            emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`,
            tokensValidAfter,
            updatedAt: sql`now()`,
          })
          .where(eq(accounts.id, used.accountId))
          .returning();
        await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(accountTokens.accountId, used.accountId), eq(accountTokens.purpose, 'reset-password'), isNull(accountTokens.usedAt)));
        return account ? { result: 'reset', account } : { result: 'unknown' };
      });
    },

    async updatePasswordHash(accountId: string, passwordHash: string) {
      await db
        .update(accounts)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(accounts.id, accountId));
    },

    /** A successful sign-in, for the back office's customer page ("last signed in"). */
    async recordSignIn(accountId: string) {
      await db
        .update(accounts)
        .set({ lastSignedInAt: sql`now()` })
        .where(eq(accounts.id, accountId));
    },

    /** Removes tokens that expired more than a week ago. */
    async sweepExpiredTokens(): Promise<void> {
      await db.delete(accountTokens).where(or(lt(accountTokens.expiresAt, sql`now() - interval '7 days'`)));
    },
  };
}

export type IdentityAccountsRepository = ReturnType<typeof createIdentityAccountsRepository>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function insertToken(tx: Executor, accountId: string, purpose: TokenPurpose, token: { hash: string; validForSeconds: number }) {
  const [row] = await tx
    .insert(accountTokens)
    .values({ accountId, purpose, tokenHash: token.hash, expiresAt: sql`now() + make_interval(secs => ${token.validForSeconds})` })
    .returning({ id: accountTokens.id });
  return row!.id;
}

async function useToken(
  tx: Executor,
  purpose: TokenPurpose,
  hash: string,
): Promise<{ result: 'ok'; accountId: string } | { result: 'used' | 'expired' | 'unknown' }> {
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ accountId: accountTokens.accountId });
  if (used) return { result: 'ok', accountId: used.accountId };
  const state = await tokenState(tx, purpose, hash);
  // Usable a moment ago but not now: it expired in between.
  return { result: state === 'usable' ? 'expired' : state };
}

export type TokenState = 'usable' | 'used' | 'expired' | 'unknown';

async function tokenState(executor: Executor, purpose: TokenPurpose, hash: string): Promise<TokenState> {
  const [row] = await executor
    .select({ usedAt: accountTokens.usedAt, live: sql<boolean>`${accountTokens.expiresAt} > now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.live ? 'usable' : 'expired';
}
