import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { downloadEvents, products } from '#server/db/schema.ts';
import { downloadView } from './accounts.repository';

/** The downloads the account area recorded for one customer, for the back office and the privacy export. */
export function createAccountsPrivacyRepository(db: Database) {
  return {
    /** Newest first, each with its order. */
    downloadsOf(customerId: number) {
      return db
        .select({ ...downloadView, orderId: downloadEvents.orderId })
        .from(downloadEvents)
        .innerJoin(products, eq(products.id, downloadEvents.productId))
        .where(eq(downloadEvents.customerId, customerId))
        .orderBy(desc(downloadEvents.createdAt), desc(downloadEvents.id));
    },
  };
}
