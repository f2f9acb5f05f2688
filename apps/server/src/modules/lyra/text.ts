/**
 * How Lyra reads words, the same way for the passages it indexes and the questions it is
 * asked: lower case, English stop words dropped, the store's synonyms made one word
 * (docs/behaviour/lyra.md#answers), then Porter-stemmed.
 */
import { stemmer } from 'stemmer';

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them themselves then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom why will with would you your ' +
    'yours yourself yourselves also get got may might must shall us use using used want wants need needs tell know please ' +
    'find long lyra hi hello thanks thank does doesn dont don t s ve ll re m d ones many much'
  ).split(' '),
);

/** Phrases that mean one of the store's words; replaced before the text is cut into words. */
const PHRASES: [RegExp, string][] = [
  [/\bmoney[\s-]+back\b/gi, 'refund'],
  [/\baudio[\s-]+units?\b/gi, 'au'],
  [/\bmac[\s-]?os(?:\s*x)?\b/gi, 'macos'],
  [/\bos[\s-]?x\b/gi, 'macos'],
];

/** Words that mean the same here, each mapped to the one the index keeps (before stemming). */
const SYNONYMS: [RegExp, string][] = [
  [/^licens(e|es|ed|ing)$/, 'licence'],
  [/^licences$/, 'licence'],
  [/^serials?$/, 'key'],
  [/^keys$/, 'key'],
  [/^(authori[sz](e|es|ed|ing|ation|ations)|activat(e|es|ed|ing|ion|ions))$/, 'activate'],
  [/^(machines?|seats?|computers?|pcs?|laptops?)$/, 'computer'],
  [/^(macs?|macos|macbooks?|osx)$/, 'macos'],
  [/^(refunds?|refunded|refunding|reimburse(d|ment)?)$/, 'refund'],
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].map((word, index): [RegExp, string] => [
    new RegExp(`^${word}$`),
    String(index + 1),
  ]),
];

/** One word of the text as the index keeps it, or null for a stop word. */
export function normaliseTerm(word: string): string | null {
  const lower = word.toLowerCase().replace(/[’']/g, '');
  if (lower === '' || STOP_WORDS.has(lower)) return null;
  for (const [pattern, canonical] of SYNONYMS) if (pattern.test(lower)) return canonical;
  return /^\d/.test(lower) ? lower : stemmer(lower);
}

/** Replaces the multi-word synonyms by the store's word (`money back` → `refund`). */
export function replacePhrases(text: string): string {
  return PHRASES.reduce((result, [pattern, word]) => result.replace(pattern, word), text);
}

/** The words of a text, before normalising: letters and digits, with inner dots kept (`1.2`, `v4.1`). */
export function splitWords(text: string): string[] {
  return replacePhrases(text).match(/[\p{Letter}\p{Number}]+(?:[.’'][\p{Letter}\p{Number}]+)*/gu) ?? [];
}

/** The distinct normalised terms of a text, in order of appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const word of splitWords(text)) {
    const term = normaliseTerm(word);
    if (term !== null) terms.add(term);
  }
  return [...terms];
}

/** Markdown as plain text: links keep their text, marks and list bullets go, lines stay. */
export function markdownToText(markdown: string): string {
  return (
    tablesAsLines(markdown)
      // Block ends of HTML (a product summary) end a line; inline tags just go.
      .replace(/<(?:br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/&amp;/g, '&')
      .replace(/&nbsp;/g, ' ')
      .split(/\r?\n/)
      .map((line) =>
        line
          .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
          .replace(/^\s*>\s?/, '')
          .replace(/[ \t]{2,}/g, ' ')
          .trim(),
      )
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * A Markdown table as one line per row, each cell named by its column:
 * `| What | How long |` over `| Cart | 30 days |` → `What: Cart; How long: 30 days.`
 */
function tablesAsLines(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!;
    if (!isTableRow(header) || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      out.push(header);
      continue;
    }
    const columns = cells(header);
    i += 2;
    for (; i < lines.length && isTableRow(lines[i]!); i++) {
      const row = cells(lines[i]!);
      out.push(`${row.map((cell, index) => (columns[index] ? `${columns[index]}: ${cell}` : cell)).join('; ')}.`);
    }
    i -= 1;
  }
  return out.join('\n');
}

const isTableRow = (line: string) => /^\s*\|.*\|\s*$/.test(line);
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The sentences of plain text: a line (a list item, a table row) ends a sentence, and so does
 * `.`, `!` or `?` followed by a space and a capital or a digit.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["“(]?[\p{Lu}\d])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{Letter}\p{Number}]/u.test(sentence));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
