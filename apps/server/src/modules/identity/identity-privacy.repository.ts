import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts, oidcPayloads } from '#server/db/schema.ts';

/** The part of an account the back office and the privacy export may show: never the password hash or a token. */
const visible = {
  id: accounts.id,
  email: accounts.email,
  givenName: accounts.givenName,
  familyName: accounts.familyName,
  fullName: accounts.fullName,
  pictureUrl: accounts.pictureUrl,
  emailVerified: accounts.emailVerified,
  emailVerifiedAt: accounts.emailVerifiedAt,
  lastSignedInAt: accounts.lastSignedInAt,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};

/** The embedded identity provider's account of one person, for the back office and privacy requests. */
export function createIdentityPrivacyRepository(db: Database) {
  return {
    async accountByEmail(email: string) {
      const [row] = await db.select(visible).from(accounts).where(eq(accounts.email, email.toLowerCase())).limit(1);
      return row;
    },

    /**
     * Erasure: the account goes, with its email tokens (by cascade) and everything the provider
     * stored for it (sessions, grants, codes, tokens): it is signed out everywhere. True when there was one.
     */
    async deleteAccount(email: string): Promise<boolean> {
      const [account] = await db.delete(accounts).where(eq(accounts.email, email.toLowerCase())).returning({ id: accounts.id });
      if (!account) return false;
      await db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, account.id));
      return true;
    },
  };
}
