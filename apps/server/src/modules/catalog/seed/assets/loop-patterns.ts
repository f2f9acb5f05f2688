/**
 * Composes the loops of a sample pack as plain note events. The MIDI writer and
 * the audio renderer both consume these, so each WAV is a rendering of its MIDI
 * twin rather than an unrelated sound.
 *
 * All loops of a pack share one 4-bar chord progression in the pack's key, so
 * any bass, chord and arp loop of the pack can be layered together.
 */
import { BEATS_PER_BAR, DRUM_KEYS, type NoteEvent } from '#server/lib/midi/note-event.ts';
import { chooseVoicing, degreeOffset, diatonicChordOffsets, mod12, placeVoicing, type MusicalKey } from './music-theory';
import { chance, pick, randomBetween, shuffled, type Rng } from '#server/lib/seeded-random.ts';

export type LoopRole = 'chords' | 'bass' | 'arp' | 'drums';

export interface LoopPattern {
  role: LoopRole;
  /** Human name without number/bpm/key, e.g. 'Velvet Keys'. */
  name: string;
  bars: number;
  notes: NoteEvent[];
}

/** The pack's shared harmony: one diatonic scale degree (0-based) per bar. */
export interface PackHarmony {
  key: MusicalKey;
  degrees: number[];
}

/** Loop roles in pack order; melodic roles first so previews are tuneful. */
export const ROLE_ORDER: readonly LoopRole[] = ['chords', 'bass', 'arp', 'drums'];

// Familiar four-chord loops (scale degrees, 0 = tonic) that sound good looped.
const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6], // i VI III VII
  [0, 3, 6, 2], // i iv VII III
  [0, 6, 5, 6], // i VII VI VII
  [0, 5, 3, 4], // i VI iv v
  [0, 3, 4, 0], // i iv v i
];
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3], // I V vi IV
  [0, 5, 3, 4], // I vi IV V
  [1, 4, 0, 5], // ii V I vi
  [0, 3, 5, 4], // I IV vi V
  [3, 4, 2, 5], // IV V iii vi
];

// prettier-ignore
const ADJECTIVES = [
  'Velvet', 'Dusty', 'Golden', 'Midnight', 'Neon', 'Hazy', 'Warm', 'Glass', 'Silver', 'Lunar',
  'Amber', 'Cobalt', 'Faded', 'Soft', 'Deep', 'Bright', 'Rainy', 'Sunset', 'Tape', 'Coastal',
];
const ROLE_NOUNS: Record<LoopRole, readonly string[]> = {
  chords: ['Keys', 'Chords', 'Rhodes', 'Stabs'],
  bass: ['Bass', 'Bassline', 'Low End', 'Sub'],
  arp: ['Arp', 'Pluck', 'Motif', 'Sequence'],
  drums: ['Drums', 'Beat', 'Groove', 'Break'],
};

export function choosePackHarmony(key: MusicalKey, rng: Rng): PackHarmony {
  const choices = key.mode === 'minor' ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS;
  return { key, degrees: [...pick(rng, choices)] };
}

/** Pitch class of the root of the chord on `bar` (the progression repeats). */
function chordRootPitchClass(harmony: PackHarmony, bar: number): number {
  const degree = harmony.degrees[bar % harmony.degrees.length] as number;
  return mod12(harmony.key.tonic + degreeOffset(harmony.key.mode, degree));
}

/** The diatonic seventh chord on `bar`, as intervals above its root. */
function chordIntervals(harmony: PackHarmony, bar: number): number[] {
  const degree = harmony.degrees[bar % harmony.degrees.length] as number;
  const offsets = diatonicChordOffsets(harmony.key.mode, degree, 4);
  const root = offsets[0] as number;
  return offsets.map((offset) => offset - root);
}

function note(midi: number, startBeat: number, durationBeats: number, velocity: number): NoteEvent {
  return { midi, startBeat, durationBeats, velocity: Math.min(1, Math.max(0.1, velocity)) };
}

// ---------------------------------------------------------------------------
// Drums: a 16-step grid per bar. Slower tempos get a swung hip-hop feel, faster
// ones a four-on-the-floor pulse, because that is what buyers expect at each bpm.

const STEP_BEATS = 0.25;

