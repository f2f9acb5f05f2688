/** A MIDI file as the piano roll plays it: notes in seconds, the sustain pedal already applied. */
export interface SongNote {
  midi: number;
  /** Seconds from the start of the file. */
  start: number;
  /** When the note stops sounding: its note-off, or the pedal's release when the pedal held it. */
  end: number;
  /** 0..1 */
  velocity: number;
  track: number;
}

export interface Song {
  /** Sorted by start time. */
  notes: SongNote[];
  /** Seconds until the last note ends. */
  duration: number;
  /** The longest note, in seconds (bounds the search for notes on screen). */
  longestNote: number;
}
