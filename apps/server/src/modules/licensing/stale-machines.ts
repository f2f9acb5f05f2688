import { createPeriodicJob } from '#server/lib/periodic-job.ts';

/** Runs `release` (freeing computers unseen for LICENSING_STALE_DAYS) on start and every hour. */
export function createStaleMachinesJob({
  release,
  log,
  everyMs = 3_600_000,
}: {
  release: () => Promise<number>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  everyMs?: number;
}) {
  // Each process runs it: the release is one UPDATE of unreleased rows, so a computer is freed once whoever runs first.
  return createPeriodicJob(
    () =>
      release()
        .then((released) => {
          if (released > 0) log.info({ released }, 'freed computers unseen for too long');
        })
        .catch((error: unknown) => log.error({ err: error }, 'freeing computers unseen for too long failed; trying again in an hour')),
    everyMs,
  );
}
