import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  customers,
  downloadEvents,
  entitlements,
  orderItems,
  orders,
  productFiles,
  products,
  productVersions,
  type CustomerRow,
  type ProductFileRow,
} from '#server/db/schema.ts';

export interface PublishedVersion {
  id: number;
  version: string;
  releasedAt: Date;
  major: boolean;
  files: ProductFileRow[];
}

/** A recorded download as the back office shows it: when, the product's name, the version, the file and the system. */
export const downloadView = {
  at: downloadEvents.createdAt,
  productName: products.displayName,
  version: downloadEvents.version,
  filename: downloadEvents.filename,
  os: downloadEvents.os,
};

/**
 * What the account area reads: everything is reached from the customer row of the caller's
 * verified email, so no query here can return another customer's data.
 */
export function createAccountsRepository(db: Database) {
  return {
    async customerByEmail(email: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase())).limit(1);
      return row;
    },

    /** The customer's orders, newest first. */
    ordersOf(customerId: number) {
      return db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.completedAt), desc(orders.id));
    },

    /** The lines of those orders with their product and the entitlement that grants its files. */
    async itemsOf(customerId: number, orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({
          orderId: orderItems.orderId,
          orderItemId: orderItems.id,
          productId: orderItems.productId,
          productPath: orderItems.productPath,
          display: orderItems.display,
          quantity: orderItems.quantity,
          refundedQuantity: orderItems.refundedQuantity,
          subtotalMinor: orderItems.subtotalMinor,
          discountMinor: orderItems.discountMinor,
          sku: products.sku,
          productName: products.displayName,
          downloadable: products.downloadable,
          entitlementId: entitlements.id,
        })
        .from(orderItems)
        .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.customerId, customerId)))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .leftJoin(entitlements, and(eq(entitlements.orderItemId, orderItems.id), eq(entitlements.customerId, customerId)))
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id));
    },

    /** Every published version of each product with its files, newest first by release date: the first is the current one. */
    async publishedVersions(productIds: number[]): Promise<Map<number, PublishedVersion[]>> {
      if (productIds.length === 0) return new Map();
      const versions = await db
        .select({
          id: productVersions.id,
          productId: productVersions.productId,
          version: productVersions.version,
          releasedAt: productVersions.releasedAt,
          major: productVersions.major,
        })
        .from(productVersions)
        .where(and(inArray(productVersions.productId, productIds), isNotNull(productVersions.publishedAt)))
        .orderBy(productVersions.productId, desc(productVersions.releasedAt), desc(productVersions.id));
      const files =
        versions.length === 0
          ? []
          : await db
              .select()
              .from(productFiles)
              .where(
                inArray(
                  productFiles.versionId,
                  versions.map((version) => version.id),
                ),
              )
              .orderBy(asc(productFiles.os), asc(productFiles.format), asc(productFiles.id));
      const byProduct = new Map<number, PublishedVersion[]>();
      for (const version of versions) {
        const list = byProduct.get(version.productId) ?? [];
        list.push({ ...version, files: files.filter((file) => file.versionId === version.id) });
        byProduct.set(version.productId, list);
      }
      return byProduct;
    },

    /** The version of each product the customer last downloaded through the account area. */
    async lastDownloadedVersions(customerId: number): Promise<Map<number, string>> {
      const rows = await db
        .selectDistinctOn([downloadEvents.productId], { productId: downloadEvents.productId, version: downloadEvents.version })
        .from(downloadEvents)
        .where(eq(downloadEvents.customerId, customerId))
        .orderBy(downloadEvents.productId, desc(downloadEvents.createdAt), desc(downloadEvents.id));
      return new Map(rows.map((row) => [row.productId, row.version]));
    },

    /** The caller's order line for this product in this order, if there is one. */
    async findOrderLine(customerId: number, providerOrderId: string, productPath: string) {
      const [row] = await db
        .select({ orderId: orders.id, productId: orderItems.productId })
        .from(orders)
        .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.productPath, productPath)))
        .where(and(eq(orders.customerId, customerId), eq(orders.providerOrderId, providerOrderId)))
        .orderBy(desc(orders.id))
        .limit(1);
      return row;
    },

    /**
     * The version, if the product has it, with the file its account download button gives (the
     * first of the version's files in the account's order: by platform, format, id); null when it has no file.
     */
    async findVersion(productId: number, version: string): Promise<{ file: { filename: string; os: string } | null } | undefined> {
      const [row] = await db
        .select({ id: productVersions.id, filename: productFiles.filename, os: productFiles.os })
        .from(productVersions)
        .leftJoin(productFiles, eq(productFiles.versionId, productVersions.id))
        .where(and(eq(productVersions.productId, productId), eq(productVersions.version, version)))
        .orderBy(asc(productFiles.os), asc(productFiles.format), asc(productFiles.id))
        .limit(1);
      if (!row) return undefined;
      return { file: row.filename !== null && row.os !== null ? { filename: row.filename, os: row.os } : null };
    },

    async recordDownload(event: {
      customerId: number;
      orderId: number;
      productId: number;
      version: string;
      filename: string | null;
      os: string | null;
    }): Promise<Date> {
      const [row] = await db.insert(downloadEvents).values(event).returning({ createdAt: downloadEvents.createdAt });
      return row!.createdAt;
    },

    /** The downloads recorded for an order, newest first, with the product's name (the back office's order page). */
    downloadsOfOrder(orderId: number) {
      return db
        .select(downloadView)
        .from(downloadEvents)
        .innerJoin(products, eq(products.id, downloadEvents.productId))
        .where(eq(downloadEvents.orderId, orderId))
        .orderBy(desc(downloadEvents.createdAt), desc(downloadEvents.id))
        .limit(500);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
