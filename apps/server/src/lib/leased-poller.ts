/**
 * The one delivery loop behind every outbox table (mail, sandbox webhooks): it works through
 * the due rows batch after batch, right away on `kick()` and on a timer for retries and for
 * rows another process left behind, and `stop()` waits for the delivery in flight.
 *
 * Two store processes may poll one PostgreSQL database: `claim` must lease what it returns
 * (take the rows with `FOR UPDATE SKIP LOCKED` and push their due time past the attempt), so
 * a row is delivered by one process at a time and taken over only once its lease expires.
 * What is the caller's stays the caller's: which rows, how to deliver one, how to mark it.
 */

export interface PollerLog {
  error(object: object, message: string): void;
}

/** The round in progress, for a claim that must not hand back a row it already tried. */
export interface PollerRound {
  /** When the round began: a row that failed in it falls due after this. */
  startedAt: Date;
  /** Ids of the rows attempted so far in this round. */
  attempted: readonly number[];
}

export interface LeasedPollerOptions<Row extends { id: number }> {
  /** Leases and returns up to `limit` due rows; none when the round is done. */
  claim(limit: number, round: PollerRound): Promise<Row[]>;
  /**
   * One attempt at a group of claimed rows (a single row unless `groupSize` is above 1),
   * recording each row's outcome (delivered, retry at…, given up).
   */
  deliver(rows: Row[]): Promise<void>;
  /** When the next row falls due, so a retry sooner than the poll interval is not late. */
  nextDueAt?(): Promise<Date | null>;
  /** Runs once in `start()` before the first round, and again each round until it succeeds. */
  prepare?(): Promise<void>;
  log: PollerLog;
  /** Logged with the error when a round fails (e.g. the database cannot be read). */
  failureMessage: string;
  pollIntervalMs: number;
  batchSize: number;
  /**
   * How many claimed rows are delivered at once (default 1, one after the other). A delivery
   * mostly waits on the database or the network, so a few at once keep a single process busy
   * instead of idle between round trips.
   */
  concurrency?: number;
  /**
   * The most rows one `deliver` call is given (default 1), for a destination that takes several
   * at once, like a webhook post carrying several events. A batch is first spread over
   * `concurrency` groups, so a few due rows still go out side by side rather than in one group.
   */
  groupSize?: number;
  now?: () => Date;
}

/** The wait after `attempts` failed attempts: base × 2^(attempts−1), capped. */
export function backoffDelay(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  // The exponent is bounded so that a delivery failing for weeks still gets a finite delay.
  return Math.min(baseDelayMs * 2 ** Math.min(Math.max(0, attempts - 1), 30), maxDelayMs);
}

export function createLeasedPoller<Row extends { id: number }>(options: LeasedPollerOptions<Row>) {
  const { claim, deliver, log } = options;
  const now = options.now ?? (() => new Date());
  let started = false;
  let stopped = false;
  let preparePending = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /**
   * One attempt per due row per round, batch after batch. A row that fails in this round is
   * not claimed again in it, so it waits for the timer: it cannot hot-loop or keep the rows
   * behind it waiting, however short its retry delay.
   */
  async function deliverDue(): Promise<void> {
    const round = { startedAt: now(), attempted: [] as number[] };
    while (!stopped) {
      const rows = await claim(options.batchSize, round);
      if (rows.length === 0) return;
      for (const row of rows) round.attempted.push(row.id);
      await deliverAll(rows);
      // Fewer than asked for: nothing more was due. A row written since came with a kick, which
      // runs another round; one that falls due later, with the timer.
      if (rows.length < options.batchSize) return;
    }
  }

  /**
   * Delivers the claimed rows in groups, up to `concurrency` groups at once. A delivery that
   * throws does not stop the others of its batch (they are leased to this process and would
   * otherwise wait for the lease to run out); the first error fails the round once every group
   * has been tried.
   */
  async function deliverAll(rows: Row[]): Promise<void> {
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const size = Math.max(1, Math.min(options.groupSize ?? 1, Math.ceil(rows.length / concurrency)));
    const queue: Row[][] = [];
    for (let start = 0; start < rows.length; start += size) queue.push(rows.slice(start, start + size));
    const errors: unknown[] = [];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        try {
          await deliver(group);
        } catch (error) {
          errors.push(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    if (errors.length > 0) throw errors[0];
  }

  async function schedule(): Promise<void> {
    if (stopped || !started) return;
    let wait = options.pollIntervalMs;
    try {
      const next = await options.nextDueAt?.();
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - now().getTime()));
    } catch (error) {
      log.error({ err: error }, options.failureMessage);
    }
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), wait);
    // Pending rows never keep the process alive on their own.
    timer.unref();
  }

  async function prepareOnce(): Promise<void> {
    if (!preparePending) return;
    await options.prepare?.();
    preparePending = false;
  }

  /** One run at a time; a kick during a run makes it go round once more. */
  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      for (;;) {
        again = false;
        try {
          await prepareOnce();
          await deliverDue();
        } catch (error) {
          // After stop() the database may be closing under the round: not worth an error line.
          if (!stopped) log.error({ err: error }, options.failureMessage);
        }
        if (stopped) return;
        if (again) continue;
        await schedule();
        // A kick that came while the timer was being set may have missed the query.
        if (!again || stopped) return;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /**
     * Prepares, then delivers what is due (e.g. left by a previous run of the store) and keeps
     * watching. Resolves once the first round has begun; a failed preparation is logged and
     * tried again each round.
     */
    async start(): Promise<void> {
      if (started || stopped) return;
      started = true;
      preparePending = true;
      try {
        await prepareOnce();
      } catch (error) {
        log.error({ err: error }, options.failureMessage);
      }
      void run();
    },
    /** Delivers now; resolves when what is due has been worked through. */
    kick(): Promise<void> {
      return run();
    },
    /** Clears the timer and waits for the delivery in flight; nothing runs afterwards. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type LeasedPoller = ReturnType<typeof createLeasedPoller>;
