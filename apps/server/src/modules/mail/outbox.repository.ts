import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { insertRow, reusableStatements } from '#server/db/reusable-statement.ts';
import { outboxMessages, type OutboxMessageRow } from '#server/db/schema.ts';

/** A message to queue: what it says, to whom, and the key that makes queueing it twice a no-op. */
export type NewOutboxMessage = Pick<typeof outboxMessages.$inferInsert, 'dedupeKey' | 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'orderId'>;

/** A message queued unless its dedupe key is taken; one shape per set of fields given. */
const enqueueStatement = reusableStatements<{ id: number }>((db, shape: string) =>
  db
    .insert(outboxMessages)
    .values(insertRow.placeholders('message', shape) as unknown as typeof outboxMessages.$inferInsert)
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id }),
);

/** The mail outbox; `db` may be a transaction (queueing joins the caller's). */
export function createOutboxRepository(db: Database) {
  return {
    /**
     * Queues a message unless one with the same dedupe key is already queued; true when queued now.
     * `held`: there is no mail server, so it goes straight to the sandbox mailbox (and out once there is one).
     */
    async enqueue(message: NewOutboxMessage, { held = false }: { held?: boolean } = {}): Promise<boolean> {
      const values = { ...message, status: held ? 'held' : 'pending' };
      const rows = await enqueueStatement(db, insertRow.shape(values), insertRow.values(outboxMessages, 'message', values));
      return rows.length === 1;
    },

    /**
     * Takes up to `limit` due messages and pushes their next attempt into the future (a lease),
     * so another store process polling the same database skips them while we send.
     */
    async claimDue(limit: number, leaseMs: number, skipIds: number[] = []): Promise<OutboxMessageRow[]> {
      // One statement: the due messages are locked (skipping those another process holds) and leased.
      const due = db.$with('due').as(
        db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.status, 'pending'),
              lte(outboxMessages.nextAttemptAt, sql`now()`),
              skipIds.length > 0 ? notInArray(outboxMessages.id, skipIds) : undefined,
            ),
          )
          .orderBy(asc(outboxMessages.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      const claimed = await db
        .with(due)
        .update(outboxMessages)
        .set({
          attempts: sql`${outboxMessages.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        })
        .where(inArray(outboxMessages.id, db.select({ id: due.id }).from(due)))
        .returning();
      return claimed.sort((a, b) => a.id - b.id);
    },

    async markSent(id: number) {
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(outboxMessages.id, id));
    },

    /** No mail server is configured: the message stays readable in the sandbox mailbox. */
    async markHeld(id: number) {
      await db.update(outboxMessages).set({ status: 'held', lastError: null }).where(eq(outboxMessages.id, id));
    },

    /** A mail server is configured now: what was held for the mailbox goes out, from its first attempt. */
    async releaseHeld(): Promise<number> {
      const released = await db
        .update(outboxMessages)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(eq(outboxMessages.status, 'held'))
        .returning({ id: outboxMessages.id });
      return released.length;
    },

    async markFailedAttempt(id: number, error: string, retryInMs: number | null) {
      await db
        .update(outboxMessages)
        .set(
          retryInMs === null
            ? { status: 'failed', lastError: error }
            : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` },
        )
        .where(eq(outboxMessages.id, id));
    },

    list(limit = 100): Promise<OutboxMessageRow[]> {
      return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
    },

    /** The messages about an order (confirmation, refund, resends), newest first, without their bodies. */
    ofOrder(orderId: number) {
      return db
        .select({
          id: outboxMessages.id,
          kind: outboxMessages.kind,
          subject: outboxMessages.subject,
          toAddress: outboxMessages.toAddress,
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          lastError: outboxMessages.lastError,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
        })
        .from(outboxMessages)
        .where(eq(outboxMessages.orderId, orderId))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(200);
    },

    async findByDedupeKey(dedupeKey: string): Promise<OutboxMessageRow | undefined> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, dedupeKey));
      return row;
    },

    async find(id: number): Promise<OutboxMessageRow | undefined> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
