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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Each process runs it: the release is one UPDATE of unreleased rows, so a computer is freed once whoever runs first.
  const run = () =>
    (running ??= release()
      .then((released) => {
        if (released > 0) log.info({ released }, 'freed computers unseen for too long');
      })
      .catch((error: unknown) => log.error({ err: error }, 'freeing computers unseen for too long failed; trying again in an hour'))
      .finally(() => {
        running = undefined;
      }));
  return {
    run,
    start() {
      void run();
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
