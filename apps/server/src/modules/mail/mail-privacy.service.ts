import type { Database } from '#server/db/client.ts';
import { createMailPrivacyRepository } from './mail-privacy.repository';

/**
 * What the mail module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `mailPrivacyOn(tx)` inside the caller's transaction.
 */
export function mailPrivacyOn(db: Database) {
  return createMailPrivacyRepository(db);
}

export type MailPrivacySteps = ReturnType<typeof mailPrivacyOn>;
