import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { analyticsEvents, analyticsHourly, analyticsRolledDays, analyticsSalts, type AnalyticsEventRow, type NewAnalyticsEventRow } from '#server/db/schema.ts';
import { nextDay } from '#server/lib/store-days.ts';
import { hourlyRowsSql } from './analytics-hourly';

const startOfUtcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

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

    /** The latest `checkout_start` carrying this checkout code (the partial index on the code finds it). */
    /** The newest `checkout_start` carrying `code` since `since`. */
    async findCheckoutStart(code: string, since: Date): Promise<AnalyticsEventRow | undefined> {
      const [row] = await db
        .select()
        .from(analyticsEvents)
        // The name as a literal, not a parameter: the planner then knows the partial index applies.
        .where(
          and(sql`${analyticsEvents.name} = 'checkout_start'`, sql`(${analyticsEvents.props} ->> 'checkout') = ${code}`, gt(analyticsEvents.occurredAt, since)),
        )
        .orderBy(desc(analyticsEvents.occurredAt))
        .limit(1);
      return row;
    },

    async insertEvents(rows: NewAnalyticsEventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(analyticsEvents).values(rows);
    },

    /**
     * Stores a finished UTC day's hourly figures, unless a process already did: the day is claimed
     * in the same transaction, so of two processes rolling it at once only the one whose claim
     * lands writes, and a failure leaves the day unclaimed for the next run. True when this call did it.
     */
    async rollUpDay(day: string): Promise<boolean> {
      const [start, end] = [startOfUtcDay(day), startOfUtcDay(nextDay(day))];
      return db.transaction(async (tx) => {
        const claimed = await tx.insert(analyticsRolledDays).values({ day }).onConflictDoNothing().returning({ day: analyticsRolledDays.day });
        if (claimed.length === 0) return false;
        await tx.delete(analyticsHourly).where(and(gte(analyticsHourly.hour, start), lt(analyticsHourly.hour, end)));
        await tx.execute(sql`
          insert into ${analyticsHourly} (hour, dimension, value, visitors, visits, pageviews, bounces, duration_seconds)
          ${hourlyRowsSql(start, end)}`);
        return true;
      });
    },

    /**
     * The UTC days up to `lastDay` that have events and are not rolled up yet, earliest first, at
     * most `limit`. Each day is probed through the events' time index, never by scanning them.
     */
    async daysToRollUp(lastDay: string, limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        select to_char(d, 'YYYY-MM-DD') as day
        from generate_series((select min(occurred_at) at time zone 'UTC' from ${analyticsEvents})::date, ${lastDay}::date, interval '1 day') d
        where not exists (select 1 from ${analyticsRolledDays} r where r.day = d::date)
          and exists (select 1 from ${analyticsEvents} e where e.occurred_at >= d at time zone 'UTC' and e.occurred_at < (d + interval '1 day') at time zone 'UTC')
        order by d
        limit ${limit}`);
      return rowsOf<{ day: string }>(result).map((row) => row.day);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
