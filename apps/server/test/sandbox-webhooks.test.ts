import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FASTSPRING_WEBHOOK_PATH } from '@store/contracts';
import { orders, sandboxWebhookDeliveries, webhookEvents } from '../src/db/schema';
import { isValidWebhookSignature } from '../src/modules/payments/fastspring/webhook-signature';
import { createSandboxRepository } from '../src/modules/payments/sandbox/sandbox.repository';
import { createWebhookDeliverer, type DelivererLog, type WebhookRequest } from '../src/modules/payments/sandbox/webhook-deliverer';
import { payForOne } from './sandbox-fixtures';
import { createReopenableDatabase, createTestApp, createTestDatabase, TEST_ENGINES, type TestApp, type TestDatabase } from './helpers';

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

  it("signs the exact body with HMAC-SHA256 (base64), as the store's check accepts, and marks a 2xx as delivered", async () => {
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
    // The orders module's check: it accepts these bytes, and nothing changed or signed under another secret.
    const signature = sent[0]!.signature;
    expect(isValidWebhookSignature(SECRET, Buffer.from(body, 'utf8'), signature)).toBe(true);
    expect(isValidWebhookSignature(SECRET, Buffer.from(body.replace('✓', 'x'), 'utf8'), signature)).toBe(false);
    expect(isValidWebhookSignature('another-webhook-secret-0123456789', Buffer.from(body, 'utf8'), signature)).toBe(false);
    expect(await row('e1')).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
    expect((await row('e1')).deliveredAt).toBeInstanceOf(Date);
  });

  it('sends several due events in one signed post, as FastSpring does, and marks each delivered', async () => {
    const at = new Date();
    const events = ['m1', 'm2', 'm3'].map((id) => ({ id, type: 'order.completed', data: { id } }));
    for (const event of events) await repository().insertDelivery(event.id, JSON.stringify({ events: [event] }), at);
    const sent: WebhookRequest[] = [];
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      concurrency: 1,
      send: async (request) => {
        sent.push(request);
        return { statusCode: 200 };
      },
    });
    stops.push(deliverer.stop);
    await deliverer.kick();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ events });
    expect(isValidWebhookSignature(SECRET, Buffer.from(sent[0]!.body, 'utf8'), sent[0]!.signature)).toBe(true);
    for (const event of events) expect(await row(event.id)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });

  it('after a 202 marks delivered only the events the store named, and retries the others', async () => {
    const at = new Date();
    for (const id of ['p1', 'p2', 'p3']) await repository().insertDelivery(id, JSON.stringify({ events: [{ id, type: 'order.completed', data: {} }] }), at);
    const { log, lines } = recordingLog();
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log,
      concurrency: 1,
      pollIntervalMs: 3_600_000,
      send: async () => ({ statusCode: 202, body: 'p1\np3\n' }),
    });
    stops.push(deliverer.stop);
    await deliverer.kick();
    expect(await row('p1')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await row('p3')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await row('p2')).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 202, lastError: 'answered 202 without this event' });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', object: expect.objectContaining({ eventId: 'p2' }) })]);
  });

  it('keeps retrying a failing target past the old 8-attempt limit at the longest delay, logs an error every 8 failures, and delivers once it answers', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const advance = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    await repository().insertDelivery('e2', '{"events":[]}', clock);
    const { log, lines } = recordingLog();
    const statuses = [500, 502, 404, 429, 401, 503];
    const failures = 20;
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
        if (calls > failures) return { statusCode: 200 };
        if (calls === 7) throw new Error('connection reset');
        return { statusCode: statuses[(calls - 1) % statuses.length]! };
      },
    });
    stops.push(deliverer.stop);

    const waits: number[] = [];
    for (let attempt = 1; attempt <= failures; attempt += 1) {
      await deliverer.kick();
      const current = await row('e2');
      expect(current).toMatchObject({ status: 'pending', attempts: attempt });
      if (attempt === 7) expect(current).toMatchObject({ lastStatusCode: null, lastError: 'connection reset' });
      const wait = current.nextAttemptAt.getTime() - clock.getTime();
      waits.push(wait);
      // Not due yet: a kick now delivers nothing.
      await deliverer.kick();
      expect((await row('e2')).attempts).toBe(attempt);
      advance(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, ...Array<number>(failures - 3).fill(5000)]);
    expect(await row('e2')).toMatchObject({ status: 'pending', lastStatusCode: 502, lastError: 'answered 502' });
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors.map((line) => (line.object as { attempts: number }).attempts)).toEqual([8, 16]);
    expect(errors[0]?.object).toMatchObject({ eventId: 'e2', retryInMs: 5000 });

    await deliverer.kick();
    expect(await row('e2')).toMatchObject({ status: 'delivered', attempts: failures + 1, lastStatusCode: 200, lastError: null });
    advance(3_600_000);
    await deliverer.kick();
    expect(calls).toBe(failures + 1);
  });

  it('tries a row that keeps failing once per round, without holding up the rows behind it', async () => {
    const clock = new Date('2026-01-01T00:00:00Z');
    await repository().insertDelivery('bad', JSON.stringify({ id: 'bad' }), clock);
    for (const id of ['g1', 'g2', 'g3']) await repository().insertDelivery(id, JSON.stringify({ id }), new Date(clock.getTime() + 1));
    const seen: string[] = [];
    const deliverer = createWebhookDeliverer({
      repository: repository(),
      secret: SECRET,
      log: recordingLog().log,
      // The clock stands still and the delays are zero: only the round's cut-off stops a loop.
      now: () => new Date(clock.getTime() + 1),
      baseDelayMs: 0,
      maxDelayMs: 0,
      batchSize: 1,
      pollIntervalMs: 3_600_000,
      send: async ({ body }) => {
        const { id } = JSON.parse(body) as { id: string };
        seen.push(id);
        return { statusCode: id === 'bad' ? 500 : 200 };
      },
    });
    stops.push(deliverer.stop);
    await deliverer.kick();
    expect(seen).toEqual(['bad', 'g1', 'g2', 'g3']);
    expect(await row('bad')).toMatchObject({ status: 'pending', attempts: 1 });
    for (const id of ['g1', 'g2', 'g3']) expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it("retries, once started, a row an older version left as 'failed'", async () => {
    await repository().insertDelivery('old', '{}', new Date('2026-01-01T00:00:00Z'));
    await database.db
      .update(sandboxWebhookDeliveries)
      .set({ status: 'failed', attempts: 8, lastStatusCode: 503, lastError: 'answered 503' })
      .where(eq(sandboxWebhookDeliveries.eventId, 'old'));
    const { log, lines } = recordingLog();
    const deliverer = createWebhookDeliverer({ repository: repository(), secret: SECRET, log, send: async () => ({ statusCode: 200 }) });
    stops.push(deliverer.stop);
    // A kick alone does not look at given-up rows: only a start does.
    await deliverer.kick();
    expect(await row('old')).toMatchObject({ status: 'failed', attempts: 8 });
    deliverer.start();
    const delivered = await waitFor(async () => {
      const current = await row('old');
      return current.status === 'delivered' && current;
    });
    expect(delivered).toMatchObject({ attempts: 9, lastStatusCode: 200, lastError: null });
    expect(lines).toContainEqual({ level: 'info', object: { deliveries: 1 }, message: expect.stringContaining('retried') });
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
    expect(await repository().recordDelivered([claimed!], 200, new Date())).toBe(0);
    expect(await repository().recordDelivered([again!], 200, new Date())).toBe(1);
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
        reference = (await payForOne(first.app)).order.reference;
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

/** Posts to the store's real webhook route, as the default sender does. */
function storeWebhook(app: () => TestApp['app']) {
  return async ({ body, signature }: WebhookRequest) => {
    const response = await app().inject({
      method: 'POST',
      url: FASTSPRING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-fs-signature': signature },
      payload: body,
    });
    return { statusCode: response.statusCode };
  };
}

describe.each(TEST_ENGINES)('sandbox deliveries given up by an older version on %s', (engine) => {
  it("delivers a row left 'failed' after 8 attempts once the store restarts, and the order is recorded once", async () => {
    const store = await createReopenableDatabase(engine);
    try {
      const first = await createTestApp(engine, {
        database: await store.open(),
        env: { RATE_LIMIT_MAX: '100000' },
        sandboxPayments: { webhookSender: async () => ({ statusCode: 503 }), webhookRetry: { baseDelayMs: 60_000 } },
      });
      let reference: string;
      try {
        reference = (await payForOne(first.app)).order.reference;
        await waitFor(async () => (await first.database.db.select().from(sandboxWebhookDeliveries))[0]?.attempts === 1);
        // What the previous version left behind after its eighth failed attempt.
        await first.database.db.update(sandboxWebhookDeliveries).set({ status: 'failed', attempts: 8, lastError: 'answered 503' });
      } finally {
        await first.app.close();
      }

      // The default sender: the store's own webhook route.
      const second = await createTestApp(engine, { database: await store.open(), seed: false });
      try {
        const delivered = await waitFor(async () => {
          const [current] = await second.database.db.select().from(sandboxWebhookDeliveries);
          return current?.status === 'delivered' && current;
        });
        expect(delivered.attempts).toBe(9);
        const recorded = await second.database.db.select().from(orders);
        expect(recorded.map((row) => row.reference)).toEqual([reference!]);
      } finally {
        await second.app.close();
      }
    } finally {
      await store.destroy();
    }
  });
});

describe.each(TEST_ENGINES)('sandbox webhooks through a store outage on %s', (engine) => {
  it('keeps delivering past 8 failures, shows the retries on the order page, and records the order once when the store recovers', async () => {
    let storeDown = true;
    let attemptsWhileDown = 0;
    const deliver = storeWebhook(() => t.app);
    const t: TestApp = await createTestApp(engine, {
      env: { RATE_LIMIT_MAX: '100000' },
      sandboxPayments: {
        webhookSender: async (request) => {
          if (!storeDown) return deliver(request);
          attemptsWhileDown += 1;
          return { statusCode: 500 };
        },
        webhookRetry: { baseDelayMs: 1, maxDelayMs: 4, pollIntervalMs: 50 },
      },
    });
    try {
      const { session, order } = await payForOne(t.app);
      const delivery = async () => (await t.database.db.select().from(sandboxWebhookDeliveries))[0];
      await waitFor(async () => ((await delivery())?.attempts ?? 0) > 10);
      expect(await delivery()).toMatchObject({ status: 'pending', lastStatusCode: 500, lastError: 'answered 500', sandboxOrderId: order.id });
      expect(await t.database.db.$count(orders)).toBe(0);

      const page = (await t.app.inject(`/sandbox/fastspring/checkout/${session}`)).body;
      expect(page).toContain('Payment complete');
      expect(page).toMatch(/The store has not accepted this order yet \(\d+ attempts; last error: answered 500\)\. The sandbox keeps retrying until it does\./);

      storeDown = false;
      await waitFor(async () => (await delivery())?.status === 'delivered');
      expect(attemptsWhileDown).toBeGreaterThan(8);
      const recorded = await t.database.db.select().from(orders);
      expect(recorded.map((row) => row.reference)).toEqual([order.reference]);
      expect(await t.database.db.$count(webhookEvents)).toBe(1);
      const after = (await t.app.inject(`/sandbox/fastspring/checkout/${session}`)).body;
      expect(after).toContain('Payment complete');
      expect(after).not.toContain('has not accepted');
    } finally {
      await t.close();
    }
  });
});
