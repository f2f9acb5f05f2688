/**
 * A Song Seed from its parameters: chords, bass and melody written as a three-track MIDI file.
 * Same parameters, same bytes: every choice comes from the seeded generator.
 */
import type { LyraSketch } from '@store/contracts/lyra';
import { BEATS_PER_BAR } from '#server/lib/midi/note-event.ts';
import { writeMidi } from '#server/lib/midi/write-midi.ts';
import { deriveSeed, mulberry32 } from '#server/lib/seeded-random.ts';
import { arrange } from './arrangement';
import { buildProgression } from './progression';
import { encodeSketchId } from './sketch-id';
import { keyLabel, sketchTitle, type SketchParams, type Style } from './sketch-params';

/** General MIDI programs per style: [chords, bass, melody]. */
const PROGRAMS: Record<Style, readonly [number, number, number]> = {
  'lo-fi': [4, 33, 73],
  jazz: [4, 32, 11],
  pop: [0, 33, 0],
  rock: [0, 34, 0],
  house: [0, 38, 81],
  'hip hop': [4, 33, 11],
  ambient: [89, 38, 73],
  ballad: [0, 32, 0],
  'r&b': [4, 33, 11],
  cinematic: [48, 32, 73],
};

export const SKETCH_TRACKS = { chords: { name: 'Chords', channel: 0 }, bass: { name: 'Bass', channel: 1 }, melody: { name: 'Melody', channel: 2 } } as const;

/** The streams of randomness, one per decision, so a change in one part never shifts another. */
const STREAM = { progression: 1, arrangement: 2 } as const;

export interface SongSeed {
  title: string;
  chords: string[];
  bytes: Uint8Array;
}

/** The chords alone: what an answer shows, without writing the file. */
const progressionOf = (params: SketchParams) => buildProgression(params, mulberry32(deriveSeed(params.seed, STREAM.progression)));

export function makeSongSeed(params: SketchParams): SongSeed {
  const chords = progressionOf(params);
  const parts = arrange(params, chords, mulberry32(deriveSeed(params.seed, STREAM.arrangement)));
  const title = sketchTitle(params);
  const [chordsProgram, bassProgram, melodyProgram] = PROGRAMS[params.style];
  const bytes = writeMidi({
    title,
    bpm: params.bpm,
    markers: chords.map((text, bar) => ({ startBeat: bar * BEATS_PER_BAR, text })),
    tracks: [
      { ...SKETCH_TRACKS.chords, program: chordsProgram, notes: parts.chords },
      { ...SKETCH_TRACKS.bass, program: bassProgram, notes: parts.bass },
      { ...SKETCH_TRACKS.melody, program: melodyProgram, notes: parts.melody },
    ],
  });
  return { title, chords, bytes };
}

/** The contract's sketch for some parameters: what the answer shows, with the URL of its file (made when fetched). */
export function describeSketch(params: SketchParams): LyraSketch {
  const id = encodeSketchId(params);
  return {
    id,
    title: sketchTitle(params),
    key: keyLabel(params),
    bpm: params.bpm,
    chords: progressionOf(params),
    seed: params.seed,
    style: params.style,
    ...(params.mood ? { mood: params.mood } : {}),
    midiUrl: `/api/lyra/sketches/${id}.mid`,
  };
}
