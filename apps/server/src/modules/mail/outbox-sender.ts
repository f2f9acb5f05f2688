import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { backoffDelay, createLeasedPoller } from '#server/lib/leased-poller.ts';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import type { OutboxRepository } from './outbox.repository';

/** Delivers one message; throws when the mail server refuses or cannot be reached. */
export type MailTransport = (message: OutboxMessageRow) => Promise<void>;

/** `headersFor` adds a message's extra headers (e.g. List-Unsubscribe), derived from its kind and address when it is sent. */
export function smtpTransport(smtpUrl: string, from: string, headersFor: (message: OutboxMessageRow) => Record<string, string> = () => ({})): MailTransport {
  // nodemailer loads with the first message: a store without SMTP never needs it, and every start would parse it.
  let transporter: Promise<Transporter> | undefined;
  return async (message) => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    await (await transporter).sendMail(smtpMessage(from, message, headersFor(message)));
  };
}

/** What nodemailer is handed for one outbox message. */
export function smtpMessage(from: string, message: OutboxMessageRow, headers: Record<string, string>) {
  return { from, to: message.toAddress, subject: message.subject, text: message.textBody, html: message.htmlBody, headers };
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

const DEFAULT_RETRY = (attempt: number) => backoffDelay(attempt, 30_000, 3_600_000);

/**
 * Sends what the outbox holds: right after an order commits (`kick`) and on a slow poll
 * for retries and for messages left by a process that stopped. Sending happens outside any
 * transaction; a crash between sending and marking sends at most one duplicate, never none.
 */
export function createOutboxSender(options: OutboxSenderOptions) {
  const { repository, transport, log } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelay = options.retryDelayMs ?? DEFAULT_RETRY;

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

  return createLeasedPoller({
    // The due time is the database's clock; a message tried in this round waits for the next.
    claim: (limit, round) => repository.claimDue(limit, 120_000, [...round.attempted]),
    deliver: async (messages) => {
      for (const message of messages) await sendOne(message);
    },
    // With a mail server, first sends what was held while there was none (SMTP_URL set after the fact).
    prepare: async () => {
      if (!transport) return;
      const released = await repository.releaseHeld();
      if (released > 0) log.info({ messages: released }, 'sending the emails held while no mail server was configured');
    },
    log,
    failureMessage: 'the mail outbox could not be read',
    pollIntervalMs: options.pollIntervalMs ?? 15_000,
    batchSize: 20,
    // A few messages at once: each waits on the mail server or the database (ADR 0039).
    concurrency: 4,
  });
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;

export function withoutAddresses(text: string) {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, () => '(address)');
}
