import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { identityThrottles } from '#server/db/schema.ts';

const secondsUntil = (column: typeof identityThrottles.expiresAt | typeof identityThrottles.blockedUntil) =>
  sql<number>`greatest(1, ceil(extract(epoch from ${column} - now())))::int`;

/**
 * Counters of the sign-in and email throttles, in the database so that every process on one
 * PostgreSQL counts the same attempts. Each key counts hits in a fixed window that starts at
 * its first hit; a key can also be blocked until a given time.
 */
export function createIdentityThrottlesRepository(db: Database) {
  return {
    /** Seconds the key is still blocked for; 0 when it is not. */
    async blockedFor(key: string): Promise<number> {
      const [row] = await db
        .select({ seconds: secondsUntil(identityThrottles.blockedUntil) })
        .from(identityThrottles)
        .where(and(eq(identityThrottles.key, key), gt(identityThrottles.blockedUntil, sql`now()`)))
        .limit(1);
      return row?.seconds ?? 0;
    },

    /** Counts one hit, atomically (a window that has ended starts again); returns the count and the seconds left in the window. */
    async hit(key: string, windowSeconds: number): Promise<{ hits: number; windowLeftSeconds: number }> {
      const ended = sql`${identityThrottles.expiresAt} <= now()`;
      const [row] = await db
        .insert(identityThrottles)
        .values({ key, hits: 1, expiresAt: sql`now() + make_interval(secs => ${windowSeconds})` })
        .onConflictDoUpdate({
          target: identityThrottles.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${identityThrottles.hits} + 1 end`,
            blockedUntil: sql`case when ${ended} then null else ${identityThrottles.blockedUntil} end`,
            expiresAt: sql`case when ${ended} then now() + make_interval(secs => ${windowSeconds}) else ${identityThrottles.expiresAt} end`,
          },
        })
        .returning({ hits: identityThrottles.hits, windowLeftSeconds: secondsUntil(identityThrottles.expiresAt) });
      return row!;
    },

    /** Blocks the key for a while; the row lives at least as long as the block. */
    async block(key: string, seconds: number): Promise<void> {
      const until = sql`now() + make_interval(secs => ${seconds})`;
      await db
        .update(identityThrottles)
        .set({ blockedUntil: until, expiresAt: sql`greatest(${identityThrottles.expiresAt}, ${until})` })
        .where(eq(identityThrottles.key, key));
    },

    async clear(key: string): Promise<void> {
      await db.delete(identityThrottles).where(eq(identityThrottles.key, key));
    },

    /** Deletes rows whose window and block are both over. */
    async sweepExpired(): Promise<void> {
      await db
        .delete(identityThrottles)
        .where(and(lt(identityThrottles.expiresAt, sql`now()`), or(isNull(identityThrottles.blockedUntil), lt(identityThrottles.blockedUntil, sql`now()`))));
    },
  };
}

export type IdentityThrottlesRepository = ReturnType<typeof createIdentityThrottlesRepository>;
