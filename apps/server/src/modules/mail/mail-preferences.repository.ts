import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailPreferences } from '#server/db/schema.ts';

/** A customer's mail choices, by lower-case email; no row means the defaults (no release emails). */
export function createMailPreferencesRepository(db: Database) {
  return {
    async releaseEmails(email: string): Promise<boolean> {
      const [row] = await db
        .select({ releaseEmails: mailPreferences.releaseEmails })
        .from(mailPreferences)
        .where(eq(mailPreferences.email, email.toLowerCase()));
      return row?.releaseEmails ?? false;
    },

    async setReleaseEmails(email: string, releaseEmails: boolean): Promise<void> {
      await db
        .insert(mailPreferences)
        .values({ email: email.toLowerCase(), releaseEmails })
        .onConflictDoUpdate({ target: mailPreferences.email, set: { releaseEmails, updatedAt: sql`now()` } });
    },
  };
}

export type MailPreferencesRepository = ReturnType<typeof createMailPreferencesRepository>;
