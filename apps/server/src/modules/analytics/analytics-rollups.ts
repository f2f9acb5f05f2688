import { createPeriodicJob } from '#server/lib/periodic-job.ts';
import type { AnalyticsRepository } from './analytics.repository';
import { VISIT_GAP_MINUTES } from './analytics-hourly';
import { daysBefore, utcDay } from './visitor-id';

/** Days one run rolls up at most: a store catching up on a long backlog does it a slice at a time. */
const DAYS_PER_RUN = 31;
const EVERY_MS = 10 * 60_000;

/**
 * The last UTC day that is finished for good: it ended more than a visit's gap ago, so no visit
 * of it can still go on.
 */
export const lastFinishedDay = (now: Date) => daysBefore(utcDay(new Date(now.getTime() - VISIT_GAP_MINUTES * 60_000)), 1);

/** Rolls up the finished days not rolled up yet (at most `daysPerRun`); returns the days this process rolled. */
export async function rollUpFinishedDays(
  repository: Pick<AnalyticsRepository, 'daysToRollUp' | 'rollUpDay'>,
  now: Date,
  daysPerRun = DAYS_PER_RUN,
): Promise<string[]> {
  const rolled: string[] = [];
  for (const day of await repository.daysToRollUp(lastFinishedDay(now), daysPerRun)) {
    if (await repository.rollUpDay(day)) rolled.push(day);
  }
  return rolled;
}

/**
 * Runs the rollup when the store starts and every 10 minutes. Every process runs it: a day is
 * claimed before it is written, so it is rolled up once whoever comes first.
 */
export function createAnalyticsRollupJob(options: {
  repository: Pick<AnalyticsRepository, 'daysToRollUp' | 'rollUpDay'>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  everyMs?: number;
  now?: () => Date;
}) {
  const { repository, log } = options;
  const now = options.now ?? (() => new Date());
  return createPeriodicJob(
    () =>
      rollUpFinishedDays(repository, now())
        .then((days) => {
          if (days.length > 0) log.info({ days: days.length, last: days.at(-1) }, 'rolled up the analytics of finished days');
        })
        .catch((error: unknown) => log.error({ err: error }, 'rolling up the analytics failed; trying again in 10 minutes')),
    options.everyMs ?? EVERY_MS,
  );
}
