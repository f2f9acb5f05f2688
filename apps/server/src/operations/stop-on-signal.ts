import closeWithGrace from 'close-with-grace';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * `npm start` forwards the terminal's Ctrl-C to the store, which the terminal has already signalled:
 * one press arrives twice. A repeat within this window is the same request, not "stop now".
 */
export const SAME_REQUEST_MS = 1_000;

interface StopLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Closes the store once on SIGINT or SIGTERM (or a crash), within `delayMs`, then exits.
 *
 * Our own listeners stay installed for the whole life of the process: close-with-grace swaps its
 * first-signal listener for its second-signal one, and for that instant Node restores the default
 * action, so a forwarded copy of Ctrl-C killed the store mid-close (PGlite unflushed, its lock left).
 * A second request after SAME_REQUEST_MS still stops the store at once, as operators expect.
 */
export function closeGracefullyOnSignal(close: () => Promise<void>, log: StopLog, delayMs = 10_000) {
  const options = {
    delay: delayMs,
    skip: [...STOP_SIGNALS],
    logger: false as const,
    onTimeout: () => log.error({ delayMs }, 'could not close in time: exiting without closing the database cleanly'),
  };
  const closer = closeWithGrace(options, async ({ err, manual }) => {
    if (err) log.error({ err }, 'shutting down after an unexpected error');
    else if (!manual) log.info({}, 'shutting down');
    await close();
  });
  let firstRequestAt: number | undefined;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (firstRequestAt === undefined) {
        firstRequestAt = Date.now();
        log.info({ signal }, 'shutting down');
        void closer.close();
      } else if (Date.now() - firstRequestAt > SAME_REQUEST_MS) {
        log.error({ signal }, 'asked again to stop: exiting without closing the database cleanly');
        process.exit(1);
      }
    });
  }
}
