import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#server-test/helpers.ts';
import { outboxMessages } from '#server/db/schema.ts';
import { createOutboxRepository } from './outbox.repository';
import { createOutboxSender, type MailTransport } from './outbox-sender';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe.each(TEST_ENGINES)('outbox sender on %s', (engine) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.destroy();
  });

  async function queue(dedupeKey: string) {
    await database.db.insert(outboxMessages).values({
      dedupeKey,
      kind: 'test',
      toAddress: 'someone@example.com',
      subject: 'Hello',
      textBody: 'Hello',
      htmlBody: '<p>Hello</p>',
    });
  }

  async function statusOf(dedupeKey: string) {
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, dedupeKey));
    return row!;
  }

  it('retries a refused message and marks it sent once the server accepts it', async () => {
    database = await createTestDatabase(engine);
    await queue('retry');
    let calls = 0;
    const transport: MailTransport = async () => {
      calls += 1;
      if (calls < 3) throw new Error('451 try again later');
    };
    const sender = createOutboxSender({ repository: createOutboxRepository(database.db), transport, log: silentLog, retryDelayMs: () => 0 });
    await sender.kick();
    expect(await statusOf('retry')).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 try again later' });
    await sender.kick();
    await sender.kick();
    expect(await statusOf('retry')).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(calls).toBe(3);
    await sender.kick();
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt and keeps the reason', async () => {
    database = await createTestDatabase(engine);
    await queue('doomed');
    const sender = createOutboxSender({
      repository: createOutboxRepository(database.db),
      transport: async () => {
        throw new Error('550 mailbox unavailable');
      },
      log: silentLog,
      maxAttempts: 2,
      retryDelayMs: () => 0,
    });
    await sender.kick();
    await sender.kick();
    expect(await statusOf('doomed')).toMatchObject({ status: 'failed', attempts: 2, lastError: '550 mailbox unavailable' });
  });

  it('holds messages for the mailbox when no mail server is configured', async () => {
    database = await createTestDatabase(engine);
    await queue('held');
    const sender = createOutboxSender({ repository: createOutboxRepository(database.db), transport: undefined, log: silentLog });
    await sender.kick();
    expect(await statusOf('held')).toMatchObject({ status: 'held', attempts: 1 });
  });

  it('sends the messages held without a mail server once one is configured and the store starts', async () => {
    database = await createTestDatabase(engine);
    const repository = createOutboxRepository(database.db);
    await queue('held-then-sent');
    await createOutboxSender({ repository, transport: undefined, log: silentLog }).kick();
    expect(await statusOf('held-then-sent')).toMatchObject({ status: 'held' });

    // A restart with SMTP_URL: the store starts its sender with a transport.
    const delivered: string[] = [];
    const transport: MailTransport = async (message) => {
      delivered.push(message.dedupeKey);
    };
    const sender = createOutboxSender({ repository, transport, log: silentLog });
    await sender.start();
    await sender.stop();
    expect(delivered).toEqual(['held-then-sent']);
    expect(await statusOf('held-then-sent')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('logs why a message was refused without the recipient the mail server names', async () => {
    database = await createTestDatabase(engine);
    await queue('refused');
    const logged: unknown[] = [];
    const log = { ...silentLog, warn: (fields: unknown) => logged.push(fields) } as unknown as FastifyBaseLogger;
    const sender = createOutboxSender({
      repository: createOutboxRepository(database.db),
      transport: async () => {
        throw new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <someone@example.com>: Recipient address rejected");
      },
      log,
    });
    await sender.kick();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('someone@example.com');
    expect(JSON.stringify(logged)).toContain('550 5.1.1 <(address)>: Recipient address rejected');
  });

  it('does not send a message whose retry is not due yet', async () => {
    database = await createTestDatabase(engine);
    await queue('later');
    let calls = 0;
    const sender = createOutboxSender({
      repository: createOutboxRepository(database.db),
      transport: async () => {
        calls += 1;
        throw new Error('timeout');
      },
      log: silentLog,
      retryDelayMs: () => 60_000,
    });
    await sender.kick();
    await sender.kick();
    expect(calls).toBe(1);
  });
});
