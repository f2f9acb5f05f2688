/**
 * Just enough music theory for the generated loops and progressions: keys,
 * scales, diatonic chords and voice leading. Pitches are MIDI note numbers
 * (60 = middle C); pitch classes are 0..11 with 0 = C.
 */

export type Mode = 'major' | 'minor';

export interface MusicalKey {
  /** Pitch class of the tonic, 0..11. */
  tonic: number;
  mode: Mode;
}

const SHARP_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
/** Jazz players read flat keys (Db, Eb, Ab...), so progression files use these. */
const FLAT_NAMES = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

/** Minor keys are more often spelt with sharps (C# minor, F# minor, G# minor). */
const MINOR_KEY_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'] as const;

const LETTER_PITCH: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** Natural major and natural minor, as semitones above the tonic. */
const SCALES: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

export function mod12(value: number): number {
  return ((value % 12) + 12) % 12;
}

export function pitchClassName(pitchClass: number, preferFlats = false): string {
  const names = preferFlats ? FLAT_NAMES : SHARP_NAMES;
  return names[mod12(pitchClass)] as string;
}

/** Conventional name of a key, e.g. 'Db major', 'F# minor'. */
export function keyName(key: MusicalKey): string {
  return `${tonicName(key)} ${key.mode}`;
}

/** Tonic of a key as spelt in keyName(), e.g. 'Db', 'F#'. */
export function tonicName(key: MusicalKey): string {
  return (key.mode === 'major' ? FLAT_NAMES[key.tonic] : MINOR_KEY_NAMES[key.tonic]) as string;
}

const LETTERS = ['C', 'D', 'E', 'F', 'G', 'A', 'B'] as const;
/**
 * Letter steps above the tonic for each chromatic offset, reading them the way
 * jazz harmony does: b2, 2, b3, 3, 4, #4, 5, b6, 6, b7, 7.
 */
const DEGREE_LETTER_STEPS = [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6] as const;

/**
 * Spells the note `offset` semitones above a key's tonic with the right letter
 * (Bbm7 rather than A#m7 in G major; F#dim7 rather than Gbdim7 in C). Double
 * accidentals are avoided in favour of the simpler enharmonic.
 */
export function spellFromTonic(key: MusicalKey, offset: number): string {
  const tonic = tonicName(key);
  const tonicLetterIndex = LETTERS.indexOf(tonic[0] as (typeof LETTERS)[number]);
  const letter = LETTERS[(tonicLetterIndex + (DEGREE_LETTER_STEPS[mod12(offset)] as number)) % 7] as string;
  const target = mod12(key.tonic + offset);
  const alteration = mod12(target - (LETTER_PITCH[letter] as number));
  const spelt = alteration === 0 ? letter : alteration === 1 ? `${letter}#` : alteration === 11 ? `${letter}b` : null;
  // Lead sheets write B7 rather than Cb7 (tritone sub in Bb), E rather than Fb, etc.
  const awkward = spelt === null || ['Cb', 'Fb', 'E#', 'B#'].includes(spelt);
  return awkward ? pitchClassName(target, !keyHasSharps(key)) : spelt;
}

function keyHasSharps(key: MusicalKey): boolean {
  const relativeMajor = key.mode === 'major' ? key.tonic : mod12(key.tonic + 3);
  return [7, 2, 9, 4, 11].includes(relativeMajor);
}

/**
 * Parses keys as written in the catalogue: 'A minor', 'F# major', 'Bb min',
 * 'Am', 'C'. A bare note name means major.
 */
export function parseKey(text: string): MusicalKey {
  const match = /^\s*([A-Ga-g])([#b♯♭]?)\s*(major|minor|maj|min|m)?\s*$/i.exec(text);
  if (!match) throw new Error(`Unrecognised musical key: "${text}"`);
  const [, letter = 'C', accidental = '', quality = ''] = match;
  let tonic = LETTER_PITCH[letter.toUpperCase()] ?? 0;
  if (accidental === '#' || accidental === '♯') tonic += 1;
  if (accidental === 'b' || accidental === '♭') tonic -= 1;
  // 'm' alone is case-sensitive in chord symbols, but 'M' for major is too rare
  // in product copy to be worth distinguishing: any m/min/minor means minor.
  const mode: Mode = /^(m|min|minor)$/i.test(quality) ? 'minor' : 'major';
  return { tonic: mod12(tonic), mode };
}

/**
 * Semitone offset (from the tonic) of a scale degree; degrees beyond 0..6 wrap
 * into higher/lower octaves, so degree 7 is the tonic an octave up.
 */
export function degreeOffset(mode: Mode, degree: number): number {
  const scale = SCALES[mode];
  const octave = Math.floor(degree / 7);
  const index = degree - octave * 7;
  return (scale[index] as number) + octave * 12;
}

/**
 * A chord stacked in thirds on a scale degree, as semitone offsets above the
 * tonic (not reduced mod 12, so they are ordered low to high).
 */
export function diatonicChordOffsets(mode: Mode, degree: number, size: 3 | 4): number[] {
  const offsets: number[] = [];
  for (let i = 0; i < size; i++) offsets.push(degreeOffset(mode, degree + i * 2));
  return offsets;
}

export function midiToFrequency(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

/**
 * Every octave placement of a voicing (intervals above a root pitch class)
 * whose lowest note lies in [lowestMin, lowestMax].
 */
export function placeVoicing(rootPitchClass: number, intervals: readonly number[], lowestMin: number, lowestMax: number): number[][] {
  const lowestInterval = Math.min(...intervals);
  const placements: number[][] = [];
  for (let base = mod12(rootPitchClass); base + lowestInterval <= lowestMax; base += 12) {
    if (base + lowestInterval < lowestMin) continue;
    placements.push(intervals.map((interval) => base + interval).sort((a, b) => a - b));
  }
  return placements;
}

/**
 * How far the hand moves between two voicings: the summed distance between
 * voices matched low-to-high (extra voices are matched to the nearest end).
 */
export function voiceMovement(from: readonly number[], to: readonly number[]): number {
  let total = 0;
  const count = Math.max(from.length, to.length);
  for (let i = 0; i < count; i++) {
    const a = from[Math.min(i, from.length - 1)] as number;
    const b = to[Math.min(i, to.length - 1)] as number;
    total += Math.abs(a - b);
  }
  return total;
}

function centre(notes: readonly number[]): number {
  return notes.reduce((sum, note) => sum + note, 0) / notes.length;
}

/**
 * Picks the candidate voicing closest to the previous one (smooth voice
 * leading, as a pianist would play it), or the one nearest `homeCentre` for the
 * first chord. A small pull towards home stops long progressions drifting out
 * of range. Ties keep the earliest candidate so results are deterministic.
 */
export function chooseVoicing(candidates: readonly number[][], previous: readonly number[] | null, homeCentre: number): number[] {
  let best: number[] | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const drift = Math.abs(centre(candidate) - homeCentre);
    const score = previous ? voiceMovement(previous, candidate) + drift * 0.35 : drift;
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  if (!best) throw new Error('chooseVoicing() needs at least one candidate');
  return best;
}
