/**
 * The landing page's piano piece: an original composition generated here (no third-party
 * file), written as a Standard MIDI File. 16 bars of 4/4 at 90 bpm (~43 s, looped by the
 * page): a chord progression in D major played as a sustained bass note and a broken-chord
 * accompaniment under the pedal, with a melody on top made from chord tones and passing notes.
 * Deterministic: the same code always writes the same bytes.
 */
import { writeMidi } from '#server/lib/midi/write-midi.ts';
import type { NoteEvent } from '#server/lib/midi/note-event.ts';
import { mulberry32, pick, type Rng } from '#server/lib/seeded-random.ts';

export const LANDING_BPM = 90;
const BEATS_PER_BAR = 4;
const SEED = 2024;
const ACOUSTIC_GRAND = 0;

/** Root (MIDI note) and chord tones (semitones above the root) of each bar. */
const PROGRESSION: readonly { root: number; tones: readonly number[] }[] = [
  { root: 50, tones: [0, 4, 7, 11] }, // Dmaj7
  { root: 47, tones: [0, 3, 7, 10] }, // Bm7
  { root: 43, tones: [0, 4, 7, 11] }, // Gmaj7
  { root: 45, tones: [0, 5, 7, 10] }, // A7sus4
  { root: 50, tones: [0, 4, 7, 11] }, // Dmaj7
  { root: 42, tones: [0, 3, 7, 10] }, // F#m7
  { root: 43, tones: [0, 4, 7, 11] }, // Gmaj7
  { root: 45, tones: [0, 4, 7, 10] }, // A7
  { root: 40, tones: [0, 3, 7, 10] }, // Em7
  { root: 42, tones: [0, 3, 7, 10] }, // F#m7
  { root: 43, tones: [0, 4, 7, 11] }, // Gmaj7
  { root: 45, tones: [0, 4, 7, 10] }, // A7
  { root: 47, tones: [0, 3, 7, 10] }, // Bm7
  { root: 43, tones: [0, 4, 7, 11] }, // Gmaj7
  { root: 45, tones: [0, 5, 7, 10] }, // A7sus4
  { root: 50, tones: [0, 4, 7, 14] }, // Dadd9
];

/** D major, as pitch classes: the melody's passing notes. */
const SCALE = [2, 4, 6, 7, 9, 11, 1];

/** Melody rhythms of one bar, in beats (each sums to 4). */
const RHYTHMS: readonly (readonly number[])[] = [
  [1.5, 0.5, 2],
  [1, 1, 1, 1],
  [2, 1, 1],
  [0.5, 0.5, 1, 2],
  [1, 0.5, 0.5, 2],
  [3, 1],
];

function accompaniment(bar: number, root: number, tones: readonly number[]): NoteEvent[] {
  const start = bar * BEATS_PER_BAR;
  const notes: NoteEvent[] = [{ midi: root - 12, startBeat: start, durationBeats: 3.5, velocity: 0.62 }];
  // Broken chord in eighths: root, fifth, chord tones up and back, an octave above the bass.
  const shape = [0, 7, 12 + (tones[1] as number), 12 + (tones[3] as number), 24, 12 + (tones[3] as number), 12 + (tones[1] as number), 7];
  shape.forEach((offset, index) => {
    notes.push({ midi: root + offset, startBeat: start + index * 0.5, durationBeats: 0.45, velocity: index % 2 === 0 ? 0.5 : 0.4 });
  });
  return notes;
}

function nearest(candidates: readonly number[], target: number): number {
  return candidates.reduce((best, note) => (Math.abs(note - target) < Math.abs(best - target) ? note : best));
}

/** Pitches of the given pitch classes within the melody's range (A4 to A5 and a bit). */
function inRange(pitchClasses: readonly number[]): number[] {
  const notes: number[] = [];
  for (let midi = 67; midi <= 84; midi += 1) if (pitchClasses.includes(midi % 12)) notes.push(midi);
  return notes;
}

function melody(rng: Rng): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const scaleNotes = inRange(SCALE);
  let previous = 74;
  PROGRESSION.forEach(({ root, tones }, bar) => {
    const chordNotes = inRange(tones.map((tone) => (root + tone) % 12));
    // Phrases of four bars; the last bar of each phrase holds a long chord tone.
    const rhythm = bar % 4 === 3 ? [3, 1] : pick(rng, RHYTHMS);
    let beat = bar * BEATS_PER_BAR;
    rhythm.forEach((length, index) => {
      const strong = Number.isInteger(beat) && (beat % 2 === 0 || length >= 2);
      const target = previous + pick(rng, [-4, -2, -1, 1, 2, 3, 5]);
      const midi = nearest(strong || index === 0 ? chordNotes : scaleNotes, Math.max(69, Math.min(83, target)));
      notes.push({ midi, startBeat: beat, durationBeats: length * 0.92, velocity: 0.7 + rng() * 0.15 });
      previous = midi;
      beat += length;
    });
  });
  // End on the tonic.
  const last = notes[notes.length - 1]!;
  last.midi = 74;
  return notes;
}

/** The landing piece as MIDI bytes. */
export function buildLandingMidi(): Uint8Array {
  const rng = mulberry32(SEED);
  const accompanimentNotes = PROGRESSION.flatMap(({ root, tones }, bar) => accompaniment(bar, root, tones));
  const pedal = PROGRESSION.map((_, bar) => ({ startBeat: bar * BEATS_PER_BAR + 0.05, endBeat: (bar + 1) * BEATS_PER_BAR - 0.05 }));
  return writeMidi({
    title: 'SongWish - Wish Theme',
    bpm: LANDING_BPM,
    tracks: [
      { name: 'Melody', notes: melody(rng), channel: 0, program: ACOUSTIC_GRAND },
      { name: 'Accompaniment', notes: accompanimentNotes, channel: 1, program: ACOUSTIC_GRAND, pedal },
    ],
  });
}
