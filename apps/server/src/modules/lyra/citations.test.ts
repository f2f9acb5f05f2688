import { describe, expect, it } from 'vitest';
import { filterCitations, stablePrefix } from './citations';

describe('filterCitations', () => {
  it('renumbers the citations a language model used in order of first use', () => {
    expect(filterCitations('Three seats [3]. Refunds in 30 days [1]. Seats again [3].', 4)).toEqual({
      text: 'Three seats [1]. Refunds in 30 days [2]. Seats again [1].',
      used: [3, 1],
    });
  });

  it('drops citations of passages that were not given, with the space before them', () => {
    expect(filterCitations('Yes [7]. No [0], maybe [2] [12].', 2)).toEqual({ text: 'Yes. No, maybe [1].', used: [2] });
  });

  it('keeps the known numbers of a list and writes them one marker each', () => {
    expect(filterCitations('Both [2, 9, 1].', 3)).toEqual({ text: 'Both [1][2].', used: [2, 1] });
  });

  it('leaves brackets that are not citations alone', () => {
    expect(filterCitations('See [the manual](/manual) [1].', 1).text).toBe('See [the manual](/manual) [1].');
  });

  it('gives for every stable prefix a prefix of the whole filtered text', () => {
    const whole = 'Refunds take 30 days [4]. Seats [2, 5] and [9] more [1].';
    const filtered = filterCitations(whole, 4).text;
    for (let end = 0; end <= whole.length; end++) {
      expect(filtered.startsWith(filterCitations(stablePrefix(whole.slice(0, end)), 4).text), whole.slice(0, end)).toBe(true);
    }
  });
});
