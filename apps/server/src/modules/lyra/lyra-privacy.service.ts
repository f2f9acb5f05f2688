import type { Database } from '#server/db/client.ts';
import { createLyraPrivacyRepository } from './lyra-privacy.repository';

/**
 * What the lyra module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `lyraPrivacyOn(tx)` inside the caller's transaction.
 */
export function lyraPrivacyOn(db: Database) {
  return createLyraPrivacyRepository(db);
}

export type LyraPrivacySteps = ReturnType<typeof lyraPrivacyOn>;
