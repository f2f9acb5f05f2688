/**
 * Reading a wish ('melancholic lo-fi in A minor at 80 bpm') into the parameters of a Song Seed
 * (docs/behaviour/lyra.md#song-seed). Pure text work: no theory library, no randomness.
 */
import { MOODS, STYLES, type Mood, type SketchMode, type Style } from './sketch-params';

export interface SongWish {
  /** Pitch class as written for people, e.g. 'Bb', 'F#'. */
  tonic: string;
  mode: SketchMode;
  bpm: number;
  style: Style;
  mood: Mood | null;
  bars: SketchBars;
  /** The wish asked for a ii–V–I by name. */
  twoFiveOne: boolean;
}

export const SKETCH_BARS = [4, 8, 16] as const;
export type SketchBars = (typeof SKETCH_BARS)[number];
export const DEFAULT_BARS: SketchBars = 8;
export const MIN_BPM = 40;
export const MAX_BPM = 240;

/** The tempo a style is usually played at, when the wish names none. */
export const STYLE_TEMPO: Record<Style, number> = {
  'lo-fi': 80,
  jazz: 120,
  pop: 100,
  rock: 120,
  house: 124,
  'hip hop': 90,
  ambient: 72,
  ballad: 70,
  'r&b': 86,
  cinematic: 90,
};
export const DEFAULT_STYLE: Style = 'pop';

const STYLE_WORDS: Record<Style, RegExp> = {
  'lo-fi': /\b(?:lo-?fi|low-?fi|chillhop)\b/,
  jazz: /\b(?:jazz(?:y)?|bebop|swing|ii-v-i|2-5-1)(?![\w-])/,
  pop: /\b(?:pop|k-pop|synth-?pop)\b/,
  rock: /\b(?:rock|punk|grunge|indie)\b/,
  house: /\b(?:house|edm|techno|trance|disco|dance)\b/,
  'hip hop': /\b(?:hip[- ]?hop|trap|boom[- ]?bap|rap|drill)\b/,
  ambient: /\b(?:ambient|drone|atmospheric|meditative)\b/,
  ballad: /\bballad\b/,
  'r&b': /(?:\br\s?&\s?b\b|\br'?n'?b\b|\bneo-?soul\b|\bsoul(?:ful)?\b)/,
  cinematic: /\b(?:cinematic|film|movie|soundtrack|orchestral|epic|trailer)\b/,
};

/** A small mood lexicon: the words a shopper uses, read as one of the sketch's moods. */
const MOOD_WORDS: Record<Mood, RegExp> = {
  melancholic: /\b(?:melanchol(?:ic|y)|sad(?:ness)?|blue|rainy|rain|wistful|lonely|nostalgic|bittersweet|heartbroken|sorrowful|tearful|grey|gray)\b/,
  dark: /\b(?:dark|moody|ominous|tense|haunting|sinister|eerie|brooding|night)\b/,
  dreamy: /\b(?:dreamy|chill|calm|relaxed|relaxing|mellow|peaceful|lazy|floating|soft|gentle|serene)\b/,
  hopeful: /\b(?:hopeful|uplifting|optimistic|warm|inspiring|inspired|triumphant)\b/,
  happy: /\b(?:happy|joyful|cheerful|bright|sunny|upbeat|fun|playful|summer(?:y)?)\b/,
  energetic: /\b(?:energetic|driving|intense|powerful|aggressive|punchy|hype)\b/,
  romantic: /\b(?:romantic|tender|love|lovely|intimate|sensual)\b/,
};

/** Moods that decide the mode when the wish does not say major or minor. */
const MOOD_MODE: Record<Mood, SketchMode | null> = {
  melancholic: 'minor',
  dark: 'minor',
  dreamy: null,
  hopeful: 'major',
  happy: 'major',
  energetic: null,
  romantic: 'major',
};

const MUSIC_NOUN =
  /\b(?:chords?|progressions?|beats?|songs?|melod(?:y|ies)|sketch(?:es)?|loops?|tunes?|riffs?|grooves?|tracks?|bass ?lines?|vamps?|hooks?|jams?|instrumentals?|ii-v-i|2-5-1)\b/;
const IMPERATIVE = /\b(?:make|write|give me|create|generate|compose|sketch|play|build|come up with|i want|i'd like|i would like|let's)\b/;
const QUESTION_START = /^(?:how|what|which|does|do|can|could|is|are|where|when|why|who|will|should)\b/;

/** Tonic letter, then an accidental written as a sign or a word. */
const ACCIDENTAL = String.raw`(#|♯|b|♭|\s?-?sharp|\s?-?flat)?`;
const KEY_WITH_MODE = new RegExp(String.raw`(?:^|[^\w#♯♭])([A-G])${ACCIDENTAL}\s*([Mm]ajor|[Mm]inor|[Mm]aj|[Mm]in|m)(?![\w#])`);
const KEY_WITH_MODE_LOWER = new RegExp(String.raw`\b(?:in|key of)\s+([a-g])${ACCIDENTAL}\s*(major|minor)\b`);
const KEY_AFTER_IN = new RegExp(String.raw`\b(?:in|key of)\s+([A-G])${ACCIDENTAL}(?![\w#♯♭])`);
const KEY_AFTER_IN_LOWER = new RegExp(String.raw`\b(?:in|key of)\s+([a-g])(#|♯|b|♭)(?![\w#♯♭])`);

export interface ParsedKey {
  tonic: string;
  mode: SketchMode | null;
}

