import { backoffDelay, createLeasedPoller } from '#server/lib/leased-poller.ts';
import { signWebhookBody } from '../fastspring/webhook-signature';
import type { SandboxDeliveryRow, SandboxRepository } from './sandbox.repository';

/** One signed delivery attempt: the exact body and its `X-FS-Signature`. */
export interface WebhookRequest {
  body: string;
  signature: string;
}

/**
 * Sends a webhook and reports the HTTP status, and the answer's body where it has one (a 202
 * names the events the store processed); throwing counts as a failed attempt.
 */
export type WebhookSender = (request: WebhookRequest) => Promise<{ statusCode: number; body?: string }>;

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
  /** The most events one webhook carries. */
  eventsPerWebhook?: number;
}

/**
 * Delivers the sandbox's webhooks from its outbox table (`sandbox_webhook_deliveries`): at
 * least once, signed like FastSpring, retried with exponential backoff and then at the
 * longest delay until accepted (as FastSpring does), and resumed after a restart. Like
 * FastSpring, one post may carry several due events; an answer of 202 marks delivered only the
 * events it names. `kick()` delivers at once (after a payment); a timer picks up retries when
 * due. Every timer is cleared by `stop()`, which waits for the attempt in flight.
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

  async function attempt(rows: SandboxDeliveryRow[]): Promise<void> {
    const body = rows.length === 1 ? rows[0]!.body : combinedBody(rows);
    let answer: { statusCode: number; body?: string } | undefined;
    let error: string | null = null;
    try {
      answer = await withTimeout(send({ body, signature: signWebhookBody(secret, body) }), timeoutMs);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const statusCode = answer?.statusCode ?? null;
    const accepted = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const processed = accepted ? processedEventIds(rows, answer!) : new Set<string>();
    const delivered = rows.filter((row) => processed.has(row.eventId));
    if (delivered.length > 0) await repository.recordDelivered(delivered, statusCode!, now());
    for (const row of rows) {
      if (!processed.has(row.eventId))
        await recordFailure(row, statusCode, error ?? (accepted ? `answered ${statusCode} without this event` : `answered ${statusCode}`));
    }
  }

  async function recordFailure(row: SandboxDeliveryRow, statusCode: number | null, reason: string): Promise<void> {
    // At least 1 ms: the row must fall due after the round that just tried it.
    const delay = Math.max(1, backoffDelay(row.attempts, baseDelayMs, maxDelayMs));
    await repository.recordAttempt(row.id, row.attempts, {
      status: 'pending',
      nextAttemptAt: new Date(now().getTime() + delay),
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
    // Under load a post carries several events: the store's request, signature check and
    // delivery mark are paid once for them all (ADR 0039).
    groupSize: options.eventsPerWebhook ?? 8,
    now,
  });
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

/** One FastSpring envelope holding the events of every row, in claim order. */
function combinedBody(rows: SandboxDeliveryRow[]): string {
  const events = rows.flatMap((row) => (JSON.parse(row.body) as { events: unknown[] }).events);
  return JSON.stringify({ events });
}

/**
 * The events an accepted post processed: all of them, unless the store answered 202 with the
 * ids it processed, one per line (FastSpring retries the others).
 */
function processedEventIds(rows: SandboxDeliveryRow[], answer: { statusCode: number; body?: string }): Set<string> {
  if (answer.statusCode !== 202 || answer.body === undefined) return new Set(rows.map((row) => row.eventId));
  return new Set(
    answer.body
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timeout));
}
