/**
 * Standard MIDI files (format 1) written with @tonejs/midi.
 */
import type { NoteEvent } from './note-event';
import { Midi } from './tonejs-midi';

/** Controller 64: the sustain (damper) pedal; @tonejs/midi writes value 1 as 127. */
const SUSTAIN_PEDAL = 64;

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
