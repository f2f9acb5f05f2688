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
     * re-reads a row it waited for, so a refund that came first is seen); its computers are read
     * by the next statement: a count read in the locking statement's snapshot could predate a
     * concurrent activation it waited for.
     */
    withLockedLicence<T>(key: string, fingerprint: string | undefined, work: (locked: LockedLicence) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const rows: Array<Omit<LicenceView, 'activeMachines'>> = await tx
          .select(licenceColumns)
          .from(licences)
          .innerJoin(products, eq(products.id, licences.productId))
          .leftJoin(trialOf, eq(trialOf.id, products.trialOfProductId))
          .where(eq(licences.key, key))
          .for('update', { of: licences });
        const [row] = rows;
        const inTx: LicensingRepository = createLicensingRepository(tx as unknown as Database);
        const machines: ActiveMachine[] = row ? await inTx.activeMachines([row.id]) : [];
        const licence = row && { ...row, activeMachines: machines.length };
        const machine = fingerprint === undefined ? undefined : machines.find((candidate) => candidate.fingerprint === fingerprint);
        return work({ licence, machine, machines, repository: inTx, tx });
      });
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

    /**
     * Adds a computer; when that fingerprint is already active (a race the licence lock normally
     * prevents) the existing row is answered instead: activation is idempotent.
     */
    async insertMachine(licenceId: number, fingerprint: string, details: MachineDetails, now: Date): Promise<{ machine: ActiveMachine; created: boolean }> {
      const [inserted] = await db
        .insert(licenceMachines)
        .values({ licenceId, fingerprint, ...details, activatedAt: now, lastSeenAt: now })
        .onConflictDoNothing({ target: [licenceMachines.licenceId, licenceMachines.fingerprint], where: isNull(licenceMachines.releasedAt) })
        .returning(activeMachineColumns);
      if (inserted) return { machine: inserted, created: true };
      const [existing] = await db
        .select(activeMachineColumns)
        .from(licenceMachines)
        .where(and(eq(licenceMachines.licenceId, licenceId), eq(licenceMachines.fingerprint, fingerprint), isNull(licenceMachines.releasedAt)));
      return { machine: existing!, created: false };
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
  licence: LicenceView | undefined;
  machine: ActiveMachine | undefined;
  /** Every computer active on it, oldest first. */
  machines: ActiveMachine[];
  /** The locking transaction, for a step of the write that is not this repository's (its change notification). */
  tx: Pick<Database, 'execute'>;
  /** The repository on the locking transaction. */
  repository: LicensingRepository;
}
