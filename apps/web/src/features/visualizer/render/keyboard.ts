import { KEY_COUNT, NOTE_RANGE_START } from '../constants';

/** Pitch classes of the black keys (C# D# F# G# A#). */
const BLACK = new Set([1, 3, 6, 8, 10]);

export const isBlackKey = (midi: number) => BLACK.has(midi % 12);

export interface KeyRect {
  midi: number;
  black: boolean;
  x: number;
  width: number;
}

export const FULL_RANGE: KeyRange = { low: NOTE_RANGE_START, high: NOTE_RANGE_START + KEY_COUNT - 1 };

export interface KeyRange {
  low: number;
  high: number;
}

/**
 * The keys from `range.low` to `range.high` (by default the 88 keys) across `width`: white
 * keys side by side, black keys narrower, centred on the gap between two whites.
 */
export function keyboardLayout(width: number, range: KeyRange = FULL_RANGE): KeyRect[] {
  const midis = Array.from({ length: range.high - range.low + 1 }, (_, index) => range.low + index);
  const whiteCount = midis.filter((midi) => !isBlackKey(midi)).length;
  const whiteWidth = width / whiteCount;
  const blackWidth = whiteWidth * 0.6;
  let whiteIndex = 0;
  return midis.map((midi) => {
    if (isBlackKey(midi)) return { midi, black: true, x: whiteIndex * whiteWidth - blackWidth / 2, width: blackWidth };
    const key = { midi, black: false, x: whiteIndex * whiteWidth, width: whiteWidth };
    whiteIndex += 1;
    return key;
  });
}

/**
 * Whole octaves (C to B) around the notes, at least three, within the 88 keys: a short loop
 * that uses two octaves is drawn large instead of as a sliver of an 88-key piano.
 */
export function fittedRange(notes: readonly { midi: number }[], minimumOctaves = 3): KeyRange {
  if (notes.length === 0) return FULL_RANGE;
  const lowest = Math.min(...notes.map((note) => note.midi));
  const highest = Math.max(...notes.map((note) => note.midi));
  let low = Math.floor(lowest / 12) * 12;
  let high = Math.ceil((highest + 1) / 12) * 12 - 1;
  // Grow upwards and downwards in turn, only into octaves the piano has.
  for (let up = true; (high + 1 - low) / 12 < minimumOctaves; up = !up) {
    const canGrowUp = high + 12 <= FULL_RANGE.high;
    const canGrowDown = low - 12 >= FULL_RANGE.low;
    if ((up && canGrowUp) || !canGrowDown) high += 12;
    else low -= 12;
  }
  return { low: Math.max(FULL_RANGE.low, low), high: Math.min(FULL_RANGE.high, high) };
}
