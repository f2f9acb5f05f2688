import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailPreferences, outboxMessages } from '#server/db/schema.ts';

/** What the mail module holds about one address: the emails sent to it and its mail choices. */
export function createMailPrivacyRepository(db: Database) {
  return {
    /** Newest first, with their bodies (the privacy export gives them; the customer page shows the headers). */
    emailsTo(address: string) {
      return db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, address.toLowerCase()))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    },

    async preferencesOf(email: string) {
      const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.email, email.toLowerCase()));
      return row;
    },

    /**
     * Erasure: the messages stay as a record that something was sent (kind, time, delivery status,
     * order), addressed to the placeholder, without subject or body; the mail choices go.
     */
    async scrub(address: string, placeholder: string): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ toAddress: placeholder, subject: '[erased]', textBody: '', htmlBody: '', lastError: null })
        .where(eq(outboxMessages.toAddress, address.toLowerCase()));
      await db.delete(mailPreferences).where(eq(mailPreferences.email, address.toLowerCase()));
    },
  };
}
