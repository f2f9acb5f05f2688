/**
 * Counts attempts per key (e.g. per email address) in a sliding window, in memory. The global
 * per-address rate limit stops one client hammering; this stops many clients taking turns at
 * one account. Process-local: several store processes each keep their own counts, which only
 * multiplies the allowance by the number of processes.
 */
export interface AttemptLimiter {
  /** Records an attempt; false when the key has used up its attempts (the attempt is not counted then). */
  take(key: string): boolean;
  /** Seconds until the key may try again (0 when it may now). */
  retryAfter(key: string): number;
  reset(key: string): void;
}

export function createAttemptLimiter({ max, windowMs, now = Date.now }: { max: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const attempts = new Map<string, number[]>();
  let lastSweep = now();

  function recent(key: string): number[] {
    const since = now() - windowMs;
    const kept = (attempts.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  }

  function sweep() {
    if (now() - lastSweep < windowMs) return;
    lastSweep = now();
    for (const key of [...attempts.keys()]) recent(key);
  }

  return {
    take(key) {
      sweep();
      const kept = recent(key);
      if (kept.length >= max) return false;
      attempts.set(key, [...kept, now()]);
      return true;
    },
    retryAfter(key) {
      const kept = recent(key);
      if (kept.length < max) return 0;
      return Math.max(1, Math.ceil((kept[0]! + windowMs - now()) / 1000));
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
