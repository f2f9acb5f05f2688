/**
 * Jazz chord progressions with pianist-style voicings: ii–V–Is, turnarounds
 * and rhythm-changes fragments in all twelve keys, voiced as guide-tone shells,
 * rootless (Bill Evans type A/B) voicings or with 9/11/13 extensions, and
 * voice-led so each chord moves as little as possible from the previous one.
 */
import { BEATS_PER_BAR, type NoteEvent } from '#server/lib/midi/note-event.ts';
import { chooseVoicing, keyName, mod12, placeVoicing, spellFromTonic, type Mode, type MusicalKey } from './music-theory';
import { mulberry32, pick, randomBetween, type Rng } from '#server/lib/seeded-random.ts';

export type ChordQuality = 'maj7' | '6' | 'm7' | 'm6' | '7' | '7alt' | 'm7b5' | 'dim7';
export type VoicingStyle = 'shell' | 'rootless' | 'extended';
export type CompingRhythm = 'sustained' | 'charleston' | 'two-feel' | 'anticipated';

/** [semitones above the key's tonic, quality, length in beats] */
type TemplateChord = readonly [offset: number, quality: ChordQuality, beats: number];

interface ProgressionTemplate {
  name: string;
  mode: Mode;
  chords: readonly TemplateChord[];
}

/** Repeats a turnaround so the file is a useful 4-bar loop. */
function twice(chords: readonly TemplateChord[]): TemplateChord[] {
  return [...chords, ...chords];
}

// prettier-ignore
export const PROGRESSION_TEMPLATES: readonly ProgressionTemplate[] = [
  { name: 'ii-V-I', mode: 'major', chords: [[2, 'm7', 4], [7, '7', 4], [0, 'maj7', 8]] },
  { name: 'Short ii-V-I', mode: 'major', chords: [[2, 'm7', 2], [7, '7', 2], [0, 'maj7', 4]] },
  { name: 'ii-bII7-I tritone sub', mode: 'major', chords: [[2, 'm7', 4], [1, '7', 4], [0, 'maj7', 8]] },
  { name: 'I-vi-ii-V turnaround', mode: 'major', chords: twice([[0, 'maj7', 2], [9, 'm7', 2], [2, 'm7', 2], [7, '7', 2]]) },
  { name: 'I-VI7-ii-V turnaround', mode: 'major', chords: twice([[0, '6', 2], [9, '7alt', 2], [2, 'm7', 2], [7, '7', 2]]) },
  { name: 'iii-VI-ii-V-I', mode: 'major', chords: [[4, 'm7', 2], [9, '7', 2], [2, 'm7', 2], [7, '7', 2], [0, 'maj7', 8]] },
  { name: 'Backdoor ii-V-I', mode: 'major', chords: [[5, 'm7', 4], [10, '7', 4], [0, 'maj7', 8]] },
  {
    name: 'Descending ii-V chain',
    mode: 'major',
    chords: [[4, 'm7', 2], [9, '7', 2], [3, 'm7', 2], [8, '7', 2], [2, 'm7', 2], [7, '7', 2], [0, 'maj7', 8]],
  },
  {
    name: 'Rhythm changes A bars 1-4',
    mode: 'major',
    chords: [[0, '6', 2], [9, 'm7', 2], [2, 'm7', 2], [7, '7', 2], [4, 'm7', 2], [9, '7', 2], [2, 'm7', 2], [7, '7', 2]],
  },
  {
    name: 'Rhythm changes A bars 5-8',
    mode: 'major',
    chords: [[7, 'm7', 2], [0, '7', 2], [5, '7', 2], [6, 'dim7', 2], [0, '6', 2], [9, '7', 2], [2, 'm7', 2], [7, '7', 2]],
  },
  { name: 'Rhythm changes bridge', mode: 'major', chords: [[4, '7', 8], [9, '7', 8], [2, '7', 8], [7, '7', 8]] },
  { name: 'Minor ii-V-i', mode: 'minor', chords: [[2, 'm7b5', 4], [7, '7alt', 4], [0, 'm6', 8]] },
  { name: 'Short minor ii-V-i', mode: 'minor', chords: [[2, 'm7b5', 2], [7, '7alt', 2], [0, 'm6', 4]] },
  { name: 'Minor i-bVI7-ii-V turnaround', mode: 'minor', chords: twice([[0, 'm6', 2], [8, '7', 2], [2, 'm7b5', 2], [7, '7alt', 2]]) },
];

interface VoicingSpec {
  /** Chord-symbol suffix, so the file shows what is really voiced (m9, 13, ...). */
  suffix: string;
  /** Alternative forms (intervals above the root); voice leading picks one. */
  forms: readonly (readonly number[])[];
}

/**
 * Voicing vocabulary per style. Shells are the 3rd and 7th (guide tones);
 * rootless forms are the classic A (3 on the bottom) and B (7 on the bottom)
 * positions with 9ths/13ths; extended adds 11ths and 13ths for more colour.
 * Every form spans at most a tenth, so one hand can play it.
 */
