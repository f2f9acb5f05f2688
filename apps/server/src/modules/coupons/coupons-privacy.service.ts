import type { Database } from '#server/db/client.ts';
import { createCouponsPrivacyRepository } from './coupons-privacy.repository';

/**
 * What the coupons module holds about one person, as steps of the back office's customer page,
 * privacy export and erasure: `couponsPrivacyOn(tx)` inside the caller's transaction.
 */
export function couponsPrivacyOn(db: Database) {
  return createCouponsPrivacyRepository(db);
}

export type CouponsPrivacySteps = ReturnType<typeof couponsPrivacyOn>;
