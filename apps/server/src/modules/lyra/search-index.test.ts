import { describe, expect, it } from 'vitest';
import { numberPassages } from './knowledge';
import { buildPassageIndex, CONFIDENCE, composeAnswer, isConfident } from './search-index';
import { termsOf } from './text';

const index = buildPassageIndex(
  numberPassages([
    {
      title: 'Support: Licensing',
      url: '/support#licensing',
      headings: 'Licensing',
      text: 'One licence activates a plugin on up to 3 computers at the same time. Your account shows each licence key.',
    },
    {
      title: 'Refund Policy: At a glance',
      url: '/refund-policy#at-a-glance',
      headings: 'At a glance',
      text: 'You have 30 days from the date of purchase to ask for a refund. Approved refunds appear within 7–10 business days.',
    },
    { title: 'Installation: macOS', url: '/install#macos', headings: 'macOS', text: 'Copy the Audio Unit into the Components folder. Rescan in your DAW.' },
  ]),
);

describe('passage index', () => {
  it('finds a passage through the synonyms and stemming', () => {
    expect(index.search('On how many machines can I authorize my license?')[0]?.passage.url).toBe('/support#licensing');
    expect(index.search('Can I get my money back?')[0]?.passage.url).toBe('/refund-policy#at-a-glance');
    expect(index.search('Where does the AU go on my Mac?')[0]?.passage.url).toBe('/install#macos');
  });

  it('forgives a typo in a longer word', () => {
    expect(index.search('licnese computers')[0]?.passage.url).toBe('/support#licensing');
  });

  it('answers with cited sentences, the best passage first', () => {
    const answer = index.answer('How many computers does one licence activate?');
    expect(answer?.citations[0]).toEqual({ n: 1, title: 'Support: Licensing', url: '/support#licensing' });
    expect(answer?.answer).toMatch(/^One licence activates a plugin on up to 3 computers at the same time \[1\]\./);
  });

  it('declines what it does not know', () => {
    expect(index.answer('What is the capital of France?')).toBeNull();
    expect(index.answer('the of and')).toBeNull();
  });

  it('is confident only with enough of the question found and a high enough score', () => {
    expect(isConfident({ coverage: CONFIDENCE.minCoverage, score: CONFIDENCE.minScore })).toBe(true);
    expect(isConfident({ coverage: CONFIDENCE.minCoverage - 0.01, score: 100 })).toBe(false);
    expect(isConfident({ coverage: 1, score: CONFIDENCE.minScore - 0.01 })).toBe(false);
  });
});

describe('citation numbering', () => {
  const passage = (id: number, url: string, text: string) => ({ passage: { id, title: url, url, headings: '', text }, score: 10, coverage: 1 });

  it('numbers citations in order of first use and reuses a number for the same passage', () => {
    const answer = composeAnswer(termsOf('refund days'), [
      passage(0, '/a', 'Refund within 30 days. Refund again after days.'),
      passage(1, '/b', 'A refund takes 10 days.'),
    ]);
    expect(answer?.citations.map(({ n, url }) => [n, url])).toEqual([
      [1, '/a'],
      [2, '/b'],
    ]);
    expect(answer?.answer.match(/\[\d\]/g)).toEqual(['[1]', '[1]', '[2]']);
  });

  it('ends a quoted list item with a full stop', () => {
    expect(composeAnswer(termsOf('refund'), [passage(0, '/a', 'ask for a refund;')])?.answer).toBe('ask for a refund [1].');
  });

  it("puts each sentence's marker before its closing stop, so it never reads as the start of the next sentence", () => {
    const answer = composeAnswer(termsOf('refund days'), [
      passage(0, '/a', 'Refund within 30 days. Is a refund quick? Days count!'),
      passage(1, '/b', 'A refund takes 10 days.'),
    ]);
    expect(answer?.answer).toMatch(/^Refund within 30 days \[1\]\. /);
    expect(answer?.answer.split(/(?<=[.!?]) /).every((sentence) => /\[\d\][.!?]$/.test(sentence))).toBe(true);
  });

  it('quotes at most three sentences and the same sentence once', () => {
    const same = 'Refund within 30 days';
    const answer = composeAnswer(termsOf('refund days'), [
      passage(0, '/a', `${same}. Refund days one. Refund days two. Refund days three.`),
      passage(1, '/b', `${same}.`),
    ]);
    expect(answer?.answer.match(/\[\d\]/g)).toHaveLength(3);
    expect(answer?.answer.split(same)).toHaveLength(2);
  });
});