// prettier-ignore
const VOICINGS: Record<VoicingStyle, Record<ChordQuality, VoicingSpec>> = {
  shell: {
    maj7: { suffix: 'maj7', forms: [[4, 11], [11, 16]] },
    '6': { suffix: '6', forms: [[4, 9], [9, 16]] },
    m7: { suffix: 'm7', forms: [[3, 10], [10, 15]] },
    m6: { suffix: 'm6', forms: [[3, 9], [9, 15]] },
    '7': { suffix: '7', forms: [[4, 10], [10, 16]] },
    '7alt': { suffix: '7(b9)', forms: [[4, 10, 13], [10, 13, 16]] },
    m7b5: { suffix: 'm7b5', forms: [[3, 6, 10], [6, 10, 15]] },
    dim7: { suffix: 'dim7', forms: [[3, 9], [9, 15]] },
  },
  rootless: {
    maj7: { suffix: 'maj9', forms: [[4, 7, 11, 14], [11, 14, 16, 19]] },
    '6': { suffix: '6/9', forms: [[4, 7, 9, 14], [9, 14, 16, 19]] },
    m7: { suffix: 'm9', forms: [[3, 7, 10, 14], [10, 14, 15, 19]] },
    m6: { suffix: 'm6/9', forms: [[3, 7, 9, 14], [9, 14, 15, 19]] },
    '7': { suffix: '13', forms: [[4, 9, 10, 14], [10, 14, 16, 21]] },
    '7alt': { suffix: '7alt', forms: [[4, 8, 10, 13], [10, 13, 16, 20]] },
    m7b5: { suffix: 'm9b5', forms: [[3, 6, 10, 14], [10, 14, 15, 18]] },
    dim7: { suffix: 'dim7', forms: [[3, 6, 9, 12], [9, 12, 15, 18]] },
  },
  extended: {
    maj7: { suffix: 'maj13', forms: [[4, 9, 11, 14], [11, 14, 16, 21]] },
    '6': { suffix: '6/9', forms: [[4, 9, 14, 19], [9, 14, 16, 19]] },
    m7: { suffix: 'm11', forms: [[3, 10, 14, 17], [10, 14, 15, 17]] },
    m6: { suffix: 'm6/9', forms: [[3, 7, 9, 14], [9, 14, 15, 19]] },
    '7': { suffix: '13', forms: [[4, 9, 10, 14], [10, 14, 16, 21]] },
    '7alt': { suffix: '7alt', forms: [[4, 10, 15, 20], [10, 13, 16, 20]] },
    m7b5: { suffix: 'm11b5', forms: [[3, 6, 10, 17], [10, 15, 17, 18]] },
    dim7: { suffix: 'dim7(9)', forms: [[3, 6, 9, 14], [9, 14, 15, 18]] },
  },
};

const STYLE_LABELS: Record<VoicingStyle, string> = {
  shell: 'shell voicings',
  rootless: 'rootless voicings',
  extended: 'extended voicings',
};

/** Where the hand sits: [lowest note min, lowest note max, preferred centre]. */
const REGISTERS: Record<VoicingStyle, readonly [number, number, number]> = {
  // Two-note shells stay clear down to A2; fuller voicings get muddy below C3.
  shell: [45, 57, 55],
  rootless: [48, 60, 60],
  extended: [48, 62, 62],
};

export interface ChordMarker {
  symbol: string;
  startBeat: number;
}

export interface JazzProgression {
  /** e.g. 'ii-V-I (rootless voicings)' */
  name: string;
  /** e.g. 'Db major' */
  keyName: string;
  bpm: number;
  style: VoicingStyle;
  rhythm: CompingRhythm;
  chords: ChordMarker[];
  voicings: NoteEvent[];
  bass: NoteEvent[];
}

interface PlacedChord {
  /** Semitones above the key's tonic, kept for spelling the chord symbol. */
  offset: number;
  root: number;
  quality: ChordQuality;
  startBeat: number;
  beats: number;
}

function layOutChords(template: ProgressionTemplate, tonic: number): PlacedChord[] {
  let beat = 0;
  return template.chords.map(([offset, quality, beats]) => {
    const chord = { offset, root: mod12(tonic + offset), quality, startBeat: beat, beats };
    beat += beats;
    return chord;
  });
}

