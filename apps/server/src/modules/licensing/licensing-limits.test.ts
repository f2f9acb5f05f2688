import { describe, expect, it } from 'vitest';
import { createLicensingLimits, memoryCounters } from './licensing-limits';

describe('the licensing limits in memory', () => {
  it('refuses an address after too many unknown keys, for the rest of 15 minutes', async () => {
    const clock = { now: 0 };
    const limits = createLicensingLimits({ keyRequestsPerMinute: 10, unknownKeysPer15Minutes: 2, now: () => clock.now });
    expect(await limits.checkAddress('192.0.2.1')).toBeUndefined();
    await limits.hitUnknown('192.0.2.1');
    await limits.hitUnknown('192.0.2.1');
    clock.now = 60_000;
    expect(await limits.checkAddress('192.0.2.1')).toEqual({
      retryAfterSeconds: 840,
      message: 'Too many unknown licence keys from this address. Try again in 14 minutes.',
    });
    expect(await limits.checkAddress('192.0.2.2')).toBeUndefined();
    clock.now = 15 * 60_000;
    expect(await limits.checkAddress('192.0.2.1')).toBeUndefined();
  });

  it('counts requests per key in one-minute windows', async () => {
    const clock = { now: 0 };
    const limits = createLicensingLimits({ keyRequestsPerMinute: 2, unknownKeysPer15Minutes: 10, now: () => clock.now });
    expect(await limits.hitKey('AAAA-BBBB')).toBeUndefined();
    expect(await limits.hitKey('AAAA-BBBB')).toBeUndefined();
    expect(await limits.hitKey('AAAA-BBBB')).toMatchObject({ retryAfterSeconds: 60 });
    expect(await limits.hitKey('CCCC-DDDD')).toBeUndefined();
    clock.now = 60_000;
    expect(await limits.hitKey('AAAA-BBBB')).toBeUndefined();
  });

  it('keeps no licence key in its counters', async () => {
    const seen: string[] = [];
    const counters = memoryCounters();
    const limits = createLicensingLimits({
      counters: { hit: (key, ms) => (seen.push(key), counters.hit(key, ms)), peek: counters.peek },
      keyRequestsPerMinute: 2,
      unknownKeysPer15Minutes: 10,
    });
    await limits.hitKey('SECRET-KEY-1234');
    expect(seen.join()).not.toContain('SECRET');
  });
});
