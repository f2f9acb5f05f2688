/**
 * Standard MIDI files (format 1) written with @tonejs/midi.
 */
import * as tonejsMidiNamespace from '@tonejs/midi';
import type { JazzProgression } from './jazz-progressions';
import type { LoopPattern, LoopRole } from './loop-patterns';
import type { NoteEvent } from './note-event';

type TonejsMidiModule = typeof tonejsMidiNamespace;
/**
 * @tonejs/midi ships CommonJS only. Node's ESM loader cannot detect its named
 * exports and offers them only as `default` (module.exports), while bundlers
 * and CJS loaders expose them directly; accept both shapes.
 */
const tonejsMidi: TonejsMidiModule =
  (tonejsMidiNamespace as TonejsMidiModule & { default?: TonejsMidiModule }).default ?? tonejsMidiNamespace;
const { Midi } = tonejsMidi;

/** Controller 64: the sustain (damper) pedal; @tonejs/midi writes value 1 as 127. */
const SUSTAIN_PEDAL = 64;

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

export interface MidiTrackSpec {
  name: string;
  notes: readonly NoteEvent[];
  channel: number;
  program: number;
  /** Sustain pedal (CC 64) presses, in beats: down at `startBeat`, up at `endBeat`. */
  pedal?: readonly { startBeat: number; endBeat: number }[];
}

export interface MidiFileSpec {
  /** Written as the sequence name (the conductor track's name). */
  title: string;
  bpm: number;
  tracks: readonly MidiTrackSpec[];
  /** Marker meta events, e.g. chord symbols; DAWs show them on the timeline. */
  markers?: readonly { startBeat: number; text: string }[];
}

function clampMidi(value: number): number {
  return Math.max(0, Math.min(127, Math.round(value)));
}

/**
 * Writes a 4/4 MIDI file. Times are converted to whole ticks here so the file
 * never depends on floating-point seconds.
 */
export function writeMidi(spec: MidiFileSpec): Uint8Array {
  const midi = new Midi();
  const ticksPerBeat = midi.header.ppq;
  const toTicks = (beats: number) => Math.max(0, Math.round(beats * ticksPerBeat));
  midi.header.name = spec.title;
  midi.header.setTempo(spec.bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] });
  for (const marker of spec.markers ?? []) {
    midi.header.meta.push({ type: 'marker', text: marker.text, ticks: toTicks(marker.startBeat) });
  }
  midi.header.update();
  for (const trackSpec of spec.tracks) {
    const track = midi.addTrack();
    track.name = trackSpec.name;
    track.channel = trackSpec.channel;
    track.instrument.number = trackSpec.program;
    for (const note of trackSpec.notes) {
      track.addNote({
        midi: clampMidi(note.midi),
        ticks: toTicks(note.startBeat),
        durationTicks: Math.max(1, toTicks(note.durationBeats)),
        // @tonejs/midi stores floor(velocity * 127); keep it >= 1 so no note-on becomes a note-off.
        velocity: Math.max(1 / 127, Math.min(1, note.velocity)),
      });
    }
    for (const press of trackSpec.pedal ?? []) {
      track.addCC({ number: SUSTAIN_PEDAL, value: 1, ticks: toTicks(press.startBeat) });
      track.addCC({ number: SUSTAIN_PEDAL, value: 0, ticks: toTicks(press.endBeat) });
    }
  }
  return midi.toArray();
}

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
