import type { Database } from '#server/db/client.ts';
import { createAccountsPrivacyRepository } from './accounts-privacy.repository';

/**
 * What the accounts module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `accountsPrivacyOn(tx)` inside the caller's transaction.
 */
export function accountsPrivacyOn(db: Database) {
  return createAccountsPrivacyRepository(db);
}

export type AccountsPrivacySteps = ReturnType<typeof accountsPrivacyOn>;
