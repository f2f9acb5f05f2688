/**
 * The citation markers of a language model's answer (docs/behaviour/lyra.md#chat-and-the-language-model):
 * only numbers of passages it was given survive, renumbered in the order they are first used.
 */

export interface FilteredCitations {
  text: string;
  /** The context's passage numbers the text cites, in order of first use: `used[0]` became [1]. */
  used: number[];
}

/** `[2]`, `[2, 5]` or `[2][5]`, with the spaces before it (removed with a marker that is dropped). */
const MARKER = /(\s*)\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * Keeps the markers whose numbers are between 1 and `passageCount`, renumbered by first use
 * (`[3] … [1] … [3]` → `[1] … [2] … [1]`); a marker naming none of them goes with the spaces
 * before it. The output for a prefix is a prefix of the output for the whole (see `stablePrefix`).
 */
export function filterCitations(text: string, passageCount: number): FilteredCitations {
  const used: number[] = [];
  const filtered = text.replace(MARKER, (_marker, spaces: string, list: string) => {
    const kept = list
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= passageCount);
    if (kept.length === 0) return '';
    const renumbered = [...new Set(kept)].map((n) => {
      if (!used.includes(n)) used.push(n);
      return `[${used.indexOf(n) + 1}]`;
    });
    return `${spaces}${renumbered.join('')}`;
  });
  return { text: filtered, used };
}

/**
 * The part of a growing answer that later text cannot change once filtered: everything but
 * trailing spaces and an unfinished `[3` or `[3, 4` (the marker may still be dropped, with
 * those spaces).
 */
export function stablePrefix(text: string): string {
  return text.replace(/\s*(\[[\d,\s]*)?$/, '');
}
