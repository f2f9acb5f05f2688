import type { Database } from '#server/db/client.ts';
import { createIdentityPrivacyRepository } from './identity-privacy.repository';

/**
 * What the identity module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `identityPrivacyOn(tx)` inside the caller's transaction.
 */
export function identityPrivacyOn(db: Database) {
  return createIdentityPrivacyRepository(db);
}

export type IdentityPrivacySteps = ReturnType<typeof identityPrivacyOn>;
