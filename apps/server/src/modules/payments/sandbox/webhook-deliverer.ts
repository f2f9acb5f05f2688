import { signWebhookBody } from '../fastspring/webhook-signature';
import type { SandboxDeliveryRow, SandboxRepository } from './sandbox.repository';

/** One signed delivery attempt: the exact body and its `X-FS-Signature`. */
export interface WebhookRequest {
  body: string;
  signature: string;
}

/** Sends a webhook and reports the HTTP status; throwing counts as a failed attempt. */
export type WebhookSender = (request: WebhookRequest) => Promise<{ statusCode: number }>;

export interface DelivererLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WebhookRetryOptions {
  /** Delay after the first failed attempt; doubled after each further failure. Default 1 s. */
  baseDelayMs?: number;
  /** Longest delay between two attempts; a delivery is retried at this pace for as long as it fails. Default 5 min. */
  maxDelayMs?: number;
  /**
   * Failed attempts after which a delivery that still fails is logged as an error (again
   * after each further such run of attempts). It is never given up. Default 8.
   */
  maxAttempts?: number;
  /** How often the table is checked for due rows (other processes' rows, expired leases). Default 30 s. */
  pollIntervalMs?: number;
  /** How long one attempt may take before it counts as failed. Default 30 s. */
  timeoutMs?: number;
}

export interface DelivererOptions extends WebhookRetryOptions {
  repository: SandboxRepository;
  secret: string;
  send: WebhookSender;
  log: DelivererLog;
  now?: () => Date;
  /** Rows claimed per round. */
  batchSize?: number;
}

/** The wait after `attempts` failed attempts: base × 2^(attempts−1), capped. */
export function backoffDelay(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  // The exponent is bounded so that a delivery failing for weeks still gets a finite delay.
  return Math.min(baseDelayMs * 2 ** Math.min(Math.max(0, attempts - 1), 30), maxDelayMs);
}

/**
 * Delivers the sandbox's webhooks from its outbox table (`sandbox_webhook_deliveries`): at
 * least once, signed like FastSpring, retried with exponential backoff and then at the
 * longest delay until accepted (as FastSpring does), and resumed after a restart. `kick()`
 * delivers at once (after a payment); a timer picks up retries when due. Every timer is
 * cleared by `stop()`, which waits for the attempt in flight.
 */
export function createWebhookDeliverer(options: DelivererOptions) {
  const { repository, secret, send, log } = options;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const pollIntervalMs = options.pollIntervalMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const batchSize = options.batchSize ?? 10;
  const now = options.now ?? (() => new Date());
  // A claimed row is not claimed again before its attempt has surely ended.
  const leaseMs = timeoutMs * 2;

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let requeuePending = false;

  /** Rows an older version gave up on are delivered again, like any pending row. */
  async function requeueGivenUp(): Promise<void> {
    const requeued = await repository.requeueGivenUp(now());
    requeuePending = false;
    if (requeued > 0) log.info({ deliveries: requeued }, 'sandbox webhook deliveries given up by an earlier version are retried');
  }

  async function attempt(row: SandboxDeliveryRow): Promise<void> {
    const signature = signWebhookBody(secret, row.body);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = (await withTimeout(send({ body: row.body, signature }), timeoutMs)).statusCode;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const at = now();
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await repository.recordAttempt(row.id, row.attempts, { status: 'delivered', statusCode, at });
      return;
    }
    const reason = error ?? `answered ${statusCode}`;
    // At least 1 ms: the row must fall due after the round that just tried it.
    const delay = Math.max(1, backoffDelay(row.attempts, baseDelayMs, maxDelayMs));
    await repository.recordAttempt(row.id, row.attempts, {
      status: 'pending',
      nextAttemptAt: new Date(at.getTime() + delay),
      statusCode,
      error: reason,
    });
    const details = { eventId: row.eventId, attempts: row.attempts, statusCode, error: reason, retryInMs: delay };
    // Loud once per run of `maxAttempts` failures, so a long outage is noticed without a line every few minutes at error level.
    if (row.attempts % maxAttempts === 0) log.error(details, 'sandbox webhook delivery keeps failing; still retrying');
    else log.warn(details, 'sandbox webhook delivery will be retried');
  }

  /**
   * Delivers everything due when the round starts, batch after batch. A row that fails in
   * this round is due later than its start, so it waits for the timer: it cannot hot-loop
   * or keep the rows behind it waiting, however short its delay.
   */
  async function deliverDue(): Promise<void> {
    const roundStart = now();
    while (!stopped) {
      const rows = await repository.claimDueDeliveries(roundStart, new Date(now().getTime() + leaseMs), batchSize);
      if (rows.length === 0) return;
      for (const row of rows) await attempt(row);
    }
  }

  async function schedule(): Promise<void> {
    if (stopped || !started) return;
    let wait = pollIntervalMs;
    try {
      const next = await repository.nextDueAt();
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - now().getTime()));
    } catch (error) {
      log.error({ err: error }, 'sandbox webhook deliverer could not read its queue');
    }
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), wait);
    // Pending deliveries never keep the process alive on their own.
    timer.unref();
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
          if (requeuePending) await requeueGivenUp();
          await deliverDue();
        } catch (error) {
          log.error({ err: error }, 'sandbox webhook deliverer failed');
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
    /** Delivers what is pending (e.g. left by a previous run of the store) and keeps watching. */
    start(): void {
      if (started || stopped) return;
      started = true;
      requeuePending = true;
      void run();
    },
    /** Delivers now, e.g. right after a payment; resolves when the queue has been worked through. */
    kick(): Promise<void> {
      return run();
    },
    /** Clears the timer and waits for the attempt in flight; nothing runs afterwards. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timeout));
}
