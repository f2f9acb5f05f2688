import type { Count, CountRequest } from './rate-limit-hits.repository';

export interface GroupedCountersOptions {
  /** The database's counts: one statement for many keys (rate-limit-hits.repository.ts). */
  countMany(requests: CountRequest[]): Promise<Map<string, Count>>;
  sweepExpired(): Promise<void>;
}

interface Waiting {
  key: string;
  delta: number;
  windowMs: number;
  resolve(count: Count): void;
  reject(error: unknown): void;
}

/**
 * The database's rate-limit counts with group commit (docs/decisions/0026-shared-rate-limits.md):
 * a hit or peek made while no statement is in flight is sent at once; those made while one is
 * in flight wait for it and then go together in the next statement, one row per key. So a busy
 * process sends one statement per round trip instead of one per request, and every answer is
 * still the database's count after that request was counted: limits stay exact across processes.
 */
export function createGroupedCounters({ countMany, sweepExpired }: GroupedCountersOptions) {
  let queued: Waiting[] = [];
  let inFlight = false;

  async function send() {
    inFlight = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      const requests = new Map<string, CountRequest>();
      for (const { key, delta, windowMs } of batch) {
        const request = requests.get(key);
        // A peek asks no window: the key's hits name it.
        if (request) Object.assign(request, { delta: request.delta + delta, windowMs: Math.max(request.windowMs, windowMs) });
        else requests.set(key, { key, delta, windowMs });
      }
      try {
        const counts = await countMany([...requests.values()]);
        answer(batch, counts);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    inFlight = false;
  }

  /** Each hit of a key gets its own count: the key's hits of this batch are numbered in order, ending at the total. */
  function answer(batch: Waiting[], counts: Map<string, Count>) {
    const hitsLeft = new Map<string, number>();
    for (const { key, delta } of batch) hitsLeft.set(key, (hitsLeft.get(key) ?? 0) + delta);
    const seen = new Map<string, number>();
    for (const waiting of batch) {
      const count = counts.get(waiting.key) ?? { hits: 0, msLeft: 0 };
      const before = seen.get(waiting.key) ?? 0;
      seen.set(waiting.key, before + waiting.delta);
      const later = hitsLeft.get(waiting.key)! - before - waiting.delta;
      waiting.resolve(waiting.delta > 0 ? { hits: count.hits - later, msLeft: count.msLeft } : count);
    }
  }

  function enqueue(key: string, delta: number, windowMs: number): Promise<Count> {
    return new Promise((resolve, reject) => {
      queued.push({ key, delta, windowMs, resolve, reject });
      if (!inFlight) void send();
    });
  }

  return {
    hit: (key: string, windowMs: number) => enqueue(key, 1, windowMs),
    peek: (key: string) => enqueue(key, 0, 0),
    sweepExpired,
  };
}
