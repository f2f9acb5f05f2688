/** A file that is not a Standard MIDI File the piano roll can play (storefront spec §5, §8). */
export class MidiParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MidiParseError';
  }
}
