import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { downloadEvents, products } from '#server/db/schema.ts';

/** The downloads the account area recorded for one customer, for the back office and the privacy export. */
export function createAccountsPrivacyRepository(db: Database) {
  return {
    /** Newest first. */
    downloadsOf(customerId: number) {
      return db
        .select({
          at: downloadEvents.createdAt,
          orderId: downloadEvents.orderId,
          productName: products.displayName,
          version: downloadEvents.version,
          filename: downloadEvents.filename,
          os: downloadEvents.os,
        })
        .from(downloadEvents)
        .innerJoin(products, eq(products.id, downloadEvents.productId))
        .where(eq(downloadEvents.customerId, customerId))
        .orderBy(desc(downloadEvents.createdAt), desc(downloadEvents.id));
    },
  };
}
