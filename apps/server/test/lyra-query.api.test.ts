import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPageList } from '@store/content';
import { extractHeadings } from '@store/content/headings';
import { lyraAnswerSchema } from '@store/contracts/lyra';
import { lyraUnansweredQuestions, products } from '#server/db/schema.ts';
import { buildSecondApp, createTestApp, TEST_ENGINES, type TestApp } from './helpers';

describe.each(TEST_ENGINES)('POST /api/lyra/query on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { LYRA_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/lyra/query', payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

  it('answers with sentences cited from a real page and heading', async () => {
    const response = await post({ query: 'How many computers can I use reMIDI 4 on?' });
    expect(response.statusCode).toBe(200);
    const answer = lyraAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ influencer: 'lyra', mode: 'search', answered: true });
    expect(answer.answer).toMatch(/3 computers/);
    expect(answer.answer).toMatch(/\[1\]/);
    expect(answer.citations.map((citation) => citation.n)).toEqual(answer.citations.map((_, index) => index + 1));
    for (const citation of answer.citations) {
      const [path, anchor] = citation.url.split('#');
      if (path!.startsWith('/products/')) continue;
      const page = contentPageList.find((candidate) => candidate.path === path);
      expect(page, citation.url).toBeDefined();
      if (anchor) expect(extractHeadings(await page!.load()).map((heading) => heading.id)).toContain(anchor);
    }
  });

  it('introduces a real sketch by its title and chords, naming its key and tempo once', async () => {
    const answer = lyraAnswerSchema.parse((await post({ query: 'melancholic lo-fi in A minor at 80 bpm' })).json());
    const sketch = answer.sketch!;
    expect(sketch).toMatchObject({ key: 'A minor', bpm: 80, title: 'Melancholic lo-fi in A minor, 80 bpm' });
    expect(answer.answer).toBe(`Here is a sketch for your wish: **${sketch.title}** (${sketch.chords.join(' – ')}).`);
    expect(answer.answer.match(/80 bpm/g)).toHaveLength(1);
  });

  it('returns the products an answer names as cards priced at what the shopper pays', async () => {
    const answer = lyraAnswerSchema.parse((await post({ query: 'Is there a deal on reChannel?' })).json());
    expect(answer.products).toContainEqual(expect.objectContaining({ path: 'rechannel', display: 'reChannel', price: '$23.20' }));
  });

  it('declines an out-of-scope question, points to Support, and records it for the maker', async () => {
    const question = 'What is the capital of France?';
    const answer = lyraAnswerSchema.parse((await post({ query: `  ${question}  ` })).json());
    expect(answer).toMatchObject({ answered: false, citations: [], products: [] });
    expect(answer.answer).toContain('](/support)');
    expect(answer.answer).toContain(`mailto:${t.config.publicConfig.supportEmail}`);
    // Written in the background within a second, without the surrounding spaces.
    const recorded = () => t.database.db.select().from(lyraUnansweredQuestions).where(eq(lyraUnansweredQuestions.question, question));
    await expect.poll(recorded, { timeout: 5_000, interval: 100 }).toHaveLength(1);
    expect((await recorded())[0]).toMatchObject({ influencer: 'lyra' });
  });

  it.each([
    [{}, 'query'],
    [{ query: '' }, 'query'],
    [{ query: '   ' }, 'query'],
    [{ query: 'x'.repeat(2001) }, 'query'],
    [{ query: 42 }, 'query'],
    [{ query: 'hello', influencer: 7 }, 'influencer'],
    [{ query: 'hello', influencer: 'Not A Name!' }, 'influencer'],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${field}:`);
    // Named once: 'Invalid question: query: must not be empty'.
    expect(response.json().message).not.toContain(`${field}: ${field}:`);
  });

  it.each([
    ['no body', undefined, undefined],
    ['a JSON array', '[1]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['plain text', 'How do I get a refund?', 'text/plain'],
  ])('refuses %s with a 400 naming the field to send', async (_name, payload, contentType) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/lyra/query', payload, headers: contentType ? { 'content-type': contentType } : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('query: send a JSON object');
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/lyra/query', payload: '{"query": ', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an assistant that is not configured', async () => {
    const response = await post({ query: 'How do I get a refund?', influencer: 'nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("No assistant named 'nobody'");
  });

  it('shows a product changed in the database in the next answers of every store process on it', async () => {
    const second = await buildSecondApp(t);
    await second.ready();
    const price = async (app: FastifyInstance) =>
      lyraAnswerSchema.parse((await app.inject({ method: 'POST', url: '/api/lyra/query', payload: { query: 'How much does reChannel cost?' } })).json()).answer;
    try {
      expect(await price(t.app)).toContain('$23.20');
      expect(await price(second)).toContain('$23.20');
      // Written behind both processes' backs, as another process or the maker's tools would.
      await t.database.db.update(products).set({ priceMinor: 4400 }).where(eq(products.path, 'rechannel'));
      await expect.poll(() => price(t.app), { timeout: 5_000, interval: 200 }).toContain('$35.20');
      await expect.poll(() => price(second), { timeout: 5_000, interval: 200 }).toContain('$35.20');
    } finally {
      await t.database.db.update(products).set({ priceMinor: 2900 }).where(eq(products.path, 'rechannel'));
      await second.close();
    }
  });
});

describe('POST /api/lyra/query rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { LYRA_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After and when to retry once a client asked too often', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: '/api/lyra/query', payload: { query: 'How do I get a refund?' } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Please wait .+ and try again/);
  });
});
