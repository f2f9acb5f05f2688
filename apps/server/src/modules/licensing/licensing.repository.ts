import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { UpgradeOffer } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { customers, legacyLicences, licenceMachines, licences, products, type LicenceRow } from '#server/db/schema.ts';

export type MachineRow = typeof licenceMachines.$inferSelect;
export type MachinePlatform = NonNullable<MachineRow['platform']>;
export type ReleaseReason = NonNullable<MachineRow['releasedReason']>;

/** A licence as the licensing rules read it: with its product, and the product a trial is a trial of. */
export interface LicenceView {
  id: number;
  key: string;
  customerId: number;
  productId: number;
  type: LicenceRow['type'];
  status: LicenceRow['status'];
  expiresAt: Date | null;
  seats: number;
  createdAt: Date;
  productPath: string;
  productName: string;
  trialOfProductId: number | null;
  trialOfPath: string | null;
  trialOfName: string | null;
  /** Computers active on it now. */
  activeMachines: number;
}

/** What a machine's plugin may change when it activates again. */
export interface MachineDetails {
  name?: string;
  platform?: MachinePlatform;
  appVersion?: string;
}

const trialOf = aliasedTable(products, 'trial_of');

/** The columns of a licence as the rules read it, without its count of computers. */
const licenceColumns = {
  id: licences.id,
  key: licences.key,
  customerId: licences.customerId,
  productId: licences.productId,
  type: licences.type,
  status: licences.status,
  expiresAt: licences.expiresAt,
  seats: licences.seats,
  createdAt: licences.createdAt,
  productPath: products.path,
  productName: products.displayName,
  trialOfProductId: products.trialOfProductId,
  trialOfPath: trialOf.path,
  trialOfName: trialOf.displayName,
};

/** The columns of a LicenceView, with the count of active machines as a correlated sub-select (one query). */
const licenceViewColumns = {
  ...licenceColumns,
  activeMachines: sql<number>`(select count(*)::int from ${licenceMachines} where ${licenceMachines.licenceId} = ${licences.id} and ${licenceMachines.releasedAt} is null)`,
};

/** The columns of an active computer, oldest first wherever they are listed. */
const activeMachineColumns = {
  id: licenceMachines.id,
  fingerprint: licenceMachines.fingerprint,
  name: licenceMachines.name,
  platform: licenceMachines.platform,
  activatedAt: licenceMachines.activatedAt,
  lastSeenAt: licenceMachines.lastSeenAt,
};

export interface ActiveMachine {
  id: string;
  fingerprint: string;
  name: string | null;
  platform: MachinePlatform | null;
  activatedAt: Date;
  lastSeenAt: Date;
}

/** A licence and every computer active on it. */
export interface LicenceWithMachines {
  licence: LicenceView;
  machines: ActiveMachine[];
}

/** The rows of a licence left-joined to its active computers, as one licence and its list. */
function gatherMachines(rows: Array<Omit<LicenceView, 'activeMachines'> & { machine: ActiveMachine | null }>): LicenceWithMachines | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const { machine: _, ...licence } = first;
  const machines = rows.flatMap((row) => (row.machine ? [row.machine] : []));
  return { licence: { ...licence, activeMachines: machines.length }, machines };
}

/**
 * The licensing module's reads of licences and its writes of `licence_machines`. Every
 * timestamp is the caller's clock (`now`), so the rules can be tested with a fake one.
 */
