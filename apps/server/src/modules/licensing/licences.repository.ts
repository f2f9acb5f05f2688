import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { insertRows, reusableStatements } from '#server/db/reusable-statement.ts';
import { customers, legacyLicences, licenceMachines, licences, products } from '#server/db/schema.ts';

export type NewLicence = typeof licences.$inferInsert;

/** New licences, one shape per set of fields given and number of rows. */
const insertLicencesStatement = reusableStatements<{ id: number }>((db, shape: string) =>
  db
    .insert(licences)
    .values(insertRows.placeholders(shape) as unknown as NewLicence[])
    .returning({ id: licences.id }),
);

/**
 * The licensing module's writes of licence keys as orders issue and refunds revoke them, and the
 * account's read of a customer's licences. `db` is the order event's transaction when issuing.
 */
export function createLicencesRepository(db: Database) {
  return {
    /** The new licences' ids, in the order of `rows`. */
    async insertLicences(rows: NewLicence[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const inserted = await insertLicencesStatement(db, insertRows.shape(rows), insertRows.values(licences, rows));
      return inserted.map((row) => Number(row.id));
    },

    /**
     * Holds the customer until the transaction ends, so that two orders of one email address decide
     * "one trial per email" one after the other (the second sees the first's trial once it commits).
     */
    async lockCustomer(customerId: number) {
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    },

    /** The customer's earliest trial licence of this (trial) product, whatever its status. */
    async findTrial(customerId: number, productId: number) {
      const [row] = await db
        .select({ id: licences.id, key: licences.key, expiresAt: licences.expiresAt })
        .from(licences)
        .where(and(eq(licences.customerId, customerId), eq(licences.productId, productId), eq(licences.type, 'trial')))
        .orderBy(asc(licences.id))
        .limit(1);
      return row;
    },

    /** The not-yet-upgraded legacy licences whose upgrade coupon is one of `codes`. */
    upgradableLegacyByCoupons(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .select({ id: legacyLicences.id, product: legacyLicences.product })
        .from(legacyLicences)
        .where(and(inArray(legacyLicences.upgradeCouponCode, codes), isNull(legacyLicences.upgradedAt)))
        .orderBy(asc(legacyLicences.id));
    },

    /**
     * Marks the legacy licence upgraded unless another order already did (a conditional update, so
     * two orders with one coupon cannot both claim it); true when this call marked it.
     */
    async markLegacyUpgraded(legacyId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(legacyLicences)
        .set({ upgradedAt: at })
        .where(and(eq(legacyLicences.id, legacyId), isNull(legacyLicences.upgradedAt)))
        .returning({ id: legacyLicences.id });
      return rows.length === 1;
    },

    async recordUpgradedFrom(licenceId: number, legacyId: number) {
      await db.update(licences).set({ upgradedFromLegacyId: legacyId }).where(eq(licences.id, licenceId));
    },

    /**
     * Revokes up to `quantity` of the line's active licences (the newest first) and releases their
     * computers, at `at`; the ids revoked.
     */
    async revokeLicences(orderItemId: number, quantity: number, at: Date): Promise<number[]> {
      const active = await db
        .select({ id: licences.id })
        .from(licences)
        .where(and(eq(licences.orderItemId, orderItemId), eq(licences.status, 'active')))
        .orderBy(desc(licences.id))
        .limit(quantity)
        .for('update');
      const ids = active.map((row) => row.id);
      if (ids.length === 0) return [];
      await db.update(licences).set({ status: 'revoked', revokedAt: at }).where(inArray(licences.id, ids));
      await db
        .update(licenceMachines)
        .set({ releasedAt: at, releasedReason: 'revoked' })
        .where(and(inArray(licenceMachines.licenceId, ids), isNull(licenceMachines.releasedAt)));
      return ids;
    },

    /** The licences of these order lines with their product's name, oldest first (the back office's order page, a resent confirmation). */
    licencesOfOrderItems(orderItemIds: number[]) {
      if (orderItemIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: licences.id,
          key: licences.key,
          orderItemId: licences.orderItemId,
          productId: licences.productId,
          productName: products.displayName,
          type: licences.type,
          status: licences.status,
          seats: licences.seats,
          expiresAt: licences.expiresAt,
          revokedAt: licences.revokedAt,
          createdAt: licences.createdAt,
        })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .where(inArray(licences.orderItemId, orderItemIds))
        .orderBy(asc(licences.id));
    },

    /** Every computer these licences were activated on, released ones included, in the order they were activated. */
    machinesOf(licenceIds: number[]) {
      if (licenceIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: licenceMachines.id,
          licenceId: licenceMachines.licenceId,
          name: licenceMachines.name,
          platform: licenceMachines.platform,
          appVersion: licenceMachines.appVersion,
          activatedAt: licenceMachines.activatedAt,
          lastSeenAt: licenceMachines.lastSeenAt,
          releasedAt: licenceMachines.releasedAt,
          releasedReason: licenceMachines.releasedReason,
        })
        .from(licenceMachines)
        .where(inArray(licenceMachines.licenceId, licenceIds))
        .orderBy(asc(licenceMachines.activatedAt), asc(licenceMachines.id));
    },

    /** A customer's licences with their product and the number of computers active on each, oldest first. */
    licencesOfCustomer(customerId: number) {
      return db
        .select({
          orderItemId: licences.orderItemId,
          key: licences.key,
          status: licences.status,
          type: licences.type,
          expiresAt: licences.expiresAt,
          seats: licences.seats,
          productPath: products.path,
          productName: products.displayName,
          activeMachines: sql<number>`(select count(*)::int from ${licenceMachines} where ${licenceMachines.licenceId} = ${licences.id} and ${licenceMachines.releasedAt} is null)`,
        })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .where(eq(licences.customerId, customerId))
        .orderBy(asc(licences.id));
    },
  };
}

export type LicencesRepository = ReturnType<typeof createLicencesRepository>;
