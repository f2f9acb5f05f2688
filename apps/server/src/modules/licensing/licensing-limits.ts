import { createHash } from 'node:crypto';

/** Counters in fixed windows: the database's rate_limit_hits (shared by every process), or this process's memory. */
export interface LimitCounters {
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>;
  peek(key: string): Promise<{ hits: number; msLeft: number }>;
}

export interface LicensingLimitsOptions {
  /** The database's counters when other store processes may share it (PostgreSQL); memory otherwise. */
  counters?: LimitCounters;
  keyRequestsPerMinute: number;
  unknownKeysPer15Minutes: number;
  now?: () => number;
}

/** A refused request: how long until it may be tried again. */
export interface Limited {
  retryAfterSeconds: number;
  message: string;
}

const MINUTE_MS = 60_000;
const UNKNOWN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * The licensing API's own limits, beside the per-address one every route has
 * (docs/decisions/0032-licensing.md): requests per licence key, and unknown keys per address,
 * the brute-force guard. Keys are counted by a hash, so the counters hold no licence key.
 */
export function createLicensingLimits({ counters, keyRequestsPerMinute, unknownKeysPer15Minutes, now = Date.now }: LicensingLimitsOptions) {
  const count = counters ?? memoryCounters(now);
  const keyCounter = (licenseKey: string) => `licensing-key:${createHash('sha256').update(licenseKey).digest('base64url').slice(0, 22)}`;
  const unknownCounter = (address: string) => `licensing-unknown:${address}`;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  const unknownKeysRefusal = (msLeft: number): Limited => {
    const minutes = Math.max(1, Math.ceil(msLeft / MINUTE_MS));
    return {
      retryAfterSeconds: seconds(msLeft),
      message: `Too many unknown licence keys from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    };
  };

  return {
    /** Refuses an address that has had too many NOT_FOUND answers in the last 15 minutes. */
    async checkAddress(address: string): Promise<Limited | undefined> {
      const { hits, msLeft } = await count.peek(unknownCounter(address));
      return hits >= unknownKeysPer15Minutes ? unknownKeysRefusal(msLeft) : undefined;
    },

    /** Counts one request for a licence key; refuses past the key's budget for the minute. */
    async hitKey(licenseKey: string): Promise<Limited | undefined> {
      const { hits, msLeft } = await count.hit(keyCounter(licenseKey), MINUTE_MS);
      if (hits <= keyRequestsPerMinute) return undefined;
      return { retryAfterSeconds: seconds(msLeft), message: `Too many requests for this licence key. Try again in ${seconds(msLeft)} seconds.` };
    },

    /** Counts a NOT_FOUND answer for the address. */
    async hitUnknown(address: string): Promise<void> {
      await count.hit(unknownCounter(address), UNKNOWN_WINDOW_MS);
    },
  };
}

export type LicensingLimits = ReturnType<typeof createLicensingLimits>;

/** The most keys kept in memory; expired ones are dropped first, so only a flood of distinct keys reaches it. */
const MEMORY_MAX_KEYS = 100_000;

/** Counters for one process (PGlite: no other process can use the database). */
export function memoryCounters(now: () => number = Date.now): LimitCounters {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const dropExpired = () => {
    const at = now();
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        if (windows.size >= MEMORY_MAX_KEYS) dropExpired();
        // Still full: the oldest entry goes (Maps keep insertion order).
        if (windows.size >= MEMORY_MAX_KEYS) windows.delete(windows.keys().next().value!);
        window = { hits: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, msLeft: window.endsAt - at };
    },
    async peek(key) {
      const window = windows.get(key);
      const at = now();
      return window && window.endsAt > at ? { hits: window.hits, msLeft: window.endsAt - at } : { hits: 0, msLeft: 0 };
    },
  };
}
