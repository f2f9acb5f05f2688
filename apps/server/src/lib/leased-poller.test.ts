import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReopenableDatabase, TEST_ENGINES, type TestDatabase } from '#server-test/helpers.ts';
import { sandboxWebhookDeliveries } from '../db/schema';
import { createSandboxRepository, type SandboxDeliveryRow } from '../modules/payments/sandbox/sandbox.repository';
import { backoffDelay, createLeasedPoller, type LeasedPoller, type LeasedPollerOptions, type PollerRound } from './leased-poller';

const silentLog = { error: () => undefined };

describe('backoffDelay', () => {
  it('doubles from the base delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => backoffDelay(attempts, 1000, 60_000))).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });
});

/** A promise and the function that settles it, to hold a delivery in flight. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function waitFor(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// The poller is exercised on a real outbox table (the sandbox's webhook deliveries) and its
// real claim, since the lease that keeps two processes apart lives in that query.
describe.each(TEST_ENGINES)('leased poller on %s', (engine) => {
  let store: Awaited<ReturnType<typeof createReopenableDatabase>>;
  let first: TestDatabase;
  // A second store process: its own connection pool on PostgreSQL; PGlite allows one handle.
  let second: TestDatabase;
  const pollers: LeasedPoller[] = [];
  let clock = new Date('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    store = await createReopenableDatabase(engine);
    first = await store.open();
    second = engine === 'postgresql' ? await store.open() : first;
  });
  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
    await first.db.delete(sandboxWebhookDeliveries);
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await store?.destroy();
  });

  const leaseMs = 60_000;

  /** Leases due rows of `database` as the sandbox's deliverer does. */
  const claimOn = (database: TestDatabase) => {
    const repository = createSandboxRepository(database.db);
    return (limit: number, round: PollerRound) => repository.claimDueDeliveries(round.startedAt, new Date(clock.getTime() + leaseMs), limit);
  };

  /** A poller on `database` that marks what it delivers delivered, with the options a test changes. */
  function pollerOn(database: TestDatabase, options: Partial<LeasedPollerOptions<SandboxDeliveryRow>> = {}) {
    const created = createLeasedPoller<SandboxDeliveryRow>({
      claim: claimOn(database),
      deliver: async (rows) => {
        for (const row of rows) await markDelivered(database, row);
      },
      log: silentLog,
      failureMessage: 'test poller failed',
      pollIntervalMs: 3_600_000,
      batchSize: 5,
      now: () => clock,
      ...options,
    });
    pollers.push(created);
    return created;
  }

  function poller(database: TestDatabase, deliverOne: (row: SandboxDeliveryRow) => Promise<void>, batchSize = 5, concurrency?: number) {
    return pollerOn(database, {
      deliver: async (rows) => {
        for (const row of rows) await deliverOne(row);
      },
      batchSize,
      concurrency,
    });
  }

  const markDelivered = (database: TestDatabase, row: SandboxDeliveryRow) => createSandboxRepository(database.db).recordDelivered([row], 200, clock);
  const statusOf = async (eventId: string) => (await first.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.eventId, eventId)))[0]!;

  it('two pollers on one database never deliver a row twice', async () => {
    const repository = createSandboxRepository(first.db);
    const eventIds = Array.from({ length: 30 }, (_, index) => `many-${index}`);
    for (const eventId of eventIds) await repository.insertDelivery(eventId, '{}', clock);
    const delivered: Array<{ by: string; eventId: string }> = [];
    const deliverAs = (by: string, database: TestDatabase) => async (row: SandboxDeliveryRow) => {
      delivered.push({ by, eventId: row.eventId });
      // Slow enough that both pollers are mid-batch at the same time.
      await new Promise((resolve) => setTimeout(resolve, 3));
      await markDelivered(database, row);
    };
    const a = poller(first, deliverAs('a', first));
    const b = poller(second, deliverAs('b', second));
    await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);

    expect(delivered.map((entry) => entry.eventId).sort()).toEqual([...eventIds].sort());
    expect(new Set(delivered.map((entry) => entry.by))).toEqual(new Set(['a', 'b']));
    for (const eventId of eventIds) expect(await statusOf(eventId)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('takes over a row whose lease expired, and ignores the outcome of the stale attempt', async () => {
    await createSandboxRepository(first.db).insertDelivery('stuck', '{}', clock);
    const stuck = gate();
    let staleAttempt: SandboxDeliveryRow | undefined;
    // The first process claims the row and then hangs (or dies) in the middle of delivering it.
    const hung = poller(first, async (row) => {
      staleAttempt = row;
      await stuck.opened;
      await markDelivered(first, row);
    });
    const hungRound = hung.kick();
    await waitFor(() => staleAttempt !== undefined);

    const takenOver: SandboxDeliveryRow[] = [];
    const other = poller(second, async (row) => {
      takenOver.push(row);
      await markDelivered(second, row);
    });
    await other.kick();
    expect(takenOver).toEqual([]);

    clock = new Date(clock.getTime() + leaseMs + 1);
    await other.kick();
    expect(takenOver.map((row) => [row.eventId, row.attempts])).toEqual([['stuck', 2]]);

    stuck.open();
    await hungRound;
    expect(await statusOf('stuck')).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('stop waits for the delivery in flight and claims nothing after it', async () => {
    const repository = createSandboxRepository(first.db);
    await repository.insertDelivery('in-flight', '{}', clock);
    await repository.insertDelivery('after-stop', '{}', clock);
    const inFlight = gate();
    const started: string[] = [];
    const stopping = poller(
      first,
      async (row) => {
        started.push(row.eventId);
        await inFlight.opened;
        await markDelivered(first, row);
      },
      1,
    );
    void stopping.kick();
    await waitFor(() => started.length === 1);

    let stopped = false;
    const stop = stopping.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);

    inFlight.open();
    await stop;
    expect(started).toEqual(['in-flight']);
    expect(await statusOf('in-flight')).toMatchObject({ status: 'delivered' });
    expect(await statusOf('after-stop')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('delivers up to `concurrency` claimed rows at once, never more', async () => {
    const repository = createSandboxRepository(first.db);
    for (let index = 0; index < 6; index += 1) await repository.insertDelivery(`parallel-${index}`, '{}', clock);
    const held = gate();
    let inFlight = 0;
    let most = 0;
    const concurrent = poller(
      first,
      async (row) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await held.opened;
        await markDelivered(first, row);
        inFlight -= 1;
      },
      6,
      3,
    );
    const round = concurrent.kick();
    await waitFor(() => inFlight === 3);
    // Give a fourth worker every chance to start before the three are let go.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(inFlight).toBe(3);
    held.open();
    await round;
    expect(most).toBe(3);
    for (let index = 0; index < 6; index += 1) expect(await statusOf(`parallel-${index}`)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('a delivery that throws does not keep the rest of its batch from being delivered', async () => {
    const repository = createSandboxRepository(first.db);
    for (const eventId of ['good-1', 'bad', 'good-2', 'good-3']) await repository.insertDelivery(eventId, '{}', clock);
    const errors: unknown[] = [];
    const created = pollerOn(first, {
      deliver: async ([row]) => {
        if (row!.eventId === 'bad') throw new Error('the database went away for this one');
        await markDelivered(first, row!);
      },
      log: { error: (object) => errors.push(object) },
      batchSize: 4,
      concurrency: 2,
    });
    await created.kick();
    for (const eventId of ['good-1', 'good-2', 'good-3']) expect(await statusOf(eventId)).toMatchObject({ status: 'delivered' });
    // The failed one stays leased (pending) and is due again once its lease runs out; the round's failure is logged.
    expect(await statusOf('bad')).toMatchObject({ status: 'pending', attempts: 1 });
    expect(errors).toHaveLength(1);
  });

  it('gives `deliver` up to `groupSize` rows, spread over `concurrency` groups first', async () => {
    const repository = createSandboxRepository(first.db);
    const groupsOf = async (rows: number) => {
      await first.db.delete(sandboxWebhookDeliveries);
      for (let index = 0; index < rows; index += 1) await repository.insertDelivery(`grouped-${rows}-${index}`, '{}', clock);
      const groups: string[][] = [];
      const created = pollerOn(first, {
        deliver: async (group) => {
          groups.push(group.map((row) => row.eventId));
          for (const row of group) await markDelivered(first, row);
        },
        batchSize: 10,
        concurrency: 2,
        groupSize: 4,
      });
      await created.kick();
      return groups;
    };
    // Ten due rows: groups of at most four. Three: two groups side by side rather than one of three.
    expect((await groupsOf(10)).map((group) => group.length)).toEqual([4, 4, 2]);
    expect((await groupsOf(3)).map((group) => group.length)).toEqual([2, 1]);
    const delivered = await first.db.select().from(sandboxWebhookDeliveries);
    expect(delivered.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
  });

  it('ends its round once a claim comes back short of a full batch, without asking again', async () => {
    const repository = createSandboxRepository(first.db);
    const claimsFor = async (rows: number) => {
      await first.db.delete(sandboxWebhookDeliveries);
      for (let index = 0; index < rows; index += 1) await repository.insertDelivery(`short-${rows}-${index}`, '{}', clock);
      let claims = 0;
      const claim = claimOn(first);
      const created = pollerOn(first, {
        claim: (limit, round) => {
          claims += 1;
          return claim(limit, round);
        },
      });
      await created.kick();
      return claims;
    };
    expect(await claimsFor(3)).toBe(1);
    // A full batch may have left rows behind: the next claim finds out.
    expect(await claimsFor(5)).toBe(2);
    expect(await claimsFor(7)).toBe(2);
    const rows = await first.db.select().from(sandboxWebhookDeliveries);
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);
  });
});
