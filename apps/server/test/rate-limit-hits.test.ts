import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '#server/db/schema.ts';
import { createRateLimitHitsRepository, type RateLimitHitsRepository } from '#server/modules/rate-limits/rate-limit-hits.repository.ts';
import { createSharedRateLimits } from '#server/modules/rate-limits/shared-rate-limits.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from './helpers';

describe.each(TEST_ENGINES)('shared rate-limit counts (%s)', (engine) => {
  let database: TestDatabase;
  let hits: RateLimitHitsRepository;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    hits = createRateLimitHitsRepository(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const keys = async () => (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key).sort();

  it('counts hits in a window that starts at the first one, and tells how much of it is left', async () => {
    const first = await hits.hit('questions:192.0.2.1', 60_000);
    expect(first.hits).toBe(1);
    expect(first.msLeft).toBeGreaterThan(59_000);
    expect(first.msLeft).toBeLessThanOrEqual(60_000);
    await sleep(30);
    const second = await hits.hit('questions:192.0.2.1', 60_000);
    expect(second.hits).toBe(2);
    // The window did not move with the second hit.
    expect(second.msLeft).toBeLessThanOrEqual(first.msLeft - 25);
    expect((await hits.hit('questions:192.0.2.2', 60_000)).hits).toBe(1);
  });

  it('starts again at one once the window has ended', async () => {
    expect((await hits.hit('short:192.0.2.3', 150)).hits).toBe(1);
    expect((await hits.hit('short:192.0.2.3', 150)).hits).toBe(2);
    await sleep(200);
    const again = await hits.hit('short:192.0.2.3', 150);
    expect(again).toEqual({ hits: 1, msLeft: expect.any(Number) });
    expect(again.msLeft).toBeGreaterThan(100);
  });

  it('sweeps the rows whose window is over and keeps the others', async () => {
    await hits.hit('sweep:ended', 100);
    await hits.hit('sweep:running', 60_000);
    await sleep(150);
    const limits = createSharedRateLimits({ counters: hits, log: { warn: () => {} } });
    await limits.sweep();
    const left = await keys();
    expect(left).toContain('sweep:running');
    expect(left).not.toContain('sweep:ended');
    // Another process sweeping the same rows changes nothing.
    await limits.sweep();
    expect(await keys()).toEqual(left);
  });

  it('sweeps by itself once started, until stopped', async () => {
    await hits.hit('timer:ended', 50);
    const limits = createSharedRateLimits({ counters: hits, log: { warn: () => {} }, sweepEveryMs: 100 });
    await sleep(80);
    limits.startSweeping();
    try {
      await expect.poll(keys, { timeout: 2_000, interval: 50 }).not.toContain('timer:ended');
    } finally {
      await limits.stopSweeping();
    }
    await hits.hit('timer:after-stop', 50);
    await sleep(250);
    expect(await keys()).toContain('timer:after-stop');
  });
});
