import { describe, expect, it } from 'vitest';
import { createGroupedCounters } from './grouped-counters';
import type { Count, CountRequest } from './rate-limit-hits.repository';

/** The database's counts in memory, with each statement recorded and held until `release`d. */
function fakeDatabase() {
  const totals = new Map<string, number>();
  const statements: CountRequest[][] = [];
  const held: Array<() => void> = [];
  let failNext = false;
  return {
    statements,
    totals,
    failNext: () => (failNext = true),
    release: () => held.shift()?.(),
    countMany: (requests: CountRequest[]) =>
      new Promise<Map<string, Count>>((resolve, reject) => {
        statements.push(requests.map((request) => ({ ...request })));
        held.push(() => {
          if (failNext) {
            failNext = false;
            reject(new Error('connection lost'));
            return;
          }
          const counts = new Map<string, Count>();
          for (const { key, delta } of requests) {
            totals.set(key, (totals.get(key) ?? 0) + delta);
            if (totals.get(key)! > 0) counts.set(key, { hits: totals.get(key)!, msLeft: 1000 });
          }
          resolve(counts);
        });
      }),
    sweepExpired: async () => undefined,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped rate-limit counts', () => {
  it('sends a hit at once when nothing is in flight', async () => {
    const database = fakeDatabase();
    const counters = createGroupedCounters(database);
    const hit = counters.hit('a', 60_000);
    expect(database.statements).toEqual([[{ key: 'a', delta: 1, windowMs: 60_000 }]]);
    database.release();
    expect(await hit).toEqual({ hits: 1, msLeft: 1000 });
  });

  it('sends the hits and peeks made meanwhile in one statement, one row per key, each hit with its own count', async () => {
    const database = fakeDatabase();
    const counters = createGroupedCounters(database);
    const first = counters.hit('a', 60_000);
    const waiting = [counters.hit('a', 60_000), counters.peek('b'), counters.hit('b', 900_000), counters.hit('a', 60_000), counters.peek('c')];
    database.release();
    await settle();
    expect(database.statements[1]).toEqual([
      { key: 'a', delta: 2, windowMs: 60_000 },
      { key: 'b', delta: 1, windowMs: 900_000 },
      { key: 'c', delta: 0, windowMs: 0 },
    ]);
    database.release();
    expect(await first).toEqual({ hits: 1, msLeft: 1000 });
    expect(await Promise.all(waiting)).toEqual([
      { hits: 2, msLeft: 1000 },
      { hits: 1, msLeft: 1000 },
      { hits: 1, msLeft: 1000 },
      { hits: 3, msLeft: 1000 },
      { hits: 0, msLeft: 0 },
    ]);
    expect(database.statements).toHaveLength(2);
  });

  it('fails the requests of a failed statement, and sends the next ones', async () => {
    const database = fakeDatabase();
    const counters = createGroupedCounters(database);
    database.failNext();
    const failed = counters.hit('a', 60_000);
    database.release();
    await expect(failed).rejects.toThrow('connection lost');
    const next = counters.hit('a', 60_000);
    database.release();
    expect(await next).toEqual({ hits: 1, msLeft: 1000 });
  });
});
