import { describe, expect, it } from 'vitest';
import { at, controlChange, header, noteOff, noteOn, smf, tempo, track } from '../testing/smf-bytes';
import { MidiParseError } from './midi-parse-error';
import { parseMidi } from './parse-midi';

const PPQ = 480;
const parseError = (bytes: number[] | Uint8Array) => {
  try {
    parseMidi(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  } catch (error) {
    expect(error).toBeInstanceOf(MidiParseError);
    return (error as Error).message;
  }
  throw new Error('parsed without an error');
};

describe('parseMidi: the parse failures of docs/behaviour/visualiser.md#midi-validation', () => {
  it('refuses a header shorter than 14 bytes', () => {
    expect(parseError(header().slice(0, 13))).toBe('Invalid MIDI file: the header is 13 bytes, shorter than 14');
  });

  it("refuses a file that does not start with 'MThd'", () => {
    const bytes = [...header(), ...track([])];
    bytes[0] = 0x52; // 'R'
    expect(parseError(bytes)).toBe("Invalid MIDI file: unexpected bytes where 'MThd' was expected");
  });

  it('refuses a header length other than 6', () => {
    expect(parseError([...header({ length: 8 }), 0, 0, ...track([])])).toBe('Invalid MIDI file: header length is 8, expected 6');
  });

  it("refuses a track that does not start with 'MTrk'", () => {
    expect(parseError([...header({ tracks: 2 }), ...track([]), ...track([], 'MTrx')])).toBe(
      "Invalid MIDI file: unexpected bytes where 'MTrk' was expected (track 2, byte 26)",
    );
    expect(parseError([...header({ tracks: 2 }), ...track([])])).toMatch(/'MTrk' was expected \(track 2/);
  });

  it('refuses unsupported meta and MIDI event types', () => {
    expect(parseError(smf(track(at(0, 0xff, 0x60, 0x01, 0x00))))).toBe('Invalid MIDI file: unsupported meta event type 0x60 (track 1, byte 24)');
    expect(parseError(smf(track(at(0, 0xf4, 0x00))))).toBe('Invalid MIDI file: unsupported MIDI event type 0xF4 (track 1, byte 23)');
    // A data byte with no message before it to repeat (running status).
    expect(parseError(smf(track(at(0, 0x40, 0x40))))).toMatch(/^Invalid MIDI file: unsupported MIDI event type 0x40/);
  });

  it('refuses a track cut short', () => {
    const bytes = smf(track([...noteOn(0, 60), ...noteOff(PPQ, 60)]));
    expect(parseError(bytes.subarray(0, bytes.length - 6))).toBe('Invalid MIDI file: track 1 is cut short');
  });
});

describe('parseMidi: timing', () => {
  it('plays at 120 bpm (the default tempo) when the file sets none', () => {
    const song = parseMidi(smf(track([...noteOn(PPQ, 60), ...noteOff(PPQ, 60)])));
    expect(song.notes).toHaveLength(1);
    expect(song.notes[0]!.start).toBeCloseTo(0.5);
    expect(song.notes[0]!.end).toBeCloseTo(1);
  });

  it('times notes across a tempo change', () => {
    // 60 bpm for the first two beats (2 s), then 120 bpm.
    const conductor = track([...tempo(0, 60), ...tempo(2 * PPQ, 120)]);
    const notes = track([
      ...noteOn(PPQ, 60), // beat 1: 1 s
      ...noteOff(PPQ, 60), // beat 2: 2 s
      ...noteOn(PPQ, 62), // beat 3: 2.5 s
      ...noteOff(2 * PPQ, 62), // beat 5: 3.5 s
    ]);
    const song = parseMidi(smf(conductor, notes));
    expect(song.notes.map((note) => [note.midi, note.start, note.end])).toEqual([
      [60, 1, 2],
      [62, 2.5, 3.5],
    ]);
    expect(song.duration).toBe(3.5);
  });

  it('reads running status and velocity-0 note-ons as note-offs', () => {
    const song = parseMidi(smf(track([...noteOn(0, 60), ...at(PPQ, 62, 90), ...at(PPQ, 60, 0), ...at(0, 62, 0)])));
    expect(song.notes.map((note) => [note.midi, note.start, note.end])).toEqual([
      [60, 0, 1],
      [62, 0.5, 1],
    ]);
  });
});

describe('parseMidi: the sustain pedal (CC 64)', () => {
  it('holds notes released while the pedal is down until it comes up', () => {
    const song = parseMidi(
      smf(
        track([
          ...controlChange(0, 64, 127), // down at 0 s
          ...noteOn(0, 60),
          ...noteOff(PPQ, 60), // released at 0.5 s, held
          ...controlChange(PPQ * 3, 64, 0), // up at 2 s
          ...noteOn(0, 64),
          ...noteOff(PPQ, 64), // after the pedal: not held
        ]),
      ),
    );
    expect(song.notes.map((note) => [note.midi, note.start, note.end])).toEqual([
      [60, 0, 2],
      [64, 2, 2.5],
    ]);
  });

  it('treats 63 and below as up and 64 and above as down', () => {
    const held = (value: number) =>
      parseMidi(
        smf(
          track([...controlChange(0, 64, value), ...noteOn(0, 60), ...noteOff(PPQ, 60), ...controlChange(PPQ, 64, 0), ...noteOn(PPQ, 72), ...noteOff(PPQ, 72)]),
        ),
      ).notes[0]!.end;
    expect(held(63)).toBe(0.5);
    expect(held(64)).toBe(1);
  });

  it('holds notes to the end of the song when the pedal never comes up', () => {
    const song = parseMidi(smf(track([...controlChange(0, 64, 127), ...noteOn(0, 60), ...noteOff(PPQ, 60), ...noteOn(0, 64), ...noteOff(PPQ * 3, 64)])));
    expect(song.notes.map((note) => note.end)).toEqual([2, 2]);
  });

  it('stops a held note when its key is struck again', () => {
    const song = parseMidi(
      smf(
        track([...controlChange(0, 64, 100), ...noteOn(0, 60), ...noteOff(PPQ, 60), ...noteOn(PPQ, 60), ...noteOff(PPQ, 60), ...controlChange(PPQ * 2, 64, 0)]),
      ),
    );
    expect(song.notes.map((note) => [note.start, note.end])).toEqual([
      [0, 1],
      [1, 2.5],
    ]);
  });
});
