import { describe, expect, it } from 'vitest';
import { linkCitations } from './link-citations';

const citations = [
  { n: 1, title: 'Refund Policy — Refunds', url: '/refund-policy#refunds' },
  { n: 2, title: 'A "quoted" title', url: '/support' },
];

describe('linkCitations', () => {
  it('links each known [n] marker to its citation, titled', () => {
    expect(linkCitations('Thirty days [1]. Ask us [2].', citations)).toBe(
      'Thirty days [\\[1\\]](</refund-policy#refunds> "Refund Policy — Refunds"). Ask us [\\[2\\]](</support> "A \\"quoted\\" title").',
    );
  });

  it('leaves unknown numbers, existing links and reference definitions alone', () => {
    const markdown = 'See [3], [1](/elsewhere), [1][ref] and\n\n[1]: /x';
    expect(linkCitations(markdown, citations)).toBe(markdown);
  });
});
