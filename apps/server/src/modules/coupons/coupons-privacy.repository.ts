import { asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { couponReservations } from '#server/db/schema.ts';

/** The coupon uses a sandbox payment reserved under a shopper's email (per-customer limits), for privacy requests. */
export function createCouponsPrivacyRepository(db: Database) {
  return {
    reservationsOf(email: string) {
      return db.select().from(couponReservations).where(eq(couponReservations.email, email.toLowerCase())).orderBy(asc(couponReservations.id));
    },

    /** Erasure: the reservation still counts towards the coupon's limits, under the placeholder. */
    async replaceEmail(email: string, placeholder: string): Promise<void> {
      await db.update(couponReservations).set({ email: placeholder }).where(eq(couponReservations.email, email.toLowerCase()));
    },
  };
}
