import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';

describe('createAttemptLimiter', () => {
  it('allows max attempts per key in the window, then tells how long to wait', () => {
    let time = 1_000_000;
    const limiter = createAttemptLimiter({ max: 3, windowMs: 60_000, now: () => time });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.retryAfter('a')).toBe(60);
    time += 30_000;
    expect(limiter.retryAfter('a')).toBe(30);
    time += 30_001;
    expect(limiter.retryAfter('a')).toBe(0);
    expect(limiter.take('a')).toBe(true);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