export function composeDrums(rng: Rng, bars: number, bpm: number): NoteEvent[] {
  const fourOnFloor = bpm >= 118;
  // Swing delays every second 16th; only for the laid-back (slower) grooves.
  const swing = fourOnFloor ? 0 : randomBetween(rng, 0.03, 0.07);
  const kickSteps = fourOnFloor
    ? [0, 4, 8, 12]
    : pick(rng, [
        [0, 10],
        [0, 7, 10],
        [0, 3, 10],
        [0, 8, 11],
      ]);
  const sixteenthHats = chance(rng, 0.4);
  const notes: NoteEvent[] = [];
  for (let bar = 0; bar < bars; bar++) {
    for (let step = 0; step < 16; step++) {
      const beat = bar * BEATS_PER_BAR + step * STEP_BEATS + (step % 2 === 1 ? swing : 0);
      const isLastBar = bar === bars - 1;
      if (kickSteps.includes(step) || (!fourOnFloor && isLastBar && step === 14 && chance(rng, 0.5))) {
        notes.push(note(DRUM_KEYS.kick, beat, 0.25, step === 0 ? 0.95 : 0.85));
      }
      if (step === 4 || step === 12) notes.push(note(DRUM_KEYS.snare, beat, 0.25, 0.9));
      else if (!fourOnFloor && step % 2 === 1 && chance(rng, 0.12)) {
        notes.push(note(DRUM_KEYS.snare, beat, 0.25, 0.25)); // ghost note
      }
      const openHat = (fourOnFloor && step % 4 === 2) || (step === 14 && chance(rng, 0.3));
      if (openHat) notes.push(note(DRUM_KEYS.openHat, beat, 0.5, 0.6));
      else if (step % 2 === 0 || sixteenthHats) {
        const accent = step % 4 === 0 ? 0.75 : step % 2 === 0 ? 0.55 : 0.35;
        notes.push(note(DRUM_KEYS.closedHat, beat, 0.25, accent + randomBetween(rng, -0.05, 0.05)));
      }
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Bass: a one-bar rhythm cell repeated over the progression. Tones: R root,
// 5 fifth, 8 octave, A chromatic approach to the next bar's root.

type BassTone = 'R' | '5' | '8' | 'A';
type BassCell = readonly (readonly [step: number, lengthSteps: number, tone: BassTone])[];

// prettier-ignore
const BASS_CELLS: readonly BassCell[] = [
  [[0, 6, 'R'], [6, 2, 'R'], [8, 4, '5'], [12, 2, '8'], [14, 2, 'A']],
  [[0, 3, 'R'], [3, 3, 'R'], [6, 4, '8'], [10, 2, '5'], [12, 4, 'R']],
  [[0, 8, 'R'], [10, 2, 'R'], [12, 2, '5'], [14, 2, 'A']],
  [[0, 2, 'R'], [2, 2, 'R'], [4, 2, '8'], [6, 2, 'R'], [8, 2, 'R'], [10, 2, '5'], [12, 2, 'R'], [14, 2, 'A']],
];

/** Bass roots sit between C2 (36) and B2 (47). */
function bassRoot(harmony: PackHarmony, bar: number): number {
  return 36 + chordRootPitchClass(harmony, bar);
}

export function composeBass(harmony: PackHarmony, rng: Rng, bars: number): NoteEvent[] {
  const cell = pick(rng, BASS_CELLS);
  const approachFromAbove = chance(rng, 0.5);
  const notes: NoteEvent[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const root = bassRoot(harmony, bar);
    // The loop wraps, so the last bar approaches the first bar's root.
    const nextRoot = bassRoot(harmony, (bar + 1) % bars);
    for (const [step, lengthSteps, tone] of cell) {
      const pitch = tone === 'R' ? root : tone === '5' ? root + 7 : tone === '8' ? root + 12 : nextRoot + (approachFromAbove ? 1 : -1);
      const velocity = step === 0 ? 0.9 : 0.72 + randomBetween(rng, -0.05, 0.05);
      notes.push(note(pitch, bar * BEATS_PER_BAR + step * STEP_BEATS, lengthSteps * STEP_BEATS * 0.9, velocity));
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Chords: voice-led seventh chords (optionally with the 9th instead of the root,
// since the bass already has it) in a comfortable mid-keyboard register.

// prettier-ignore
const CHORD_RHYTHMS: readonly (readonly [startBeat: number, beats: number])[][] = [
  [[0, 3.9]], // one sustained chord per bar
  [[0, 1.5], [1.5, 2.4]], // Charleston push
  [[0, 1.9], [2, 1.9]], // half notes
  [[0, 2], [2.5, 1.4]], // laid-back re-strike
];

export function composeChords(harmony: PackHarmony, rng: Rng, bars: number): NoteEvent[] {
  const rhythm = pick(rng, CHORD_RHYTHMS);
  const addNinth = chance(rng, 0.5);
  const notes: NoteEvent[] = [];
  let previous: number[] | null = null;
  for (let bar = 0; bar < bars; bar++) {
    const seventh = chordIntervals(harmony, bar);
    const intervals = addNinth ? [...seventh.slice(1), 14] : seventh;
    const candidates = placeVoicing(chordRootPitchClass(harmony, bar), intervals, 52, 64);
    const voicing = chooseVoicing(candidates, previous, 63);
    previous = voicing;
    for (const [startBeat, beats] of rhythm) {
      const velocity = 0.62 + randomBetween(rng, -0.06, 0.06);
      for (const pitch of voicing) notes.push(note(pitch, bar * BEATS_PER_BAR + startBeat, beats, velocity));
    }
  }
  return notes;
}

// ---------------------------------------------------------------------------
// Arp: chord tones over two octaves from middle C upwards.

type ArpShape = 'up' | 'down' | 'up-down' | 'walk';

function arpSequence(tones: readonly number[], shape: ArpShape, length: number, rng: Rng): number[] {
  const upDown = [...tones, ...tones.slice(1, -1).reverse()];
  const sequence: number[] = [];
  let walkIndex = 0;
  for (let i = 0; i < length; i++) {
    if (shape === 'up') sequence.push(tones[i % tones.length] as number);
    else if (shape === 'down') sequence.push(tones[tones.length - 1 - (i % tones.length)] as number);
    else if (shape === 'up-down') sequence.push(upDown[i % upDown.length] as number);
    else {
      // A random walk over neighbouring chord tones stays melodic (no big leaps).
      walkIndex = Math.min(tones.length - 1, Math.max(0, walkIndex + pick(rng, [-1, 1, 1, 2, -2])));
      sequence.push(tones[walkIndex] as number);
    }
  }
  return sequence;
}

export function composeArp(harmony: PackHarmony, rng: Rng, bars: number, bpm: number): NoteEvent[] {
  const shape = pick(rng, ['up', 'down', 'up-down', 'walk'] as const);
  // 16ths at relaxed tempos, 8ths when fast, so the arp never turns into a blur.
  const stepBeats = bpm < 120 ? 0.25 : 0.5;
  const stepsPerBar = BEATS_PER_BAR / stepBeats;
  const gate = pick(rng, [0.5, 0.8, 0.95]);
  const notes: NoteEvent[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const root = chordRootPitchClass(harmony, bar);
    const lowTones = chordIntervals(harmony, bar)
      .map((interval) => 60 + mod12(root + interval))
      .sort((a, b) => a - b);
    const tones = [...lowTones, ...lowTones.map((pitch) => pitch + 12)];
    const sequence = arpSequence(tones, shape, stepsPerBar, rng);
    sequence.forEach((pitch, step) => {
      const onBeat = (step * stepBeats) % 1 === 0;
      const velocity = (onBeat ? 0.75 : 0.58) + randomBetween(rng, -0.04, 0.04);
      notes.push(note(pitch, bar * BEATS_PER_BAR + step * stepBeats, stepBeats * gate, velocity));
    });
  }
  return notes;
}

// ---------------------------------------------------------------------------

/** Loop lengths per role: 1–4 bars, as sold in typical packs. */
function barsFor(role: LoopRole, rng: Rng): number {
  if (role === 'chords') return 4;
  if (role === 'drums') return pick(rng, [1, 2]);
  return pick(rng, [2, 4]);
}

/**
 * Names for every loop of a pack. Adjectives are shuffled once per pack so
 * names rarely repeat within a pack.
 */
export function loopNames(roles: readonly LoopRole[], rng: Rng): string[] {
  const adjectives = shuffled(rng, ADJECTIVES);
  return roles.map((role, index) => `${adjectives[index % adjectives.length]} ${pick(rng, ROLE_NOUNS[role])}`);
}

export function composeLoop(role: LoopRole, name: string, harmony: PackHarmony, rng: Rng, bpm: number): LoopPattern {
  const bars = barsFor(role, rng);
  const notes =
    role === 'drums'
      ? composeDrums(rng, bars, bpm)
      : role === 'bass'
        ? composeBass(harmony, rng, bars)
        : role === 'chords'
          ? composeChords(harmony, rng, bars)
          : composeArp(harmony, rng, bars, bpm);
  return { role, name, bars, notes };
}