function spellTonic(letter: string, accidental: string | undefined): string {
  const sign = (accidental ?? '').trim().replace(/^-/, '');
  const suffix = sign === '#' || sign === '♯' || sign === 'sharp' ? '#' : sign === 'b' || sign === '♭' || sign === 'flat' ? 'b' : '';
  return letter.toUpperCase() + suffix;
}

function modeFromWord(word: string | undefined): SketchMode | null {
  if (word === undefined) return null;
  return word === 'major' || word === 'maj' ? 'major' : 'minor';
}

/**
 * A key in a text: 'A minor', 'Am', 'in Bb', 'F# major', 'in e flat minor'. The tonic letter must
 * be a capital unless the key follows 'in' or 'key of' (so the article 'a' is not read as A).
 */
export function parseKey(text: string): ParsedKey | null {
  const withMode = KEY_WITH_MODE.exec(text);
  if (withMode) {
    // A lone 'm' is minor only as a lower-case suffix ('Am', 'Bbm'): 'AM' and 'Amazing' are not keys.
    return { tonic: spellTonic(withMode[1]!, withMode[2]), mode: modeFromWord(withMode[3]!.toLowerCase()) };
  }
  const lower = text.toLowerCase();
  const withModeLower = KEY_WITH_MODE_LOWER.exec(lower);
  if (withModeLower) return { tonic: spellTonic(withModeLower[1]!, withModeLower[2]), mode: modeFromWord(withModeLower[3]) };
  const afterIn = KEY_AFTER_IN.exec(text) ?? KEY_AFTER_IN_LOWER.exec(lower);
  if (afterIn) return { tonic: spellTonic(afterIn[1]!, afterIn[2]), mode: null };
  return null;
}

/**
 * A tempo in a text: '80 bpm', '120bpm', 'at 90', 'tempo 100'. With 'bpm' it is clamped to what a
 * sketch plays; a bare number after 'at' counts only inside that range ('at 10 tonight' is no tempo).
 */
export function parseTempo(text: string): number | null {
  const withUnit = /\b(\d{2,3})\s*(?:bpm|beats per minute)\b/.exec(text);
  if (withUnit) return Math.max(MIN_BPM, Math.min(MAX_BPM, Number(withUnit[1])));
  const bare = /\b(?:at|tempo|@)\s*(\d{2,3})\b(?!\s*(?:%|percent|dollars|euros?|pounds?|off|am|pm|\.\d|,\d|:\d))/.exec(text);
  const bpm = bare ? Number(bare[1]) : null;
  return bpm !== null && bpm >= MIN_BPM && bpm <= MAX_BPM ? bpm : null;
}

function firstMatch<T extends string>(text: string, words: Record<T, RegExp>, order: readonly T[]): T | null {
  let best: { name: T; index: number } | null = null;
  for (const name of order) {
    const match = words[name].exec(text);
    if (match && (best === null || match.index < best.index)) best = { name, index: match.index };
  }
  return best?.name ?? null;
}

function parseBars(text: string): SketchBars {
  const match = /\b(4|8|16)[- ]?bars?\b/.exec(text);
  return match ? (Number(match[1]) as SketchBars) : DEFAULT_BARS;
}

/** What a wish says, before defaults: used by a remix, whose pack brings the key and tempo. */
export interface WishSignals {
  key: ParsedKey | null;
  bpm: number | null;
  style: Style | null;
  mood: Mood | null;
  bars: SketchBars;
  twoFiveOne: boolean;
  /** The text asks for music (see isWish). */
  isWish: boolean;
}

export function readWishSignals(text: string): WishSignals {
  const lower = text.toLowerCase().replace(/[–—−]/g, '-');
  const key = parseKey(text.replace(/[–—−]/g, '-'));
  const bpm = parseTempo(lower);
  const style = firstMatch(lower, STYLE_WORDS, STYLES);
  const mood = firstMatch(lower, MOOD_WORDS, MOODS);
  const twoFiveOne = /\b(?:ii-v-i|2-5-1|ii v i|two-five-one)\b/.test(lower);
  const musicNoun = MUSIC_NOUN.test(lower);
  const imperative = IMPERATIVE.test(lower);
  const question = QUESTION_START.test(lower.trim()) && !imperative;
  // A key or a tempo is a musical signal on its own; a style or mood word needs a music noun
  // ('sad chords'), and so does a request ('make me a song'); a question about the store is not a wish.
  const signal = key !== null || bpm !== null || twoFiveOne || ((style !== null || mood !== null || imperative) && musicNoun);
  return { key, bpm, style, mood, bars: parseBars(lower), twoFiveOne, isWish: signal && !(question && key === null && bpm === null) };
}

/** Fills what a wish leaves out: the mood's mode (else major), C major or A minor, the style's tempo. */
export function completeWish(signals: Omit<WishSignals, 'isWish'>): SongWish {
  const style = signals.style ?? (signals.twoFiveOne ? 'jazz' : DEFAULT_STYLE);
  const mode = signals.key?.mode ?? (signals.mood ? MOOD_MODE[signals.mood] : null) ?? 'major';
  const tonic = signals.key?.tonic ?? (mode === 'minor' ? 'A' : 'C');
  return { tonic, mode, bpm: signals.bpm ?? STYLE_TEMPO[style], style, mood: signals.mood, bars: signals.bars, twoFiveOne: signals.twoFiveOne };
}

/** The parameters of a wish, or null when the text does not ask for music. */
export function parseWish(text: string): SongWish | null {
  const signals = readWishSignals(text);
  return signals.isWish ? completeWish(signals) : null;
}
