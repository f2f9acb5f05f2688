import type { Database } from '#server/db/client.ts';
import { createOutboxRepository, type NewOutboxMessage } from './outbox.repository';

export type { NewOutboxMessage };

/**
 * What other modules may do with mail: queue a message in their own transaction, so the email
 * exists exactly when what it announces (an order, a new account) committed. The mail module
 * is the only writer of the outbox; the sender delivers what is queued.
 */
export function createMailService({ mailServer }: { mailServer: boolean }) {
  return {
    /**
     * True when queued now; false when a message with the same dedupe key already was. Without a
     * mail server it is held for the sandbox mailbox at once: the sender has nothing to try.
     */
    enqueue(tx: Database, message: NewOutboxMessage): Promise<boolean> {
      return createOutboxRepository(tx).enqueue(message, { held: !mailServer });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
