/**
 * Chords for a sketch, from the key's own chords (tonal): a minor key takes them from the minor
 * key (natural minor, with the harmonic minor's major V where a template writes 'V'), never from
 * the major scale on the same tonic. Then each chord is voiced close to the one before.
 */
import { Chord, Key, Note } from 'tonal';
import { chance, pick, type Rng } from '#server/lib/seeded-random.ts';
import type { SketchMode, SketchParams, Style } from './sketch-params';

/** Roman-numeral templates per style and mode, read against the key's own chords. */
const TEMPLATES: Record<SketchMode, Record<Style, readonly (readonly string[])[]>> = {
  major: {
    'lo-fi': [
      ['IV', 'iii', 'ii', 'I'],
      ['ii', 'V', 'I', 'vi'],
      ['IV', 'V', 'iii', 'vi'],
    ],
    jazz: [
      ['ii', 'V', 'I', 'I'],
      ['I', 'vi', 'ii', 'V'],
      ['iii', 'vi', 'ii', 'V'],
    ],
    pop: [
      ['I', 'V', 'vi', 'IV'],
      ['vi', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
      ['I', 'IV', 'vi', 'V'],
    ],
    rock: [
      ['I', 'IV', 'V', 'IV'],
      ['I', 'V', 'IV', 'IV'],
      ['vi', 'IV', 'I', 'V'],
    ],
    house: [
      ['vi', 'IV', 'I', 'V'],
      ['I', 'iii', 'vi', 'IV'],
    ],
    'hip hop': [
      ['I', 'vi', 'ii', 'V'],
      ['vi', 'IV', 'I', 'V'],
    ],
    ambient: [
      ['I', 'IV', 'I', 'IV'],
      ['I', 'iii', 'IV', 'I'],
    ],
    ballad: [
      ['I', 'V', 'vi', 'iii', 'IV', 'I', 'IV', 'V'],
      ['I', 'vi', 'IV', 'V'],
    ],
    'r&b': [
      ['ii', 'V', 'iii', 'vi'],
      ['IV', 'iii', 'ii', 'I'],
    ],
    cinematic: [
      ['I', 'vi', 'IV', 'V'],
      ['vi', 'IV', 'I', 'V'],
    ],
  },
  minor: {
    'lo-fi': [
      ['i', 'iv', 'v', 'i'],
      ['i', 'VI', 'III', 'VII'],
      ['iv', 'VII', 'III', 'VI'],
    ],
    jazz: [
      ['ii', 'V', 'i', 'i'],
      ['i', 'iv', 'ii', 'V'],
    ],
    pop: [
      ['i', 'VI', 'III', 'VII'],
      ['VI', 'VII', 'i', 'i'],
      ['i', 'iv', 'VI', 'V'],
    ],
    rock: [
      ['i', 'VII', 'VI', 'VII'],
      ['i', 'VI', 'VII', 'i'],
    ],
    house: [
      ['i', 'VI', 'III', 'VII'],
      ['i', 'VII', 'VI', 'VII'],
    ],
    'hip hop': [
      ['i', 'VI', 'VII', 'i'],
      ['i', 'iv', 'i', 'V'],
    ],
    ambient: [
      ['i', 'VI', 'i', 'VI'],
      ['i', 'III', 'VI', 'iv'],
    ],
    ballad: [
      ['i', 'VI', 'III', 'VII'],
      ['i', 'iv', 'VI', 'V'],
    ],
    'r&b': [
      ['i', 'iv', 'VII', 'III'],
      ['ii', 'V', 'i', 'VI'],
    ],
    cinematic: [
      ['i', 'VI', 'III', 'VII'],
      ['i', 'VI', 'iv', 'V'],
      ['i', 'III', 'VII', 'iv'],
    ],
  },
};

const TWO_FIVE_ONE: Record<SketchMode, readonly string[]> = { major: ['ii', 'V', 'I', 'I'], minor: ['ii', 'V', 'i', 'i'] };

/** Styles whose chords carry sevenths; lo-fi and R&B sometimes ninths. */
const SEVENTH_STYLES: ReadonlySet<Style> = new Set(['jazz', 'lo-fi', 'r&b', 'hip hop', 'ambient']);
const NINTH_STYLES: ReadonlySet<Style> = new Set(['lo-fi', 'r&b']);
/** A seventh chord's ninth, by tonal's chord type name. */
const NINTHS: Record<string, string> = { 'major seventh': 'maj9', 'minor seventh': 'm9', 'dominant seventh': '9' };

const ROMAN_DEGREES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

/**
 * tonal parses note names on every call, which made it most of a sketch's cost: its answers
 * for keys and chords are kept. Both sets are small and bounded (21 tonics, their diatonic chords).
 */
function memoise<T>(compute: (name: string) => T): (name: string) => T {
  const cache = new Map<string, T>();
  return (name) => {
    let value = cache.get(name);
    if (value === undefined) {
      value = compute(name);
      cache.set(name, value);
    }
    return value;
  };
}
const majorKey = memoise((tonic) => Key.majorKey(tonic));
const minorKey = memoise((tonic) => Key.minorKey(tonic));
const chordOf = memoise((symbol) => Chord.get(symbol));

/** 'A#' major has ten sharps: write such keys with their usual enharmonic ('Bb major'). */
export function conventionalTonic(tonic: string, mode: SketchMode): string {
  const accidentals = mode === 'major' ? majorKey(tonic).alteration : minorKey(tonic).alteration;
  return Math.abs(accidentals) > 7 || /^(Cb|Fb|E#|B#)$/.test(tonic) ? Note.enharmonic(tonic) : tonic;
}

/** The key's chord at a numeral: in minor, 'V' is the harmonic minor's dominant, every other degree natural minor. */
function diatonicChord(tonic: string, mode: SketchMode, numeral: string, sevenths: boolean): string {
  const degree = ROMAN_DEGREES.indexOf(numeral.toUpperCase());
  if (degree < 0) throw new Error(`Unknown numeral '${numeral}'`);
  if (mode === 'major') {
    const key = majorKey(tonic);
    return (sevenths ? key.chords : key.triads)[degree]!;
  }
  const key = minorKey(tonic);
  const scale = numeral === 'V' ? key.harmonic : key.natural;
  return (sevenths ? scale.chords : scale.triads)[degree]!;
}

/** The chord with its ninth, when that ninth is in the key (a iii chord's flat ninth is not): else the chord. */
function addNinth(symbol: string, keyScale: readonly number[]): string {
  const chord = chordOf(symbol);
  const ninth = NINTHS[chord.type];
  if (!ninth || !chord.tonic) return symbol;
  const extended = `${chord.tonic}${ninth}`;
  const fits = chordChromas(extended).every((chroma) => keyScale.includes(chroma) || chordChromas(symbol).includes(chroma));
  return fits ? extended : symbol;
}

/** One chord symbol per bar: a template chosen by the seed, repeated to fill the bars. */
export function buildProgression(params: SketchParams, rng: Rng): string[] {
  const template = params.twoFiveOne ? TWO_FIVE_ONE[params.mode] : pick(rng, TEMPLATES[params.mode][params.style]);
  const sevenths = params.twoFiveOne || SEVENTH_STYLES.has(params.style);
  const keyScale = scaleChromas(params.tonic, params.mode);
  const colours = template.map((numeral) => {
    const symbol = diatonicChord(params.tonic, params.mode, numeral, sevenths);
    return NINTH_STYLES.has(params.style) && chance(rng, 0.4) ? addNinth(symbol, keyScale) : symbol;
  });
  return Array.from({ length: params.bars }, (_, bar) => colours[bar % colours.length]!);
}

/** Pitch classes (0–11) of a chord symbol, root first. */
export const chordChromas: (symbol: string) => readonly number[] = memoise((symbol) => chordOf(symbol).notes.map((note) => Note.chroma(note)!));

export function rootChroma(symbol: string): number {
  return chordChromas(symbol)[0]!;
}

const majorScaleChromas = memoise((tonic) => majorKey(tonic).scale.map((note) => Note.chroma(note)!));
const minorScaleChromas = memoise((tonic) => minorKey(tonic).natural.scale.map((note) => Note.chroma(note)!));

/** Pitch classes of the key's scale (natural minor in minor keys). */
export function scaleChromas(tonic: string, mode: SketchMode): readonly number[] {
  return mode === 'major' ? majorScaleChromas(tonic) : minorScaleChromas(tonic);
}

/** The register chords are voiced in: E3 to G5. */
export const CHORD_LOW = 52;
export const CHORD_HIGH = 79;
const CHORD_CENTRE = 64;

/** Every close-position voicing of the chord (each inversion, each octave) inside the register. */
function candidateVoicings(chromas: readonly number[]): readonly (readonly number[])[] {
  const voicings: number[][] = [];
  for (let inversion = 0; inversion < chromas.length; inversion++) {
    const order = [...chromas.slice(inversion), ...chromas.slice(0, inversion)];
    for (let bottom = CHORD_LOW; bottom < CHORD_LOW + 12; bottom++) {
      if (bottom % 12 !== order[0]) continue;
      for (let octave = 0; bottom + octave <= CHORD_HIGH; octave += 12) {
        const voicing: number[] = [];
        let previous = bottom + octave - 1;
        for (const chroma of order) {
          let pitch = previous + 1;
          while (pitch % 12 !== chroma) pitch++;
          voicing.push(pitch);
          previous = pitch;
        }
        if (voicing.at(-1)! <= CHORD_HIGH) voicings.push(voicing);
      }
    }
  }
  return voicings;
}

const voicingsOf = memoise((symbol) => candidateVoicings(chordChromas(symbol)));

/** How far the voices move: each note of one chord to the nearest note of the other, both ways. */
export function voiceMovement(from: readonly number[], to: readonly number[]): number {
  const nearest = (pitch: number, others: readonly number[]) => Math.min(...others.map((other) => Math.abs(other - pitch)));
  return to.reduce((sum, pitch) => sum + nearest(pitch, from), 0) + from.reduce((sum, pitch) => sum + nearest(pitch, to), 0);
}

const centreDistance = (voicing: readonly number[]) => Math.abs(voicing.reduce((sum, pitch) => sum + pitch, 0) / voicing.length - CHORD_CENTRE);

/** Voices each chord with the least movement from the one before; the first sits around the register's centre. */
export function voiceLead(chords: readonly string[]): (readonly number[])[] {
  const voiced: (readonly number[])[] = [];
  for (const symbol of chords) {
    const candidates = voicingsOf(symbol);
    const previous = voiced.at(-1);
    const cost = (voicing: readonly number[]) => (previous ? voiceMovement(previous, voicing) * 10 : 0) + centreDistance(voicing);
    voiced.push(candidates.reduce((best, candidate) => (cost(candidate) < cost(best) ? candidate : best)));
  }
  return voiced;
}
