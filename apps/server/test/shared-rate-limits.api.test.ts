import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '#server/db/schema.ts';
import { createSketcher } from '#server/modules/lyra/song-seed/index.ts';
import { buildSecondApp, createTestApp, TEST_ENGINES, type TestApp } from './helpers';

const QUESTION = { query: 'How do I get a refund?' };
const sketch = createSketcher().sketchForWish('melancholic lo-fi in A minor at 80 bpm')!;

const ask = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: 'POST', url: '/api/lyra/query', payload: QUESTION, remoteAddress });
const chat = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/lyra/chat', payload: { messages: [{ role: 'user', content: QUESTION.query }] }, remoteAddress });
const fetchSketch = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: 'GET', url: sketch.midiUrl, remoteAddress });

describe.each(TEST_ENGINES)("Lyra's limits shared by two store processes on one database (%s)", (engine) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    // Counted in the database on PGlite too, as on PostgreSQL, to run two stores on one PGlite database.
    t = await createTestApp(engine, { env: { LYRA_RATE_LIMIT_PER_MINUTE: '3', LYRA_SKETCH_FILES_PER_MINUTE: '2' }, sharedRateLimitsInDatabase: true });
    second = await buildSecondApp(t, { sharedRateLimitsInDatabase: true });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('answers 429 from the second process once the question budget was spent through the first, for questions and chats together', async () => {
    const client = '192.0.2.31';
    expect((await ask(t.app, client)).statusCode).toBe(200);
    expect((await chat(t.app, client)).statusCode).toBe(200);
    expect((await ask(t.app, client)).statusCode).toBe(200);

    const limited = await chat(second, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many requests\. Please wait (1 minute|59 seconds) and try again\.$/),
    });
    // The window of a minute started with the first question, a moment ago.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ask(t.app, client)).statusCode).toBe(429);
    // Another client has its own budget.
    expect((await ask(second, '192.0.2.32')).statusCode).toBe(200);
  });

  it('counts the sketch files in their own shared budget', async () => {
    const client = '192.0.2.41';
    expect((await fetchSketch(t.app, client)).statusCode).toBe(200);
    expect((await fetchSketch(second, client)).statusCode).toBe(200);
    const limited = await fetchSketch(t.app, client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The files did not spend the question budget.
    expect((await ask(second, client)).statusCode).toBe(200);
  });

  it('keeps the global limit in memory: a request under it writes no count', async () => {
    const before = await t.database.db.$count(rateLimitHits);
    expect((await t.app.inject({ url: '/status', remoteAddress: '192.0.2.51' })).statusCode).toBe(200);
    expect(await t.database.db.$count(rateLimitHits)).toBe(before);
    expect((await ask(t.app, '192.0.2.51')).statusCode).toBe(200);
    expect(await t.database.db.$count(rateLimitHits)).toBe(before + 1);
  });
});

describe('a shared limit whose database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { LYRA_RATE_LIMIT_PER_MINUTE: '1' }, sharedRateLimitsInDatabase: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets the questions through instead of failing them, and counts again once the table is back', async () => {
    const client = '192.0.2.61';
    await t.database.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      for (let i = 0; i < 3; i++) expect((await ask(t.app, client)).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect((await ask(t.app, client)).statusCode).toBe(200);
    expect((await ask(t.app, client)).statusCode).toBe(429);
  });
});

describe('the answer of a shared limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { LYRA_RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_MAX: '1' }, sharedRateLimitsInDatabase: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the global limit’s 429: same body, same headers', async () => {
    const client = '192.0.2.71';
    await t.app.inject({ url: '/status', remoteAddress: client });
    const global = await t.app.inject({ url: '/status', remoteAddress: client });
    await ask(t.app, client);
    const shared = await ask(t.app, client);
    expect(global.statusCode).toBe(429);
    expect(shared.statusCode).toBe(429);
    expect(shared.json()).toEqual(global.json());
    const limitHeaders = (response: typeof global) =>
      Object.keys(response.headers)
        .filter((name) => /^(x-ratelimit-|retry-after)/.test(name))
        .sort();
    expect(limitHeaders(shared)).toEqual(['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
    expect(limitHeaders(shared)).toEqual(limitHeaders(global));
    expect(shared.headers['retry-after']).toBe(global.headers['retry-after']);
  });
});

describe('the shared limits of a store on PGlite, which only one process can open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { LYRA_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are counted in memory, with questions and chats still in one budget', async () => {
    const client = '192.0.2.81';
    expect((await ask(t.app, client)).statusCode).toBe(200);
    expect((await chat(t.app, client)).statusCode).toBe(200);
    const limited = await ask(t.app, client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(await t.database.db.$count(rateLimitHits)).toBe(0);
  });
});