/** Comping hits of one chord as [start, length] in beats relative to the chord. */
function compingHits(rhythm: CompingRhythm, beats: number, isFirst: boolean): [number, number][] {
  const hits: [number, number][] = [];
  if (rhythm === 'sustained') hits.push([0, beats]);
  else if (rhythm === 'anticipated')
    hits.push([isFirst ? 0 : -0.5, beats]); // pushed an eighth early
  else if (rhythm === 'two-feel') for (let at = 0; at < beats; at += 2) hits.push([at, 1.5]);
  else {
    // Charleston: beat 1 and the "and" of 2 in each bar; short chords just get beat 1.
    for (let at = 0; at < beats; at += BEATS_PER_BAR) {
      hits.push([at, 1.5]);
      if (beats - at > 2) hits.push([at + 1.5, Math.min(beats - at, BEATS_PER_BAR) - 1.5]);
    }
  }
  return hits;
}

/**
 * Trims every event so it ends a little before the next one starts: no note
 * overlaps the next strike of the same pitch (which some hosts treat as a stuck
 * or swallowed note).
 */
function separate(events: NoteEvent[][], totalBeats: number): NoteEvent[] {
  const gap = 0.05;
  const result: NoteEvent[] = [];
  events.forEach((group, index) => {
    const nextStart = events[index + 1]?.[0]?.startBeat ?? totalBeats;
    for (const event of group) {
      const durationBeats = Math.max(0.1, Math.min(event.durationBeats, nextStart - event.startBeat - gap));
      result.push({ ...event, durationBeats });
    }
  });
  return result;
}

function voiceChords(chords: readonly PlacedChord[], style: VoicingStyle, rhythm: CompingRhythm, rng: Rng): NoteEvent[] {
  const [lowestMin, lowestMax, homeCentre] = REGISTERS[style];
  const totalBeats = chords.reduce((sum, chord) => sum + chord.beats, 0);
  const groups: NoteEvent[][] = [];
  let previous: number[] | null = null;
  chords.forEach((chord, index) => {
    const forms = VOICINGS[style][chord.quality].forms;
    const candidates = forms.flatMap((form) => placeVoicing(chord.root, form, lowestMin, lowestMax));
    const voicing = chooseVoicing(candidates, previous, homeCentre);
    previous = voicing;
    for (const [offset, length] of compingHits(rhythm, chord.beats, index === 0)) {
      const velocity = 0.6 + randomBetween(rng, -0.06, 0.08);
      const startBeat = chord.startBeat + offset;
      groups.push(voicing.map((midi) => ({ midi, startBeat, durationBeats: length, velocity })));
    }
  });
  return separate(groups, totalBeats);
}

/** A two-feel bass line: roots, and fifths on beat 3 of longer chords. */
function bassLine(chords: readonly PlacedChord[], rng: Rng): NoteEvent[] {
  const groups: NoteEvent[][] = [];
  for (const chord of chords) {
    // Roots between E1 and Eb2 sit where an upright bass walks.
    const root = 28 + mod12(chord.root - 4);
    for (let at = 0; at < chord.beats; at += 2) {
      const fifth = (at / 2) % 2 === 1;
      const midi = fifth ? root + (chord.quality === 'm7b5' || chord.quality === 'dim7' ? 6 : 7) : root;
      const velocity = (at === 0 ? 0.8 : 0.68) + randomBetween(rng, -0.04, 0.04);
      groups.push([{ midi, startBeat: chord.startBeat + at, durationBeats: 2, velocity }]);
    }
  }
  return separate(
    groups,
    chords.reduce((sum, chord) => sum + chord.beats, 0),
  );
}

const TEMPOS = [72, 84, 96, 108, 120, 132, 144, 160];
const STYLES: readonly VoicingStyle[] = ['shell', 'rootless', 'extended'];
const RHYTHMS: readonly CompingRhythm[] = ['sustained', 'charleston', 'two-feel', 'anticipated'];

export interface ComposeProgressionOptions {
  /** Index into PROGRESSION_TEMPLATES (wraps around). */
  templateIndex: number;
  /** Pitch class of the key's tonic. */
  tonic: number;
  /** Seeds style, comping rhythm, tempo and velocities. */
  seed: number;
}

export function composeJazzProgression(options: ComposeProgressionOptions): JazzProgression {
  const rng = mulberry32(options.seed);
  const template = PROGRESSION_TEMPLATES[mod(options.templateIndex, PROGRESSION_TEMPLATES.length)] as ProgressionTemplate;
  const style = pick(rng, STYLES);
  const rhythm = pick(rng, RHYTHMS);
  const bpm = pick(rng, TEMPOS);
  const chords = layOutChords(template, options.tonic);
  const suffixes = VOICINGS[style];
  const key: MusicalKey = { tonic: mod12(options.tonic), mode: template.mode };
  return {
    name: `${template.name} (${STYLE_LABELS[style]})`,
    keyName: keyName(key),
    bpm,
    style,
    rhythm,
    chords: chords.map((chord) => ({
      symbol: `${spellFromTonic(key, chord.offset)}${suffixes[chord.quality].suffix}`,
      startBeat: chord.startBeat,
    })),
    voicings: voiceChords(chords, style, rhythm, rng),
    bass: bassLine(chords, rng),
  };
}

function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}
