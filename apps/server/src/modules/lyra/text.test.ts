import { describe, expect, it } from 'vitest';
import { markdownToText, normaliseTerm, splitSentences, termsOf } from './text';

describe("Lyra's reading of words", () => {
  it.each([
    ['license', 'licence'],
    ['Licenses', 'licence'],
    ['licences', 'licence'],
    ['serial', 'key'],
    ['keys', 'key'],
    ['authorise', 'activate'],
    ['authorize', 'activate'],
    ['activation', 'activate'],
    ['machines', 'computer'],
    ['seat', 'computer'],
    ['Mac', 'macos'],
    ['refunded', 'refund'],
    ['three', '3'],
  ])('reads %s as %s', (word, term) => {
    expect(normaliseTerm(word)).toBe(term);
  });

  it('stems the other words and drops stop words', () => {
    expect(normaliseTerm('installing')).toBe(normaliseTerm('installation'));
    expect(normaliseTerm('the')).toBeNull();
    expect(normaliseTerm('How')).toBeNull();
  });

  it('takes the multi-word synonyms as one word', () => {
    expect(termsOf('Can I get my money back?')).toEqual(['refund']);
    expect(termsOf('Audio Units on Mac OS X')).toEqual(['au', 'macos']);
  });

  it('keeps numbers and versions whole', () => {
    expect(termsOf('reMIDI 4.2.1 on 3 computers')).toEqual(['remidi', '4.2.1', '3', 'computer']);
  });

  it('turns Markdown into plain lines and sentences', () => {
    const text = markdownToText('**Up to 3 computers.** One licence, see the [guide](/remidi-4-installation).\n\n- `Settings › Licence`\n- Second item');
    expect(text).toBe('Up to 3 computers. One licence, see the guide.\n\nSettings › Licence\nSecond item');
    expect(splitSentences(text)).toEqual(['Up to 3 computers.', 'One licence, see the guide.', 'Settings › Licence', 'Second item']);
  });

  it('does not cut a sentence after a version number or an abbreviation followed by lower case', () => {
    expect(splitSentences('Install version 4.2.1 first. then restart, e.g. your DAW.')).toEqual(['Install version 4.2.1 first. then restart, e.g. your DAW.']);
  });
});

describe('tables', () => {
  it('reads each row with its column names', () => {
    expect(markdownToText('Before.\n\n| What | How long |\n| ---- | -------- |\n| Cart | 30 days |\n| Theme | until cleared |\n\nAfter.')).toBe(
      'Before.\n\nWhat: Cart; How long: 30 days.\nWhat: Theme; How long: until cleared.\n\nAfter.',
    );
  });
});
