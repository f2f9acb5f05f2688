import { createHash } from 'node:crypto';

/**
 * A visitor's id for one day: sha256 over the day's salt, the site, the address and the user
 * agent, each prefixed with its length so no two different inputs join into the same text.
 */
export function visitorId(salt: string, site: string, address: string, userAgent: string): string {
  const hash = createHash('sha256');
  for (const part of [salt, site, address, userAgent]) hash.update(`${Buffer.byteLength(part)}:${part}`);
  return hash.digest('hex');
}

/** The UTC day of a moment, as the salts are keyed: `YYYY-MM-DD`. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The UTC day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
}

export interface DailySalts {
  /** The salt of the moment's UTC day; read from the database once per day per process. */
  saltOn(moment: Date): Promise<string>;
}

/**
 * The salts of the current days, cached in this process. A new day's first use reads (or makes)
 * its salt and calls `onNewDay`, where the service sweeps salts older than 48 hours.
 */
export function createDailySalts(options: { saltFor: (day: string) => Promise<string>; onNewDay: (day: string) => void }): DailySalts {
  // At most today and yesterday (an event at midnight): older days are dropped as new ones come.
  const cached = new Map<string, Promise<string>>();
  return {
    saltOn(moment) {
      const day = utcDay(moment);
      let salt = cached.get(day);
      if (!salt) {
        salt = options.saltFor(day);
        // A failed read is tried again by the next event rather than remembered.
        salt.catch(() => cached.delete(day));
        cached.set(day, salt);
        for (const old of cached.keys()) if (old < daysBefore(day, 1)) cached.delete(old);
        options.onNewDay(day);
      }
      return salt;
    },
  };
}
