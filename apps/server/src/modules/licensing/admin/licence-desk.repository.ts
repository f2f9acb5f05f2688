import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { customers, licenceMachines, licences, orderItems, orders, products, type LicenceRow, type ProductRow } from '#server/db/schema.ts';
import { createLicencesRepository } from '../licences.repository';
import type { ReleaseReason } from '../licensing.repository';

export interface LicenceSearch {
  /** An exact licence key (normalised), when the search text reads as one. */
  key?: string;
  /** The start of a customer's email, lower-case. */
  emailPrefix?: string;
  productId?: number;
  status?: 'active' | 'expired' | 'revoked';
  type?: LicenceRow['type'];
  /** Only licences older than this id (the previous page's last). */
  beforeId?: number;
  limit: number;
  now: Date;
}

/** `like` matches the text literally: its wildcards and the escape character are escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const activeMachinesCount = sql<number>`(select count(*)::int from ${licenceMachines} where ${licenceMachines.licenceId} = ${licences.id} and ${licenceMachines.releasedAt} is null)`;

/**
 * The licence desk's reads and writes of licences and their computers (the licensing module's
 * tables). `db` is a transaction for the writes, which lock the licence first.
 */
export function createLicenceDeskRepository(db: Database) {
  return {
    /** Newest first (by id: a licence's id grows with its creation, so a new one never shifts an older page). */
    async search(filter: LicenceSearch) {
      const conditions: SQL[] = [];
      const matches: SQL[] = [];
      if (filter.key) matches.push(eq(licences.key, filter.key));
      if (filter.emailPrefix) matches.push(sql`${customers.email} like ${`${escapeLike(filter.emailPrefix)}%`} escape '\\'`);
      if (matches.length > 0) conditions.push(or(...matches)!);
      if (filter.productId !== undefined) conditions.push(eq(licences.productId, filter.productId));
      if (filter.type) conditions.push(eq(licences.type, filter.type));
      if (filter.status === 'revoked') conditions.push(eq(licences.status, 'revoked'));
      if (filter.status === 'active') conditions.push(and(eq(licences.status, 'active'), or(isNull(licences.expiresAt), gt(licences.expiresAt, filter.now)))!);
      if (filter.status === 'expired') conditions.push(and(eq(licences.status, 'active'), lte(licences.expiresAt, filter.now))!);
      if (filter.beforeId !== undefined) conditions.push(lt(licences.id, filter.beforeId));
      return db
        .select({
          id: licences.id,
          key: licences.key,
          productId: licences.productId,
          productName: products.displayName,
          customerId: licences.customerId,
          email: customers.email,
          type: licences.type,
          status: licences.status,
          seats: licences.seats,
          activeMachines: activeMachinesCount,
          expiresAt: licences.expiresAt,
          createdAt: licences.createdAt,
        })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .innerJoin(customers, eq(customers.id, licences.customerId))
        .where(and(...conditions))
        .orderBy(desc(licences.id))
        .limit(filter.limit + 1);
    },

    /** The licence with its product, customer, order and order line; `lock` holds it until the transaction ends. */
    async find(licenceId: number, { lock = false } = {}) {
      const query = db
        .select({
          licence: licences,
          productName: products.displayName,
          customerEmail: customers.email,
          customerErasedAt: customers.erasedAt,
          orderId: orders.id,
          orderReference: orders.reference,
          orderKind: orders.kind,
          lineQuantity: orderItems.quantity,
          lineRefunded: orderItems.refundedQuantity,
        })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .innerJoin(customers, eq(customers.id, licences.customerId))
        .innerJoin(orderItems, eq(orderItems.id, licences.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(licences.id, licenceId));
      const [row] = lock ? await query.for('update', { of: licences }) : await query;
      return row;
    },

    /** Licences of the line still active, other than `licenceId` (a restore may not exceed the units not refunded). */
    async otherActiveOnLine(orderItemId: number, licenceId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(licences)
        .where(and(eq(licences.orderItemId, orderItemId), eq(licences.status, 'active'), sql`${licences.id} <> ${licenceId}`));
      return Number(row?.n ?? 0);
    },

    /** Every computer the licence was ever activated on, oldest first (the licensing repository's query, on this transaction). */
    machines(licenceId: number) {
      return createLicencesRepository(db).machinesOf([licenceId]);
    },

    /** Releases one active computer of the licence; false when it was not active on it. */
    async releaseMachine(licenceId: number, machineId: string, reason: ReleaseReason, at: Date): Promise<boolean> {
      const rows = await db
        .update(licenceMachines)
        .set({ releasedAt: at, releasedReason: reason })
        .where(and(eq(licenceMachines.id, machineId), eq(licenceMachines.licenceId, licenceId), isNull(licenceMachines.releasedAt)))
        .returning({ id: licenceMachines.id });
      return rows.length > 0;
    },

    /** Revokes the licence and releases its active computers ('revoked'). */
    async revoke(licenceId: number, at: Date) {
      await db.update(licences).set({ status: 'revoked', revokedAt: at }).where(eq(licences.id, licenceId));
      await db
        .update(licenceMachines)
        .set({ releasedAt: at, releasedReason: 'revoked' })
        .where(and(eq(licenceMachines.licenceId, licenceId), isNull(licenceMachines.releasedAt)));
    },

    async restore(licenceId: number) {
      await db.update(licences).set({ status: 'active', revokedAt: null }).where(eq(licences.id, licenceId));
    },

    async setExpiry(licenceId: number, expiresAt: Date) {
      await db.update(licences).set({ expiresAt }).where(eq(licences.id, licenceId));
    },

    /** A product as the complimentary licence needs it (any product: the caller says which can be given). */
    async product(productId: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
      return row;
    },

    /** Products a complimentary licence can be for: licensed, paid, not a trial; by name. */
    giftableProducts() {
      return db
        .select({ id: products.id, displayName: products.displayName, seats: products.licenceSeats, live: products.live })
        .from(products)
        .where(and(sql`${products.licenceSeats} is not null`, gt(products.priceMinor, 0), isNull(products.trialOfProductId)))
        .orderBy(asc(products.displayName), asc(products.id));
    },
  };
}

export type LicenceDeskRepository = ReturnType<typeof createLicenceDeskRepository>;
