import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createSharedRateLimits, sharedRateLimit, type RateLimitCounters } from './shared-rate-limits';

const CLIENT = '192.0.2.9';

/** A store with one shared route and one in-memory route, counting through `counters`. */
async function appWith(counters: RateLimitCounters, clock = { now: 0 }) {
  const warn = vi.fn();
  const limits = createSharedRateLimits({ counters, log: { warn }, now: () => clock.now });
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { store: limits.Store, max: 100, timeWindow: 60_000 });
  app.get('/shared', { config: { rateLimit: sharedRateLimit('budget', 1) } }, () => 'ok');
  app.get('/local', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, () => 'ok');
  const get = (url: string) => app.inject({ url, remoteAddress: CLIENT });
  return { app, warn, get };
}

const failing = (): RateLimitCounters => ({
  hit: () =>
    Promise.reject(
      Object.assign(new Error(`Failed query: insert …\nparams: budget:${CLIENT},60000`), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      }),
    ),
  sweepExpired: () => Promise.resolve(),
});

describe('the shared rate-limit store', () => {
  it('counts a shared route under its budget name and the client, and other routes in memory', async () => {
    const hit = vi.fn(async () => ({ hits: 2, msLeft: 41_500 }));
    const { app, get } = await appWith({ hit, sweepExpired: async () => {} });
    const limited = await get('/shared');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(hit).toHaveBeenCalledWith(`budget:${CLIENT}`, 60_000);
    expect((await get('/local')).statusCode).toBe(200);
    expect((await get('/local')).statusCode).toBe(429);
    expect(hit).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('lets requests through when the database fails, and warns at most once a minute without the client', async () => {
    const clock = { now: 0 };
    const { app, warn, get } = await appWith(failing(), clock);
    for (let i = 0; i < 3; i++) expect((await get('/shared')).statusCode).toBe(200);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toEqual({ reason: '57P01' });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(CLIENT);
    clock.now += 59_000;
    await get('/shared');
    expect(warn).toHaveBeenCalledTimes(1);
    clock.now += 1_000;
    await get('/shared');
    expect(warn).toHaveBeenCalledTimes(2);
    await app.close();
  });
});
