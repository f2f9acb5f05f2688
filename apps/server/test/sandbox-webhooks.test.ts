import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import { sandboxWebhookDeliveries } from '../src/db/schema';
import { createSandboxRepository } from '../src/modules/payments/sandbox/sandbox.repository';
import { backoffDelay, createWebhookDeliverer, type DelivererLog, type WebhookRequest } from '../src/modules/payments/sandbox/webhook-deliverer';
import { createReopenableDatabase, createTestApp, createTestDatabase, TEST_ENGINES, type TestDatabase } from './helpers';

const SECRET = 'sandbox-webhook-test-secret-0123456789';

function recordingLog() {
  const lines: Array<{ level: string; object: object; message: string }> = [];
  const log: DelivererLog = {
    info: (object, message) => lines.push({ level: 'info', object, message }),
    warn: (object, message) => lines.push({ level: 'warn', object, message }),
    error: (object, message) => lines.push({ level: 'error', object, message }),
  };
  return { log, lines };
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('backoffDelay', () => {
  it('doubles from the base delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => backoffDelay(attempts, 1000, 60_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });
});

describe.each(TEST_ENGINES)('sandbox webhook deliverer on %s', (engine) => {
  let database: TestDatabase;
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await database.db.delete(sandboxWebhookDeliveries);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const repository = () => createSandboxRepository(database.db);
  const row = async (eventId: string) => (await database.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, eventId)))[0]!;

  it('signs the exact body with HMAC-SHA256 (base64) and marks a 2xx as delivered', async () => {
    const body = JSON.stringify({ events: [{ id: 'e1', type: 'order.completed', data: { é: '✓' } }] });
    await repository().insertDelivery('e1', body, new Date());
    const sent: WebhookRequest[] = [];
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      send: async (request) => {
        sent.push(request);
        return { statusCode: 204 };
      },
    });
    stops.push(deliverer.stop);
    await deliverer.kick();
    expect(sent).toEqual([{ body, signature: createHmac('sha256', SECRET).update(body, 'utf8').digest('base64') }]);
    expect(await row('e1')).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
    expect((await row('e1')).deliveredAt).toBeInstanceOf(Date);
  });

  it('retries a failing target with exponential backoff, then gives up after the last attempt and logs an error', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const advance = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    await repository().insertDelivery('e2', '{"events":[]}', clock);
    const { log, lines } = recordingLog();
    const statuses = [500, 502, 404, 429, 401, 503];
    let calls = 0;
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log,
      now: () => clock,
      baseDelayMs: 1000,
      maxDelayMs: 5000,
      maxAttempts: 8,
      pollIntervalMs: 3_600_000,
      send: async () => {
        calls += 1;
        if (calls === 7) throw new Error('connection reset');
        return { statusCode: statuses[(calls - 1) % statuses.length]! };
      },
    });
    stops.push(deliverer.stop);

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await deliverer.kick();
      const current = await row('e2');
      expect(current).toMatchObject({ status: 'pending', attempts: attempt });
      const wait = current.nextAttemptAt.getTime() - clock.getTime();
      waits.push(wait);
      // Not due yet: a kick now delivers nothing.
      await deliverer.kick();
      expect((await row('e2')).attempts).toBe(attempt);
      advance(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000]);
    expect(await row('e2')).toMatchObject({ lastStatusCode: null, lastError: 'connection reset' });

    await deliverer.kick();
    expect(await row('e2')).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 502, lastError: 'answered 502' });
    expect(calls).toBe(8);
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(lines.find((line) => line.level === 'error')?.object).toMatchObject({ eventId: 'e2', attempts: 8 });
    advance(3_600_000);
    await deliverer.kick();
    expect(calls).toBe(8);
  });

  it('retries by itself on its timer, with small delays, until the target answers', async () => {
    await repository().insertDelivery('e3', '{}', new Date());
    let calls = 0;
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      baseDelayMs: 10,
      maxDelayMs: 40,
      pollIntervalMs: 5_000,
      send: async () => {
        calls += 1;
        return { statusCode: calls < 4 ? 500 : 200 };
      },
    });
    stops.push(deliverer.stop);
    deliverer.start();
    const delivered = await waitFor(async () => {
      const current = await row('e3');
      return current.status === 'delivered' && current;
    });
    expect(delivered.attempts).toBe(4);
  });

  it('counts an attempt that does not answer in time as failed', async () => {
    await repository().insertDelivery('e4', '{}', new Date());
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      timeoutMs: 30,
      baseDelayMs: 60_000,
      send: () => new Promise(() => {}),
    });
    stops.push(deliverer.stop);
    await deliverer.kick();
    expect(await row('e4')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'no answer within 30 ms' });
  });

  it('never delivers one row twice when two processes work the same table', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `c${index}`);
    for (const id of ids) await repository().insertDelivery(id, JSON.stringify({ id }), new Date());
    const seen: string[] = [];
    const make = () =>
      createWebhookDeliverer({
        repository: repository(),
        secret: SECRET,
        log: recordingLog().log,
        batchSize: 2,
        send: async ({ body }) => {
          seen.push((JSON.parse(body) as { id: string }).id);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { statusCode: 200 };
        },
      });
    const first = make();
    const second = make();
    stops.push(first.stop, second.stop);
    await Promise.all([first.kick(), second.kick(), first.kick(), second.kick()]);
    expect(seen.sort()).toEqual([...ids].sort());
    const rows = await database.db.select().from(sandboxWebhookDeliveries);
    expect(rows.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
  });

  it('ignores the late result of an attempt whose lease ran out and that was claimed again', async () => {
    await repository().insertDelivery('e5', '{}', new Date());
    const [claimed] = await repository().claimDueDeliveries(new Date(), new Date(Date.now() - 1), 1);
    const [again] = await repository().claimDueDeliveries(new Date(), new Date(Date.now() + 60_000), 1);
    expect(again?.attempts).toBe(2);
    expect(await repository().recordAttempt(claimed!.id, claimed!.attempts, { status: 'failed', statusCode: 500, error: 'late' })).toBe(false);
    expect(await repository().recordAttempt(again!.id, again!.attempts, { status: 'delivered', statusCode: 200, at: new Date() })).toBe(true);
    expect(await row('e5')).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('leaves no timer behind once stopped', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
    const before = timers();
    await repository().insertDelivery('e6', '{}', new Date());
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      baseDelayMs: 60_000,
      send: async () => ({ statusCode: 500 }),
    });
    deliverer.start();
    await waitFor(async () => (await row('e6')).attempts === 1);
    await deliverer.stop();
    expect(timers()).toBeLessThanOrEqual(before);
    await deliverer.kick();
    expect((await row('e6')).attempts).toBe(1);
  });
});

