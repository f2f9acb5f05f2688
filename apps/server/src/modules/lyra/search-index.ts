/**
 * The full-text index over Lyra's passages (MiniSearch: BM25+, field boosts, fuzzy and
 * prefix matching for longer words) and the extractive answer built from its best hits.
 */
import MiniSearch from 'minisearch';
import type { LyraCitation } from '@store/contracts/lyra';
import { normaliseTerm, splitSentences, splitWords, termsOf } from './text';
import type { Passage } from './lyra.types';

/** How a passage's fields weigh: a word in the title counts most, then the headings, then the text. */
const FIELD_BOOST = { title: 3, headings: 2, text: 1 };

/**
 * How sure Lyra must be to answer (docs/behaviour/lyra.md#answers), tuned on the golden set:
 * the share of the question's words found in the best passage, and its score.
 */
export const CONFIDENCE = { minCoverage: 0.5, minScore: 4 };

/** At most this many sentences in an answer, from at most this many passages. */
const MAX_SENTENCES = 3;
const MAX_PASSAGES = 3;
/** A passage below this share of the best score is not quoted. */
const RELATIVE_SCORE_FLOOR = 0.35;

export interface SearchHit {
  passage: Passage;
  score: number;
  /** Share of the question's distinct terms the passage contains (0–1). */
  coverage: number;
}

export interface ExtractiveAnswer {
  /** Markdown: sentences each followed by its `[n]`. */
  answer: string;
  citations: LyraCitation[];
  /** The passages cited, in citation order. */
  cited: Passage[];
}

export interface PassageIndex {
  search(question: string): SearchHit[];
  /** The passages worth quoting for a question, best first (whether or not Lyra is confident): the extractive answer's and the language model's context. */
  retrieve(question: string, limit?: number): SearchHit[];
  /** The best sentences of the best passages, or null when Lyra is not confident enough to answer. */
  answer(question: string): ExtractiveAnswer | null;
  readonly size: number;
}

export function buildPassageIndex(passages: Passage[]): PassageIndex {
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const miniSearch = new MiniSearch<Passage>({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    tokenize: splitWords,
    processTerm: normaliseTerm,
    searchOptions: {
      boost: FIELD_BOOST,
      // Typos and word starts only for longer words: short ones would match too much.
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      prefix: (term) => term.length >= 5,
      combineWith: 'OR',
    },
  });
  miniSearch.addAll(passages);
  // Read once here, not per question: the coverage of every hit needs them.
  const termSets = new Map(passages.map((passage) => [passage.id, new Set(termsOf(`${passage.title} ${passage.headings} ${passage.text}`))]));

  function search(question: string): SearchHit[] {
    const questionTerms = termsOf(question);
    if (questionTerms.length === 0) return [];
    const hits = miniSearch.search(question).flatMap((result) => {
      const passage = byId.get(result.id as number);
      if (!passage) return [];
      const passageTerms = termSets.get(passage.id)!;
      const found = questionTerms.filter((term) => passageTerms.has(term) || result.queryTerms.includes(term)).length;
      return [{ passage, score: result.score, coverage: found / questionTerms.length }];
    });
    // A passage holding all of the question's words beats one that repeats a few of them.
    return hits.sort((a, b) => rank(b) - rank(a));
  }

  function retrieve(question: string, limit = MAX_PASSAGES): SearchHit[] {
    return quotable(search(question), limit);
  }

  function answer(question: string): ExtractiveAnswer | null {
    const hits = search(question);
    const best = hits[0];
    if (!best || !isConfident(best)) return null;
    return composeAnswer(termsOf(question), quotable(hits, MAX_PASSAGES));
  }

  return { search, retrieve, answer, size: passages.length };
}

/** The hits close enough to the best one to quote, best first. */
function quotable(hits: SearchHit[], limit: number): SearchHit[] {
  const best = hits[0];
  if (!best) return [];
  return hits.filter((hit) => hit.score >= best.score * RELATIVE_SCORE_FLOOR && hit.coverage > 0).slice(0, limit);
}

function rank(hit: SearchHit): number {
  return hit.score * hit.coverage ** 2;
}

export function isConfident(hit: Pick<SearchHit, 'score' | 'coverage'>): boolean {
  return hit.coverage >= CONFIDENCE.minCoverage && hit.score >= CONFIDENCE.minScore;
}

interface Candidate {
  passage: Passage;
  sentence: string;
  /** Distinct question terms in the sentence, plus a little for the passage's rank. */
  score: number;
  order: number;
}

/**
 * The answer: the best sentence of the best passage first (so the first citation is the best
 * passage), then the best remaining sentences of the quoted passages; citations are numbered
 * in order of first use.
 */
export function composeAnswer(questionTerms: string[], quoted: SearchHit[]): ExtractiveAnswer | null {
  const wanted = new Set(questionTerms);
  const candidates: Candidate[] = quoted.flatMap((hit, rank) =>
    splitSentences(hit.passage.text).map((sentence, order) => {
      const found = termsOf(sentence).filter((term) => wanted.has(term)).length;
      return { passage: hit.passage, sentence, score: found - rank * 0.5 - order * 0.01, order };
    }),
  );
  const useful = candidates.filter((candidate) => candidate.score > 0 || (candidate.passage === quoted[0]?.passage && candidate.order === 0));
  const first = useful.filter((candidate) => candidate.passage === quoted[0]?.passage).sort(byScore)[0];
  if (!first) return null;
  const chosen: Candidate[] = [first];
  for (const candidate of useful.filter((other) => other.score >= 1).sort(byScore)) {
    if (chosen.length === MAX_SENTENCES) break;
    // Products share sentences ("royalty-free in your own music"): quote each once.
    if (!chosen.some((taken) => taken.sentence === candidate.sentence)) chosen.push(candidate);
  }

  const citations: LyraCitation[] = [];
  const cited: Passage[] = [];
  const lines = chosen.map((candidate) => {
    let index = cited.indexOf(candidate.passage);
    if (index === -1) {
      cited.push(candidate.passage);
      citations.push({ n: cited.length, title: candidate.passage.title, url: candidate.passage.url });
      index = cited.length - 1;
    }
    return citedSentence(candidate.sentence, index + 1);
  });
  return { answer: lines.join(' '), citations, cited };
}

const byScore = (a: Candidate, b: Candidate) => b.score - a.score;

/**
 * The sentence with its marker before the closing stop ('… your order [1].'): after the stop, the
 * marker read as the start of the next sentence.
 */
function citedSentence(text: string, n: number): string {
  return asSentence(text).replace(/[.!?:]$/, (stop) => ` [${n}]${stop}`);
}

/** A list item or table row quoted as a sentence ends with a full stop (not with the list's `;`). */
function asSentence(text: string): string {
  const trimmed = text.replace(/[\s;,]+$/, '');
  return /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
