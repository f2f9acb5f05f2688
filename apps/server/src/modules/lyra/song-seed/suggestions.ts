/**
 * Which of the catalogue's live products suit a sketch, read from their data alone: a sample
 * pack near the sketch's key and tempo (the facts its text states, e.g. '84 bpm in A minor'),
 * one whose words share the sketch's style (a jazz set for a jazz sketch), and a plugin that
 * plays MIDI from pads. No product is named here.
 */
import type { LyraSketch } from '@store/contracts/lyra';
import type { ProductCategory } from '@store/contracts';
import { Note } from 'tonal';
import { decodeSketchId } from './sketch-id';
import type { Style } from './sketch-params';
import { parseKey, parseTempo } from './wish';

/** The fields of a catalogue product this reads (`Product` and `ProductDetail` both have them). */
export interface SuggestionCandidate {
  path: string;
  display: string;
  attributes: { category: ProductCategory; live: string; download: 'true' | 'false' };
  description: { summary: string };
  longDescription?: string;
}

const MAX_PACKS = 2;

/** A product's key and tempo as its text states them ('at 84 bpm in A minor'), when it does. */
export function readKeyAndTempo(text: string): { key: { tonic: string; mode: 'major' | 'minor' | null } | null; bpm: number | null } {
  const plain = text.replace(/<[^>]*>|\*\*/g, ' ');
  return { key: parseKey(plain), bpm: parseTempo(plain.toLowerCase()) };
}

const productText = (product: SuggestionCandidate) => `${product.display} ${product.description.summary} ${product.longDescription ?? ''}`;

/** Words a product's text uses for each style of sketch. */
const STYLE_WORDS: Record<Style, RegExp> = {
  'lo-fi': /\blo-?fi\b|\bneo-soul\b/i,
  jazz: /\bjazz/i,
  pop: /\bpop\b/i,
  rock: /\brock\b/i,
  house: /\bhouse\b|\bedm\b|\bdance\b/i,
  'hip hop': /\bhip[- ]?hop\b|\btrap\b|\bbeats?\b/i,
  ambient: /\bambient\b|\bpads?\b/i,
  ballad: /\bballad|\bpiano\b/i,
  'r&b': /\br&b\b|\bsoul\b/i,
  cinematic: /\bcinematic\b|\bfilm\b/i,
};

/** The relative major's tonic of a key, to see that A minor and C major share their notes. */
function relativeMajorChroma(tonic: string, mode: 'major' | 'minor'): number {
  const chroma = Note.chroma(tonic) ?? 0;
  return mode === 'minor' ? (chroma + 3) % 12 : chroma;
}

function keyScore(sketchKey: { tonic: string; mode: 'major' | 'minor' }, packKey: { tonic: string; mode: 'major' | 'minor' | null } | null): number {
  if (!packKey) return 0;
  const packMode = packKey.mode ?? 'major';
  if (Note.chroma(packKey.tonic) === Note.chroma(sketchKey.tonic) && packMode === sketchKey.mode) return 3;
  if (relativeMajorChroma(packKey.tonic, packMode) === relativeMajorChroma(sketchKey.tonic, sketchKey.mode)) return 2;
  return packMode === sketchKey.mode ? 0.5 : 0;
}

function tempoScore(sketchBpm: number, packBpm: number | null): number {
  if (packBpm === null) return 0;
  // Half and double time sit together as well.
  const distance = Math.min(...[packBpm, packBpm * 2, packBpm / 2].map((bpm) => Math.abs(bpm - sketchBpm)));
  return distance <= 4 ? 2 : distance <= 10 ? 1 : distance <= 20 ? 0.5 : 0;
}

function packScore(sketch: LyraSketch, product: SuggestionCandidate): number {
  const text = productText(product);
  const facts = readKeyAndTempo(text);
  const sketchKey = parseKey(sketch.key);
  // The contract's sketch has no style field; its id holds all its parameters.
  const style = decodeSketchId(sketch.id)?.style ?? null;
  const styleScore = style && STYLE_WORDS[style].test(text) ? (style === 'jazz' ? 4 : 1.5) : 0;
  return (sketchKey ? keyScore({ tonic: sketchKey.tonic, mode: sketchKey.mode ?? 'major' }, facts.key) : 0) + tempoScore(sketch.bpm, facts.bpm) + styleScore;
}

const playsMidiFromPads = (text: string) => /\bpads?\b/i.test(text) && /\bMIDI\b/.test(text);

/**
 * A plugin that plays MIDI from pads suits any sketch. Its summary saying so counts more than a
 * mention further down (a companion plugin's description may name pads too); a full version
 * comes before a trial.
 */
function pluginScore(product: SuggestionCandidate): number {
  const summary = `${product.display} ${product.description.summary}`;
  const score = playsMidiFromPads(summary) ? 3 : playsMidiFromPads(productText(product)) ? 1 : 0;
  return score > 0 && /\btrial\b/i.test(product.display) ? score - 0.5 : score;
}

/**
 * Paths of the live products that fit the sketch, best first: up to two sample packs, then the
 * plugin that plays it. Products that are not live or not downloadable are never suggested.
 */
export function suggestProductsForSketch(sketch: LyraSketch, products: readonly SuggestionCandidate[]): string[] {
  const available = products.filter((product) => product.attributes.live === 'true' && product.attributes.download === 'true');
  const ranked = (category: ProductCategory, score: (product: SuggestionCandidate) => number) =>
    available
      .filter((product) => product.attributes.category === category)
      .map((product) => ({ path: product.path, score: score(product) }))
      .filter((entry) => entry.score > 0)
      // Stable: equal scores keep the catalogue's order.
      .sort((a, b) => b.score - a.score);
  const packs = ranked('Sample Packs', (product) => packScore(sketch, product)).slice(0, MAX_PACKS);
  const plugin = ranked('Plugins', pluginScore).slice(0, 1);
  return [...packs, ...plugin].map((entry) => entry.path);
}

/** What a remix of a product starts from: the key and tempo its text states (see createSketcher). */
export function remixFromProduct(product: SuggestionCandidate): { path: string; key?: string; bpm?: number } {
  const facts = readKeyAndTempo(productText(product));
  return {
    path: product.path,
    ...(facts.key ? { key: `${facts.key.tonic} ${facts.key.mode ?? 'major'}` } : {}),
    ...(facts.bpm !== null ? { bpm: facts.bpm } : {}),
  };
}
