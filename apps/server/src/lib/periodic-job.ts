/**
 * A background task run when the store starts and every `everyMs`, never twice at once in this
 * process; `stop` waits for a run under way. Tasks are written so that every process may run
 * them (what they change is claimed or changed once in the database).
 */
export function createPeriodicJob(task: () => Promise<void>, everyMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= task().finally(() => {
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
