import type { ActiveMachine, LicenceView } from './licensing.repository';

/** A licence with every computer active on it, so a lookup of any fingerprint is answered. */
export interface LoadedLicence {
  licence: LicenceView;
  machines: ActiveMachine[];
}

/** What validate reads: the licence and, when a fingerprint is given, that computer if it is active. */
export interface FoundLicence {
  licence: LicenceView;
  machine: ActiveMachine | undefined;
}

export interface LicenceCacheOptions {
  /** Reads one licence and its active computers from the database (undefined: no such key). */
  load(key: string): Promise<LoadedLicence | undefined>;
  /** Whether every write's invalidation reaches this process now; while it does not, the cache does not serve. */
  listening(): boolean;
  /** The most licences kept; the least recently used go first. */
  maxKeys?: number;
}

export const LICENCE_CACHE_MAX_KEYS = 50_000;

/** The channel (db/database-changes.ts) on which licence writes name the licence id that changed. */
export const LICENCE_CHANGED_CHANNEL = 'licence_changed';

/** Which loads an invalidation overtook: they read the database before the write committed. */
interface Loading {
  promise: Promise<LoadedLicence | undefined>;
  overtaken: boolean;
}

/**
 * The plugin's read path without a query per check (docs/decisions/0032-licensing.md#speed):
 * licences by key with their active computers, loaded on a miss, dropped by `invalidate` when a
 * write commits (this process at once, the others by the database's notification). An unknown key
 * is never cached, so a key issued a moment ago validates at once. Concurrent misses of one key
 * share one load, and a load an invalidation overtook answers its caller but is not kept.
 */
export function createLicenceCache({ load, listening, maxKeys = LICENCE_CACHE_MAX_KEYS }: LicenceCacheOptions) {
  const entries = new Map<string, LoadedLicence>();
  /** Licence id to key: invalidations name the licence by id, so no key travels in a notification. */
  const keyOf = new Map<number, string>();
  const loading = new Map<string, Loading>();

  function keep(key: string, loaded: LoadedLicence) {
    if (entries.size >= maxKeys) {
      const [oldestKey, oldest] = entries.entries().next().value!;
      forget(oldestKey, oldest.licence.id);
    }
    entries.set(key, loaded);
    keyOf.set(loaded.licence.id, key);
  }

  function forget(key: string, licenceId: number) {
    entries.delete(key);
    keyOf.delete(licenceId);
  }

  function loadOnce(key: string): Promise<LoadedLicence | undefined> {
    const pending = loading.get(key);
    if (pending) return pending.promise;
    const current: Loading = {
      overtaken: false,
      promise: load(key).then(
        (loaded) => {
          if (loading.get(key) === current) loading.delete(key);
          if (loaded && !current.overtaken) keep(key, loaded);
          return loaded;
        },
        (error: unknown) => {
          if (loading.get(key) === current) loading.delete(key);
          throw error;
        },
      ),
    };
    loading.set(key, current);
    return current.promise;
  }

  /** The cached licence (most recently used now), or undefined. */
  function cached(key: string): LoadedLicence | undefined {
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  }

  return {
    async findByKey(key: string, fingerprint?: string): Promise<FoundLicence | undefined> {
      const loaded = listening() ? (cached(key) ?? (await loadOnce(key))) : await load(key);
      if (!loaded) return undefined;
      const machine = fingerprint === undefined ? undefined : loaded.machines.find((candidate) => candidate.fingerprint === fingerprint);
      return { licence: loaded.licence, machine };
    },

    /** A licence changed (`licenceId`), or any may have (undefined): the next read loads it again. */
    invalidate(licenceId: number | undefined) {
      if (licenceId === undefined) {
        entries.clear();
        keyOf.clear();
        for (const pending of loading.values()) pending.overtaken = true;
        loading.clear();
        return;
      }
      const key = keyOf.get(licenceId);
      if (key !== undefined) forget(key, licenceId);
      // A load in flight for it may hold the state before the write (its key is not known before it lands).
      for (const [pendingKey, pending] of loading) {
        pending.overtaken = true;
        loading.delete(pendingKey);
      }
    },

    /** A computer's last seen was written: the cached copy follows (the others' may lag a minute, as the database's does). */
    seen(key: string, machineId: string, at: Date) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.machines = entry.machines.map((machine) => (machine.id === machineId ? { ...machine, lastSeenAt: at } : machine));
    },

    get size() {
      return entries.size;
    },
  };
}

export type LicenceCache = ReturnType<typeof createLicenceCache>;
