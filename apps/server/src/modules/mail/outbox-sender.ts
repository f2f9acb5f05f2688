import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutboxMessageRow } from '../../db/schema';
import type { OutboxRepository } from './outbox.repository';

/** Delivers one message; throws when the mail server refuses or cannot be reached. */
export type MailTransport = (message: OutboxMessageRow) => Promise<void>;

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail({ from, to: message.toAddress, subject: message.subject, text: message.textBody, html: message.htmlBody });
  };
}

export interface OutboxSenderOptions {
  repository: OutboxRepository;
  /** Undefined when no SMTP server is configured: messages are held for the sandbox mailbox. */
  transport: MailTransport | undefined;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  maxAttempts?: number;
  /** Delay before the n-th retry (1-based). */
  retryDelayMs?: (attempt: number) => number;
}

const DEFAULT_RETRY = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Sends what the outbox holds: right after an order commits (`kick`) and on a slow poll
 * for retries and for messages left by a process that stopped. Sending happens outside any
 * transaction; a crash between sending and marking sends at most one duplicate, never none.
 */
export function createOutboxSender(options: OutboxSenderOptions) {
  const { repository, transport, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 15_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelay = options.retryDelayMs ?? DEFAULT_RETRY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** One attempt per due message per pass: a message that fails waits for its retry time. */
  async function sendDue() {
    const attempted: number[] = [];
    for (;;) {
      const batch = await repository.claimDue(10, 120_000, attempted);
      if (batch.length === 0) return;
      for (const message of batch) {
        attempted.push(message.id);
        await sendOne(message);
      }
    }
  }

  async function sendOne(message: OutboxMessageRow) {
    if (!transport) {
      await repository.markHeld(message.id);
      return;
    }
    try {
      await transport(message);
      await repository.markSent(message.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = message.attempts >= maxAttempts;
      await repository.markFailedAttempt(message.id, reason.slice(0, 1000), last ? null : retryDelay(message.attempts));
      // Mail servers name the recipient in their refusals; the log gets the reason without it.
      const logged = { messageId: message.id, kind: message.kind, attempt: message.attempts, reason: withoutAddresses(reason) };
      if (last) log.error(logged, 'email could not be sent; giving up');
      else log.warn(logged, 'email not sent; will retry');
    }
  }

  /** Runs a pass now, or right after the pass in progress. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          if (!stopped) log.error({ err: error }, 'the mail outbox could not be read');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    kick,
    /** With a mail server, first sends what was held while there was none (SMTP_URL set after the fact). */
    async start() {
      stopped = false;
      if (transport) {
        const released = await repository.releaseHeld();
        if (released > 0) log.info({ messages: released }, 'sending the emails held while no mail server was configured');
      }
      timer = setInterval(() => void kick(), pollIntervalMs);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;

export function withoutAddresses(text: string) {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, () => '(address)');
}
