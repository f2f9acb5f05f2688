import type { Database } from '#server/db/client.ts';
import { createLicensingPrivacyRepository } from './licensing-privacy.repository';

/**
 * What the licensing module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `licensingPrivacyOn(tx)` inside the caller's transaction.
 */
export function licensingPrivacyOn(db: Database) {
  return createLicensingPrivacyRepository(db);
}

export type LicensingPrivacySteps = ReturnType<typeof licensingPrivacyOn>;
