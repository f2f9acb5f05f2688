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

/** The 88 keys across `width`: white keys side by side, black keys narrower, centred on the gap between two whites. */
export function keyboardLayout(width: number): KeyRect[] {
  const midis = Array.from({ length: KEY_COUNT }, (_, index) => NOTE_RANGE_START + index);
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
