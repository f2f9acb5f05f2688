import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { legacyLicences, licenceMachines, licences, products } from '#server/db/schema.ts';

/**
 * What the licensing module holds about one customer, for the back office's customer page, the
 * privacy export and erasure (`db` may be the erasure's transaction). Licences themselves are
 * never changed here: they were paid for and keep working.
 */
export function createLicensingPrivacyRepository(db: Database) {
  return {
    /** The customer's licences, newest first, each with every computer it was activated on. */
    async licencesOf(customerId: number) {
      const rows = await db
        .select({ licence: licences, productName: products.displayName })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .where(eq(licences.customerId, customerId))
        .orderBy(desc(licences.createdAt), desc(licences.id));
      const machines =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(licenceMachines)
              .where(
                inArray(
                  licenceMachines.licenceId,
                  rows.map((row) => row.licence.id),
                ),
              )
              .orderBy(desc(licenceMachines.activatedAt));
      return rows.map((row) => ({
        ...row.licence,
        productName: row.productName,
        machines: machines.filter((machine) => machine.licenceId === row.licence.id),
      }));
    },

    /** Keys of products sold before this store, imported with this email. */
    legacyLicencesOf(email: string) {
      return db.select().from(legacyLicences).where(eq(legacyLicences.email, email)).orderBy(asc(legacyLicences.id));
    },

    /** Erasure: computer names often carry the owner's name ("Ann's MacBook"); the activations stay. */
    async clearMachineNames(customerId: number): Promise<void> {
      const ids = db.select({ id: licences.id }).from(licences).where(eq(licences.customerId, customerId));
      await db
        .update(licenceMachines)
        .set({ name: null })
        .where(and(inArray(licenceMachines.licenceId, ids), isNotNull(licenceMachines.name)));
    },

    /** Erasure: the imported keys stay (an upgrade may still name them) without the address. */
    async clearLegacyEmail(email: string): Promise<void> {
      await db.update(legacyLicences).set({ email: null }).where(eq(legacyLicences.email, email));
    },
  };
}
