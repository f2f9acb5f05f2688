/**
 * A note in musical time, shared by the MIDI writer and the audio renderer so a
 * WAV loop and its MIDI twin are made from the very same events.
 */
export interface NoteEvent {
  /** MIDI note number, 0..127. */
  midi: number;
  /** Start, in quarter-note beats from the start of the loop. */
  startBeat: number;
  durationBeats: number;
  /** 0..1, as @tonejs/midi expects. */
  velocity: number;
}

/** Everything here is in 4/4. */
export const BEATS_PER_BAR = 4;

/** General MIDI percussion keys used by the drum loops (channel 10). */
export const DRUM_KEYS = { kick: 36, snare: 38, closedHat: 42, openHat: 46 } as const;
