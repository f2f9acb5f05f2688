/** The visualiser's constants and texts (docs/behaviour/visualiser.md#constants). */

/** The lowest key of the piano (A0); the keyboard has 88 keys from here up to C8. */
export const NOTE_RANGE_START = 21;
export const KEY_COUNT = 88;

/** Controller 64 is the sustain pedal: values up to 63 mean up (off), above 63 down (on). */
export const SUSTAIN_PEDAL_CONTROLLER = 64;
export const SUSTAIN_PEDAL_OFF_MAX = 63;

/**
 * Milliseconds per 4/4 bar when a file sets no tempo: 2000 ms, i.e. 120 bpm, which is also
 * the Standard MIDI File default (500,000 µs per quarter note).
 */
export const DEFAULT_TEMPO = 2000;
export const DEFAULT_BPM = (4 * 60_000) / DEFAULT_TEMPO;

/** Playback speed in percent of the written tempo (100: as written). */
export const DEFAULT_SCROLL_SPEED = 100;

/** The landing visualisation is shown at half opacity behind the header text. */
export const LANDING_OPACITY = 0.5;

/** The keyboard takes this share of the canvas height at the bottom; the notes fall above it. */
export const VERTICAL_MARGIN = 0.1;

export const LOADING_VISUALIZATION = 'Loading visualization...';
export const LANDING_MIDI_FAILED = 'Failed to load landing midi';
/** What a FileReader result that is text (not bytes) is rejected with (docs/behaviour/visualiser.md#landing-midi-file). */
export const NOT_AN_OBJECT = 'Error ! Provided type is Not an Object !!';
