/**
 * The seed catalogue's MIDI files: sample-pack loops and jazz progressions, written by the
 * shared MIDI writer.
 */
import { writeMidi } from '#server/lib/midi/write-midi.ts';
import type { JazzProgression } from './jazz-progressions';
import type { LoopPattern, LoopRole } from './loop-patterns';

/** Channel 10 (index 9) is the General MIDI drum channel. */
const DRUM_CHANNEL = 9;

/** General MIDI programs (0-based) so a plain GM player picks a fitting sound. */
const GM_PROGRAMS: Record<LoopRole, number> = {
  chords: 4, // Electric Piano 1
  bass: 33, // Electric Bass (finger)
  arp: 11, // Vibraphone
  drums: 0,
};
const GM_ACOUSTIC_BASS = 32;

/** One sample-pack loop as a single-track MIDI file, e.g. track 'Velvet Keys'. */
export function buildLoopMidi(pattern: LoopPattern, bpm: number, title: string): Uint8Array {
  return writeMidi({
    title,
    bpm,
    tracks: [
      {
        name: pattern.name,
        notes: pattern.notes,
        channel: pattern.role === 'drums' ? DRUM_CHANNEL : 0,
        program: GM_PROGRAMS[pattern.role],
      },
    ],
  });
}

/**
 * A jazz progression as a two-track file: the voicings (piano/EP) and a bass
 * line with the roots, since rootless voicings assume a bassist. Chord symbols
 * are written as markers.
 */
export function buildProgressionMidi(progression: JazzProgression): Uint8Array {
  return writeMidi({
    title: `${progression.name} in ${progression.keyName}`,
    bpm: progression.bpm,
    markers: progression.chords.map((chord) => ({ startBeat: chord.startBeat, text: chord.symbol })),
    tracks: [
      { name: 'Voicings', notes: progression.voicings, channel: 0, program: GM_PROGRAMS.chords },
      { name: 'Bass', notes: progression.bass, channel: 1, program: GM_ACOUSTIC_BASS },
    ],
  });
}