describe.each(TEST_ENGINES)('sandbox webhooks across a restart on %s', (engine) => {
  it('resumes pending deliveries when the store starts again, and closes promptly meanwhile', async () => {
    const store = await createReopenableDatabase(engine);
    try {
      const first = await createTestApp(engine, {
        database: await store.open(),
        env: { RATE_LIMIT_MAX: '100000' },
        sandboxPayments: { webhookSender: async () => ({ statusCode: 503 }), webhookRetry: { baseDelayMs: 300 } },
      });
      let reference: string;
      try {
        const { session } = sandboxSessionResponseSchema.parse((await first.app.inject({ method: 'POST', url: '/sandbox/fastspring/api/sessions', payload: {} })).json());
        await first.app.inject({ method: 'PUT', url: `/sandbox/fastspring/api/sessions/${session}/items/remidi-4`, payload: { quantity: 1 } });
        const paid = await first.app.inject({
          method: 'POST',
          url: `/sandbox/fastspring/api/sessions/${session}/pay`,
          payload: { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'US', postalCode: '10001', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
        });
        reference = sandboxPayResponseSchema.parse(paid.json()).order.reference;
        await waitFor(async () => (await first.database.db.select().from(sandboxWebhookDeliveries))[0]?.attempts === 1);
      } finally {
        const closing = Date.now();
        await first.app.close();
        expect(Date.now() - closing).toBeLessThan(5_000);
      }

      // The retry falls due while the store is down.
      await new Promise((resolve) => setTimeout(resolve, 350));
      const received: WebhookRequest[] = [];
      const second = await createTestApp(engine, {
        database: await store.open(),
        seed: false,
        sandboxPayments: {
          webhookSender: async (request) => {
            received.push(request);
            return { statusCode: 200 };
          },
          // With the default 30 s poll, only reading the queue at start delivers within the wait below.
        },
      });
      try {
        const delivered = await waitFor(async () => {
          const [current] = await second.database.db.select().from(sandboxWebhookDeliveries);
          return current?.status === 'delivered' && current;
        }, 5_000);
        expect(delivered.attempts).toBeGreaterThanOrEqual(2);
        expect(received).toHaveLength(1);
        expect(received[0]!.body).toContain(reference!);
        const secret = second.secrets.FASTSPRING_WEBHOOK_SECRET;
        expect(received[0]!.signature).toBe(createHmac('sha256', secret).update(received[0]!.body).digest('base64'));
      } finally {
        await second.app.close();
      }
    } finally {
      await store.destroy();
    }
  });
});
