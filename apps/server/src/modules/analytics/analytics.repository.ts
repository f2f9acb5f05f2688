import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { analyticsEvents, analyticsSalts, type NewAnalyticsEventRow } from '#server/db/schema.ts';

/** The only writer of the analytics tables (docs/decisions/0038-first-party-analytics.md). */
export function createAnalyticsRepository(db: Database) {
  return {
    /**
     * The salt of a UTC day (`YYYY-MM-DD`), made on first use. Insert-or-nothing then read: two
     * processes on one database that both make one still agree on the one that was stored.
     */
    async saltFor(day: string): Promise<string> {
      await db
        .insert(analyticsSalts)
        .values({ day, salt: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
      if (!row) throw new Error(`the analytics salt of ${day} was not stored`);
      return row.salt;
    },

    /** Forgets the salts of days before `day`: their visitor ids can no longer be made again. */
    async deleteSaltsBefore(day: string): Promise<void> {
      await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    },

    async insertEvents(rows: NewAnalyticsEventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(analyticsEvents).values(rows);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
