import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { entitlements, orderItems, orders, productFiles, productVersions } from '#server/db/schema.ts';

export function createDownloadsRepository(db: Database) {
  return {
    /**
     * The file, if the entitlement exists and covers the file's product, with whether its order
     * line has been refunded (every unit returned, or the whole order refunded).
     */
    async findEntitledFile(fileId: number, entitlementId: number) {
      const [row] = await db
        .select({
          filename: productFiles.filename,
          storageKey: productFiles.storageKey,
          sizeBytes: productFiles.sizeBytes,
          sha256: productFiles.sha256,
          refunded: sql<boolean>`${orders.status} = 'refunded' or ${orderItems.refundedQuantity} >= ${orderItems.quantity}`,
        })
        .from(productFiles)
        .innerJoin(productVersions, and(eq(productVersions.id, productFiles.versionId), isNotNull(productVersions.publishedAt)))
        .innerJoin(entitlements, and(eq(entitlements.id, entitlementId), eq(entitlements.productId, productVersions.productId)))
        .innerJoin(orderItems, eq(orderItems.id, entitlements.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(productFiles.id, fileId))
        .limit(1);
      return row;
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
