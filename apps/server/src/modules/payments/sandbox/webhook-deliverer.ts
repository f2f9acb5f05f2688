import { backoffDelay, createLeasedPoller } from '#server/lib/leased-poller.ts';
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
  /** Webhooks sent at once. */
  concurrency?: number;
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
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  // A claimed row is not claimed again before its attempt has surely ended.
  const leaseMs = timeoutMs * 2;

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

  return createLeasedPoller({
    // Due when the round started: a row that failed in this round is due after it.
    claim: (limit, round) => repository.claimDueDeliveries(round.startedAt, new Date(now().getTime() + leaseMs), limit),
    deliver: attempt,
    nextDueAt: () => repository.nextDueAt(),
    // Rows an older version gave up on are delivered again, like any pending row.
    prepare: async () => {
      const requeued = await repository.requeueGivenUp(now());
      if (requeued > 0) log.info({ deliveries: requeued }, 'sandbox webhook deliveries given up by an earlier version are retried');
    },
    log,
    failureMessage: 'sandbox webhook deliverer failed',
    pollIntervalMs: options.pollIntervalMs ?? 30_000,
    // Each webhook waits on a handful of database round trips: eight in flight keep one core
    // busy without holding most of the pool (ADR 0039).
    batchSize: options.batchSize ?? 32,
    concurrency: options.concurrency ?? 8,
    now,
  });
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timeout));
}