export function createLicensingRepository(db: Database) {
  /** The licence with `key` and every computer active on it: one query (a miss of the licence cache, or its bypass). */
  async function loadLicence(key: string): Promise<LicenceWithMachines | undefined> {
    const rows = await db
      .select({ ...licenceColumns, machine: activeMachineColumns })
      .from(licences)
      .innerJoin(products, eq(products.id, licences.productId))
      .leftJoin(trialOf, eq(trialOf.id, products.trialOfProductId))
      .leftJoin(licenceMachines, and(eq(licenceMachines.licenceId, licences.id), isNull(licenceMachines.releasedAt)))
      .where(eq(licences.key, key))
      .orderBy(asc(licenceMachines.activatedAt), asc(licenceMachines.id));
    return gatherMachines(rows);
  }

  return {
    loadLicence,

    /**
     * Runs `work` in a transaction holding the licence row's lock, so activations and deactivations
     * of one licence go one at a time. The locking statement reads the licence itself (PostgreSQL
     * re-reads a row it waited for, so a refund that came first is seen), but not its computers:
     * a count read in the locking statement's snapshot could predate a concurrent activation it
     * waited for. `work` reads them in a later statement (`activeMachines`, `activateNew`).
     */
    withLockedLicence<T>(key: string, work: (locked: LockedLicence) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [licence]: LockedLicence['licence'][] = await tx
          .select(licenceColumns)
          .from(licences)
          .innerJoin(products, eq(products.id, licences.productId))
          .leftJoin(trialOf, eq(trialOf.id, products.trialOfProductId))
          .where(eq(licences.key, key))
          .for('update', { of: licences });
        const repository: LicensingRepository = createLicensingRepository(tx as unknown as Database);
        return work({ licence, repository, tx });
      });
    },

    /**
     * A new computer in one statement, the common activation: adds it when the licence with `key`
     * is for `product`, active and unexpired at `now`, not a trial (a trial's one-per-computer
     * rule is checked under the lock), has a free seat, and the fingerprint is not active on it.
     * Answers the licence and the computer, or undefined when it added none: the locked path then
     * decides why, with the refusal's message. The seat count is the statement's snapshot, so on
     * PostgreSQL it must run after the licence's lock is taken (`lockLicence`); PGlite runs one
     * statement at a time, so there it is atomic alone.
     */
    async activateNew(
      key: string,
      product: string,
      fingerprint: string,
      details: MachineDetails,
      now: Date,
    ): Promise<{ licence: LicenceView; machine: ActiveMachine } | undefined> {
      const result = await db.execute(sql`
        with licence as (
          select l.id, l.key, l.customer_id, l.product_id, l.type, l.status, l.expires_at, l.seats, l.created_at,
            p.path as product_path, p.display_name as product_name, p.trial_of_product_id, t.path as trial_of_path, t.display_name as trial_of_name,
            (select count(*)::int from ${licenceMachines} m where m.licence_id = l.id and m.released_at is null) as active_machines
          from ${licences} l join ${products} p on p.id = l.product_id left join ${products} t on t.id = p.trial_of_product_id
          where l.key = ${key}
        ), inserted as (
          insert into ${licenceMachines} (licence_id, fingerprint, name, platform, app_version, activated_at, last_seen_at)
          select id, ${fingerprint}, ${details.name ?? null}, ${details.platform ?? null}, ${details.appVersion ?? null}, ${now}, ${now}
          from licence
          where status = 'active' and type <> 'trial' and (expires_at is null or expires_at > ${now})
            and (product_path = ${product} or trial_of_path = ${product}) and active_machines < seats
          on conflict (licence_id, fingerprint) where released_at is null do nothing
          returning id, fingerprint, name, platform, activated_at, last_seen_at
        )
        select licence.*, inserted.id as machine_id, inserted.fingerprint, inserted.name, inserted.platform, inserted.activated_at, inserted.last_seen_at
        from licence join inserted on true`);
      const [row] = (result as unknown as { rows: ActivatedRow[] }).rows;
      if (!row) return undefined;
      const date = (value: Date | string) => new Date(value);
      return {
        licence: {
          id: row.id,
          key: row.key,
          customerId: row.customer_id,
          productId: row.product_id,
          type: row.type,
          status: row.status,
          expiresAt: row.expires_at === null ? null : date(row.expires_at),
          seats: row.seats,
          createdAt: date(row.created_at),
          productPath: row.product_path,
          productName: row.product_name,
          trialOfProductId: row.trial_of_product_id,
          trialOfPath: row.trial_of_path,
          trialOfName: row.trial_of_name,
          activeMachines: Number(row.active_machines) + 1,
        },
        machine: {
          id: row.machine_id,
          fingerprint: row.fingerprint,
          name: row.name,
          platform: row.platform,
          activatedAt: date(row.activated_at),
          lastSeenAt: date(row.last_seen_at),
        },
      };
    },

    /** The licence's active computers, oldest first. */
    activeMachines(licenceIds: number[]): Promise<Array<ActiveMachine & { licenceId: number }>> {
      if (licenceIds.length === 0) return Promise.resolve([]);
      return db
        .select({ licenceId: licenceMachines.licenceId, ...activeMachineColumns })
        .from(licenceMachines)
        .where(and(inArray(licenceMachines.licenceId, licenceIds), isNull(licenceMachines.releasedAt)))
        .orderBy(asc(licenceMachines.activatedAt), asc(licenceMachines.id));
    },

    /** Adds a computer, under the licence's lock once its seats and computers were checked. */
    async insertMachine(licenceId: number, fingerprint: string, details: MachineDetails, now: Date): Promise<ActiveMachine> {
      const [inserted] = await db
        .insert(licenceMachines)
        .values({ licenceId, fingerprint, ...details, activatedAt: now, lastSeenAt: now })
        .returning(activeMachineColumns);
      return inserted!;
    },

    /** An already active computer activated again: its plugin may report a new name, platform or version. */
    async refreshMachine(machineId: string, details: MachineDetails, now: Date): Promise<ActiveMachine> {
      const [row] = await db
        .update(licenceMachines)
        .set({ ...details, lastSeenAt: now })
        .where(eq(licenceMachines.id, machineId))
        .returning(activeMachineColumns);
      return row!;
    },

    /** Notes that the computer checked in, unless another request did within `olderThanMs` (two processes may both try). */
    async touch(machineId: string, now: Date, olderThanMs = 60_000): Promise<void> {
      await db
        .update(licenceMachines)
        .set({ lastSeenAt: now })
        .where(and(eq(licenceMachines.id, machineId), lt(licenceMachines.lastSeenAt, new Date(now.getTime() - olderThanMs))));
    },

    /** Frees a computer's seat; false when it was already released. */
    async release(machineId: string, reason: ReleaseReason, now: Date): Promise<boolean> {
      const rows = await db
        .update(licenceMachines)
        .set({ releasedAt: now, releasedReason: reason })
        .where(and(eq(licenceMachines.id, machineId), isNull(licenceMachines.releasedAt)))
        .returning({ id: licenceMachines.id });
      return rows.length > 0;
    },

    /** When each computer freed by its owner since `since` was freed, oldest first (the cooldown on deactivations). */
    async deactivationsSince(licenceIds: number[], since: Date): Promise<Array<{ licenceId: number; releasedAt: Date }>> {
      if (licenceIds.length === 0) return [];
      const rows = await db
        .select({ licenceId: licenceMachines.licenceId, releasedAt: licenceMachines.releasedAt })
        .from(licenceMachines)
        .where(and(inArray(licenceMachines.licenceId, licenceIds), eq(licenceMachines.releasedReason, 'deactivated'), gte(licenceMachines.releasedAt, since)))
        .orderBy(asc(licenceMachines.releasedAt));
      return rows.map((row) => ({ licenceId: row.licenceId, releasedAt: row.releasedAt! }));
    },

    /** Whether this computer was ever on another trial licence of the same trial product (one trial per computer). */
    async hadOtherTrial(licenceId: number, productId: number, fingerprint: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(licenceMachines)
        .innerJoin(licences, eq(licences.id, licenceMachines.licenceId))
        .where(and(eq(licenceMachines.fingerprint, fingerprint), ne(licences.id, licenceId), eq(licences.type, 'trial'), eq(licences.productId, productId)));
      return (row?.n ?? 0) > 0;
    },

    /**
     * Frees computers unseen since `unseenSince`, at most `batch` per statement until none are
     * left: one UPDATE each, so two store processes running it at once free each computer once.
     */
    async releaseStale(unseenSince: Date, now: Date, batch = 1000): Promise<number> {
      let released = 0;
      for (;;) {
        const stale = db
          .select({ id: licenceMachines.id })
          .from(licenceMachines)
          .where(and(isNull(licenceMachines.releasedAt), lt(licenceMachines.lastSeenAt, unseenSince)))
          .limit(batch);
        const rows = await db
          .update(licenceMachines)
          .set({ releasedAt: now, releasedReason: 'stale' })
          .where(and(inArray(licenceMachines.id, stale), isNull(licenceMachines.releasedAt)))
          .returning({ id: licenceMachines.id });
        released += rows.length;
        if (rows.length < batch) return released;
      }
    },

    async customerIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email.toLowerCase())).limit(1);
      return row?.id;
    },

    /** A customer's licences, newest first, with what each was upgraded from. */
    licencesOf(customerId: number): Promise<Array<LicenceView & { upgradeOffers: UpgradeOffer[]; upgradedFromProduct: string | null }>> {
      return db
        .select({
          ...licenceViewColumns,
          upgradeOffers: products.upgradeOffers,
          upgradedFromProduct: legacyLicences.product,
        })
        .from(licences)
        .innerJoin(products, eq(products.id, licences.productId))
        .leftJoin(trialOf, eq(trialOf.id, products.trialOfProductId))
        .leftJoin(legacyLicences, eq(legacyLicences.id, licences.upgradedFromLegacyId))
        .where(eq(licences.customerId, customerId))
        .orderBy(desc(licences.createdAt), desc(licences.id));
    },
  };
}

export type LicensingRepository = ReturnType<typeof createLicensingRepository>;

export interface LockedLicence {
  /** The licence as locked, without its computers (read them in a later statement). */
  licence: Omit<LicenceView, 'activeMachines'> | undefined;
  /** The repository on the locking transaction. */
  repository: LicensingRepository;
  /** The locking transaction, for a step of the write that is not this repository's (its change notification). */
  tx: Pick<Database, 'execute'>;
}

/** A row `activateNew` returns, as the driver gives it (timestamps may be strings). */
interface ActivatedRow {
  id: number;
  key: string;
  customer_id: number;
  product_id: number;
  type: LicenceRow['type'];
  status: LicenceRow['status'];
  expires_at: Date | string | null;
  seats: number;
  created_at: Date | string;
  product_path: string;
  product_name: string;
  trial_of_product_id: number | null;
  trial_of_path: string | null;
  trial_of_name: string | null;
  active_machines: number | string;
  machine_id: string;
  fingerprint: string;
  name: string | null;
  platform: MachinePlatform | null;
  activated_at: Date | string;
  last_seen_at: Date | string;
}
