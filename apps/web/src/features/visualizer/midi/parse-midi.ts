import { Midi } from '@tonejs/midi';
import { SUSTAIN_PEDAL_CONTROLLER } from '../constants';
import { MidiParseError } from './midi-parse-error';
import type { Song, SongNote } from './song';
import { applySustain } from './sustain';
import { validateSmf } from './validate-smf';

/**
 * Reads a Standard MIDI File into a Song: structure checked first (clear MidiParseErrors),
 * then @tonejs/midi turns ticks into seconds through every tempo change (120 bpm until the
 * first tempo event, as the SMF standard says), and the sustain pedal (CC 64) of each track
 * holds that track's notes.
 */
export function parseMidi(input: ArrayBuffer | Uint8Array): Song {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  validateSmf(bytes);
  let midi: Midi;
  try {
    midi = new Midi(bytes);
  } catch (error) {
    throw new MidiParseError(`Invalid MIDI file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rawEnd = Math.max(0, ...midi.tracks.flatMap((track) => track.notes.map((note) => note.time + note.duration)));
  const notes: SongNote[] = midi.tracks.flatMap((track, index) => {
    const trackNotes = track.notes.map((note) => ({
      midi: note.midi,
      start: note.time,
      end: note.time + note.duration,
      velocity: note.velocity,
      track: index,
    }));
    const pedal = (track.controlChanges[SUSTAIN_PEDAL_CONTROLLER] ?? []).map((change) => ({ time: change.time, value: Math.round(change.value * 127) }));
    return applySustain(trackNotes, pedal, rawEnd);
  });
  notes.sort((a, b) => a.start - b.start || a.midi - b.midi);
  const duration = Math.max(0, ...notes.map((note) => note.end));
  const longestNote = Math.max(0, ...notes.map((note) => note.end - note.start));
  return { notes, duration, longestNote };
}
