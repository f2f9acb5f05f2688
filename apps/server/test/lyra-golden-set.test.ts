import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lyraAnswerSchema } from '@store/contracts/lyra';
import { createTestApp, type TestApp } from './helpers';
import { citesAcceptably, GOLDEN_QUESTIONS, OUT_OF_SCOPE_QUESTIONS } from './lyra-golden-set.mjs';

describe("Lyra's golden set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { LYRA_RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = async (query: string) => lyraAnswerSchema.parse((await t.app.inject({ method: 'POST', url: '/api/lyra/query', payload: { query } })).json());

  it('cites the right page first for at least 90% of the store questions', async () => {
    expect(GOLDEN_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const { question, cite } of GOLDEN_QUESTIONS) {
      const answer = await ask(question);
      if (!answer.answered || !citesAcceptably(answer.citations[0]?.url, cite)) wrong.push(`${question} → ${answer.citations[0]?.url ?? 'declined'}`);
    }
    const share = 1 - wrong.length / GOLDEN_QUESTIONS.length;
    expect(share, wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('declines at least 90% of the out-of-scope questions', async () => {
    expect(OUT_OF_SCOPE_QUESTIONS.length).toBeGreaterThanOrEqual(8);
    let declined = 0;
    for (const question of OUT_OF_SCOPE_QUESTIONS) if (!(await ask(question)).answered) declined += 1;
    expect(declined / OUT_OF_SCOPE_QUESTIONS.length).toBeGreaterThanOrEqual(0.9);
  });
});
