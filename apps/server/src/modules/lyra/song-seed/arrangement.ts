/**
 * The three parts of a sketch in beats: voiced chords with a rhythm per style, a bass line (roots,
 * some fifths, a step into the next chord) and a melody that sits on chord tones on the strong
 * beats (1 and 3) with scale steps between them.
 */
import type { NoteEvent } from '#server/lib/midi/note-event.ts';
import { BEATS_PER_BAR } from '#server/lib/midi/note-event.ts';
import { chance, pick, randomBetween, type Rng } from '#server/lib/seeded-random.ts';
import { chordChromas, rootChroma, scaleChromas, voiceLead } from './progression';
import type { SketchParams, Style } from './sketch-params';

/** Chord hits within a bar: [start, length] in beats. */
const CHORD_RHYTHMS: Record<Style, readonly (readonly (readonly [number, number])[])[]> = {
  'lo-fi': [
    [[0, 4]],
    [
      [0, 2.5],
      [2.5, 1.5],
    ],
  ],
  jazz: [
    [
      [0, 1.5],
      [1.5, 2.5],
    ],
    [
      [0, 2],
      [2.5, 1.5],
    ],
  ],
  pop: [
    [
      [0, 2],
      [2, 2],
    ],
    [[0, 4]],
  ],
  rock: [
    [
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ],
    [
      [0, 2],
      [2, 2],
    ],
  ],
  house: [
    [
      [0.5, 0.5],
      [1.5, 0.5],
      [2.5, 0.5],
      [3.5, 0.5],
    ],
  ],
  'hip hop': [
    [
      [0, 3],
      [3, 1],
    ],
    [[0, 4]],
  ],
  ambient: [[[0, 4]]],
  ballad: [
    [[0, 4]],
    [
      [0, 2],
      [2, 2],
    ],
  ],
  'r&b': [
    [
      [0, 1.5],
      [1.5, 2.5],
    ],
    [[0, 4]],
  ],
  cinematic: [[[0, 4]]],
};

/** Melody rhythms: durations filling one bar, every one starting on beat 1. */
const MELODY_RHYTHMS: readonly (readonly number[])[] = [
  [1, 1, 1, 1],
  [1.5, 0.5, 1, 1],
  [2, 1, 1],
  [1, 0.5, 0.5, 2],
  [0.5, 0.5, 1, 2],
  [2, 2],
  [1, 1, 2],
];

const BASS_LOW = 36;
const MELODY_LOW = 67;
const MELODY_HIGH = 84;

export interface Arrangement {
  chords: NoteEvent[];
  bass: NoteEvent[];
  melody: NoteEvent[];
}

/** The pitch of `chroma` nearest to `near`, inside [low, high]. */
function nearestPitch(chroma: number, near: number, low: number, high: number): number {
  let best: number | undefined;
  for (let pitch = low; pitch <= high; pitch++) {
    if (pitch % 12 === chroma && (best === undefined || Math.abs(pitch - near) < Math.abs(best - near))) best = pitch;
  }
  // The register spans more than an octave, so every pitch class is in it.
  return best!;
}

const bassPitch = (chroma: number) => BASS_LOW + ((chroma - BASS_LOW + 120) % 12);

function chordPart(voicings: readonly (readonly number[])[], style: Style, rng: Rng): NoteEvent[] {
  const rhythm = pick(rng, CHORD_RHYTHMS[style]);
  return voicings.flatMap((voicing, bar) =>
    rhythm.flatMap(([start, length]) => {
      const velocity = randomBetween(rng, 0.55, 0.7);
      return voicing.map((midi) => ({ midi, startBeat: bar * BEATS_PER_BAR + start, durationBeats: length, velocity }));
    }),
  );
}

