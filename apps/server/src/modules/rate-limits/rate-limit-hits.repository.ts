import { lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimitHits } from '#server/db/schema.ts';

/**
 * Counters of the route limits every store process shares (docs/decisions/0026-shared-rate-limits.md).
 * Each key counts hits in a fixed window that starts at its first hit, on the database's clock so
 * that all processes agree when a window ends.
 */
export function createRateLimitHitsRepository(db: Database) {
  /**
   * Counts `delta` hits for each key (at most once each) and reads the keys asked with 0, in one
   * statement: each key's count in its current window and the milliseconds left (a key with no
   * live window is absent). A window that has ended starts again.
   */
  async function countMany(requests: CountRequest[]): Promise<Map<string, Count>> {
    if (requests.length === 0) return new Map();
    const input = sql.join(
      requests.map(({ key, delta, windowMs }) => sql`(${key}::text, ${delta}::int, ${windowMs / 1000}::float8)`),
      sql`, `,
    );
    const msLeft = (expiresAt: SQL) => sql`greatest(1, ceil(extract(epoch from ${expiresAt} - now()) * 1000))::int`;
    const result = await db.execute(sql`
      with input (key, delta, window_secs) as (values ${input}),
      counted as (
        insert into ${rateLimitHits} (key, hits, expires_at)
        select key, delta, now() + make_interval(secs => window_secs) from input where delta > 0
        on conflict (key) do update set
          hits = case when ${rateLimitHits.expiresAt} <= now() then excluded.hits else ${rateLimitHits.hits} + excluded.hits end,
          expires_at = case when ${rateLimitHits.expiresAt} <= now() then excluded.expires_at else ${rateLimitHits.expiresAt} end
        returning key, hits, expires_at
      )
      select key, hits, ${msLeft(sql`expires_at`)} as ms_left from counted
      union all
      select hit.key, hit.hits, ${msLeft(sql`hit.expires_at`)} from ${rateLimitHits} hit join input on input.key = hit.key
      where input.delta = 0 and hit.expires_at > now()`);
    const rows = (result as unknown as { rows: Array<{ key: string; hits: number | string; ms_left: number | string }> }).rows;
    return new Map(rows.map((row) => [row.key, { hits: Number(row.hits), msLeft: Number(row.ms_left) }]));
  }

  return {
    countMany,

    /** Counts one hit (a window that has ended starts again); returns the count and the milliseconds left in the window. */
    async hit(key: string, windowMs: number): Promise<Count> {
      return (await countMany([{ key, delta: 1, windowMs }])).get(key)!;
    },

    /** The hits counted in the key's current window, without counting one (0 when none). */
    async peek(key: string): Promise<Count> {
      return (await countMany([{ key, delta: 0, windowMs: 0 }])).get(key) ?? { hits: 0, msLeft: 0 };
    },

    /** Deletes the rows whose window is over; any process may do it at any time. */
    async sweepExpired(): Promise<void> {
      await db.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, sql`now()`));
    },
  };
}

/** Hits to count for a key (0: only read its count), in a window of `windowMs` starting at its first hit. */
export interface CountRequest {
  key: string;
  delta: number;
  windowMs: number;
}

export interface Count {
  hits: number;
  msLeft: number;
}

export type RateLimitHitsRepository = ReturnType<typeof createRateLimitHitsRepository>;
