import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '#server/db/schema.ts';
import { buildSecondApp, createTestApp, type TestApp } from './helpers';
import { redisAnswers, TEST_REDIS_URL } from './redis-probe.mjs';

const REDIS_URL = TEST_REDIS_URL;
/** A port in this suite's range where nothing listens: a Redis that is down. */
const DOWN_REDIS_URL = 'redis://127.0.0.1:8429';

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Skipping the Redis rate-limit tests: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL).`);

/** Each run uses addresses of its own, so counts left in Redis by an earlier run (a minute long) never meet it. */
const freshAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const ask = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/lyra/query', payload: { query: 'How do I get a refund?' }, remoteAddress });
const status = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: 'GET', url: '/status', remoteAddress });

describe.skipIf(!redisUp)('every rate limit counted in Redis (REDIS_URL), across two store processes', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    // On PGlite with the shared limits in the database asked for: Redis must still be the one that counts.
    const env = { REDIS_URL, RATE_LIMIT_MAX: '5', LYRA_RATE_LIMIT_PER_MINUTE: '3' };
    t = await createTestApp('pglite', { env, sharedRateLimitsInDatabase: true });
    second = await buildSecondApp(t, { sharedRateLimitsInDatabase: true });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('holds the global limit across both: the sixth request over the two is refused', async () => {
    const client = freshAddress();
    const answers = [];
    for (const app of [t.app, second, t.app, second, t.app]) answers.push((await status(app, client)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    const limited = await status(second, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait (1 minute|\d+ seconds) and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await status(t.app, freshAddress())).statusCode).toBe(200);
  });

  it('holds a named budget across both, separately from the global limit, and writes nothing to the database', async () => {
    const client = freshAddress();
    expect((await ask(t.app, client)).statusCode).toBe(200);
    expect((await ask(second, client)).statusCode).toBe(200);
    expect((await ask(t.app, client)).statusCode).toBe(200);
    expect((await ask(second, client)).statusCode).toBe(429);
    // The questions did not spend the global budget of 5.
    expect((await status(second, client)).statusCode).toBe(200);
    expect(await t.database.db.select().from(rateLimitHits)).toEqual([]);
  });
});

describe('a configured Redis that does not answer', () => {
  let t: TestApp;
  const warnings: string[] = [];
  let startedInMs = 0;
  let store: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_MAX: '2' } });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
        if (line.level === 40) warnings.push(line.msg);
        done();
      },
    });
    const started = Date.now();
    store = await buildSecondApp(t, { config: { ...t.config, redisUrl: DOWN_REDIS_URL }, logger: { level: 'warn', stream } });
    await store.ready();
    startedInMs = Date.now() - started;
  });
  afterAll(async () => {
    await store?.close();
    await t?.close();
  });

  it('starts anyway, lets requests through uncounted, and warns once rather than on every request', async () => {
    expect(startedInMs).toBeLessThan(5_000);
    const client = freshAddress();
    const answers = [];
    for (let request = 0; request < 5; request += 1) answers.push((await status(store, client)).statusCode);
    // Over the limit of 2, yet not refused: nothing could count them.
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(warnings.filter((message) => /Redis/.test(message))).toHaveLength(1);
  });
});
