import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UpgradeOffer } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { legacyLicences, products } from '#server/db/schema.ts';

/** A transaction or the database itself. */
export type LegacyLicenceExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A legacy licence as the import writes it: `key` trimmed and upper-cased already. */
export interface NewLegacyLicence {
  key: string;
  product: string;
  email: string | null;
  issuedAt: Date | null;
}

/** The product a shopper upgrades to, with what it offers owners of older keys. */
export interface UpgradeTarget {
  id: number;
  path: string;
  displayName: string;
  live: boolean;
  upgradeOffers: UpgradeOffer[];
}

/** The legacy_licences table (the keys of products sold before this store) and the product an upgrade is bought for. */
export function createLegacyLicencesRepository(db: LegacyLicenceExecutor) {
  return {
    /**
     * With `lock`, the row stays locked until the transaction ends: two requests for one key's
     * coupon take turns, so the second finds the first one's code.
     */
    async findByKey(key: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(legacyLicences).where(eq(legacyLicences.key, key)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** The keys of `keys` already imported, with the product each was imported for. */
    async findExisting(keys: readonly string[]): Promise<{ key: string; product: string }[]> {
      if (keys.length === 0) return [];
      return db
        .select({ key: legacyLicences.key, product: legacyLicences.product })
        .from(legacyLicences)
        .where(inArray(legacyLicences.key, [...keys]));
    },

    /** Inserts the rows whose key is new; returns the keys inserted. */
    async insertMissing(rows: readonly NewLegacyLicence[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(legacyLicences)
        .values([...rows])
        .onConflictDoNothing({ target: legacyLicences.key })
        .returning({ key: legacyLicences.key });
      return inserted.map((row) => row.key);
    },

    /** Records the key's upgrade coupon, unless it has one already: false then. */
    async setUpgradeCoupon(id: number, couponCode: string): Promise<boolean> {
      const updated = await db
        .update(legacyLicences)
        .set({ upgradeCouponCode: couponCode })
        .where(and(eq(legacyLicences.id, id), isNull(legacyLicences.upgradeCouponCode)))
        .returning({ id: legacyLicences.id });
      return updated.length > 0;
    },

    async findUpgradeTarget(path: string): Promise<UpgradeTarget | undefined> {
      const [row] = await db
        .select({ id: products.id, path: products.path, displayName: products.displayName, live: products.live, upgradeOffers: products.upgradeOffers })
        .from(products)
        .where(eq(products.path, path))
        .limit(1);
      return row;
    },
  };
}

export type LegacyLicencesRepository = ReturnType<typeof createLegacyLicencesRepository>;
