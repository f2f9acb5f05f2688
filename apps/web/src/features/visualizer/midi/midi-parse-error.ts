/** A file that is not a Standard MIDI File the piano roll can play (docs/behaviour/visualiser.md#midi-validation). */
export class MidiParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MidiParseError';
  }
}