function bassPart(chords: readonly string[], rng: Rng): NoteEvent[] {
  return chords.flatMap((symbol, bar) => {
    const root = bassPitch(rootChroma(symbol));
    const fifth = root + 7;
    const start = bar * BEATS_PER_BAR;
    const next = chords[bar + 1];
    const notes: NoteEvent[] = [{ midi: root, startBeat: start, durationBeats: 2, velocity: 0.8 }];
    notes.push({ midi: chance(rng, 0.4) ? fifth : root, startBeat: start + 2, durationBeats: next ? 1.5 : 2, velocity: 0.7 });
    if (next && chance(rng, 0.5)) {
      // A passing note a step above or below the next chord's root leads into it.
      const target = bassPitch(rootChroma(next));
      const approach = target + (chance(rng, 0.5) ? -1 : 2);
      notes[1] = { ...notes[1]!, durationBeats: 1.5 };
      notes.push({ midi: approach, startBeat: start + 3.5, durationBeats: 0.5, velocity: 0.6 });
    }
    return notes;
  });
}

/** The scale for a bar: the key's, with a note a semitone off a chromatic chord tone (G against G# in E7) left out. */
function barScale(keyScale: readonly number[], chord: readonly number[]): number[] {
  const chromatic = chord.filter((chroma) => !keyScale.includes(chroma));
  const kept = keyScale.filter((chroma) => !chromatic.some((tone) => Math.abs(tone - chroma) === 1 || Math.abs(tone - chroma) === 11));
  return [...new Set([...kept, ...chromatic])].sort((a, b) => a - b);
}

/** One scale step from `pitch` (up or down), inside the melody's register. */
function scaleStep(pitch: number, scale: readonly number[], up: boolean): number {
  const direction = pitch >= MELODY_HIGH - 1 ? -1 : pitch <= MELODY_LOW + 1 ? 1 : up ? 1 : -1;
  let next = pitch + direction;
  while (!scale.includes(((next % 12) + 12) % 12)) next += direction;
  return next;
}

function melodyPart(params: SketchParams, chords: readonly string[], rng: Rng): NoteEvent[] {
  const keyScale = scaleChromas(params.tonic, params.mode);
  const tonic = keyScale[0]!;
  let previous = nearestPitch(tonic, 72, MELODY_LOW, MELODY_HIGH);
  const notes: NoteEvent[] = [];
  chords.forEach((symbol, bar) => {
    const tones = chordChromas(symbol);
    const scale = barScale(keyScale, tones);
    const lastBar = bar === chords.length - 1;
    const rhythm = lastBar ? [4] : pick(rng, MELODY_RHYTHMS);
    let position = 0;
    for (const duration of rhythm) {
      const strong = position === 0 || position === 2;
      let midi: number;
      if (lastBar) {
        // The sketch ends at home when the last chord holds the tonic, else on its nearest chord tone.
        const target = tones.includes(tonic) ? tonic : tones[0]!;
        midi = nearestPitch(target, previous, MELODY_LOW, MELODY_HIGH);
      } else if (strong) {
        const nearest = tones
          .map((chroma) => nearestPitch(chroma, previous, MELODY_LOW, MELODY_HIGH))
          .sort((a, b) => Math.abs(a - previous) - Math.abs(b - previous) || a - b);
        midi = chance(rng, 0.7) ? nearest[0]! : (nearest[1] ?? nearest[0]!);
      } else {
        midi = scaleStep(previous, scale, chance(rng, 0.5));
      }
      notes.push({ midi, startBeat: bar * BEATS_PER_BAR + position, durationBeats: duration, velocity: strong ? 0.8 : randomBetween(rng, 0.6, 0.72) });
      previous = midi;
      position += duration;
    }
  });
  return notes;
}

/** Voicings, bass and melody for the chords; the rng decides rhythms and choices, in that order. */
export function arrange(params: SketchParams, chords: readonly string[], rng: Rng): Arrangement {
  const voicings = voiceLead(chords);
  return { chords: chordPart(voicings, params.style, rng), bass: bassPart(chords, rng), melody: melodyPart(params, chords, rng) };
}
