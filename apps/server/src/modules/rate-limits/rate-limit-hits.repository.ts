import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimitHits } from '#server/db/schema.ts';

/**
 * Counters of the route limits every store process shares (docs/decisions/0026-shared-rate-limits.md).
 * Each key counts hits in a fixed window that starts at its first hit, on the database's clock so
 * that all processes agree when a window ends.
 */
export function createRateLimitHitsRepository(db: Database) {
  return {
    /** Counts one hit with one upsert (a window that has ended starts again); returns the count and the milliseconds left in the window. */
    async hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }> {
      const ended = sql`${rateLimitHits.expiresAt} <= now()`;
      const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits: 1, expiresAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
            expiresAt: sql`case when ${ended} then ${windowEnd} else ${rateLimitHits.expiresAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, msLeft: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000))::int` });
      return row!;
    },

    /** The hits counted in the key's current window, without counting one (0 when none). */
    async peek(key: string): Promise<{ hits: number; msLeft: number }> {
      const [row] = await db
        .select({ hits: rateLimitHits.hits, msLeft: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000))::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, sql`now()`)));
      return row ?? { hits: 0, msLeft: 0 };
    },

    /** Deletes the rows whose window is over; any process may do it at any time. */
    async sweepExpired(): Promise<void> {
      await db.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, sql`now()`));
    },
  };
}

export type RateLimitHitsRepository = ReturnType<typeof createRateLimitHitsRepository>;
