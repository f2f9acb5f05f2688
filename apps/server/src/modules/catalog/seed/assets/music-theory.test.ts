import { describe, expect, it } from 'vitest';
import { chooseVoicing, degreeOffset, diatonicChordOffsets, keyName, midiToFrequency, parseKey, placeVoicing, spellFromTonic } from './music-theory';

describe('parseKey', () => {
  it('reads the ways keys are written in product copy', () => {
    expect(parseKey('A minor')).toEqual({ tonic: 9, mode: 'minor' });
    expect(parseKey('F major')).toEqual({ tonic: 5, mode: 'major' });
    expect(parseKey('F# minor')).toEqual({ tonic: 6, mode: 'minor' });
    expect(parseKey('Bb min')).toEqual({ tonic: 10, mode: 'minor' });
    expect(parseKey('C#m')).toEqual({ tonic: 1, mode: 'minor' });
    expect(parseKey('Cb')).toEqual({ tonic: 11, mode: 'major' });
    expect(parseKey('e')).toEqual({ tonic: 4, mode: 'major' });
  });

  it('rejects anything else', () => {
    expect(() => parseKey('H minor')).toThrow();
    expect(() => parseKey('A dorian')).toThrow();
    expect(() => parseKey('')).toThrow();
  });
});

describe('scales and chords', () => {
  it('builds diatonic seventh chords', () => {
    expect(diatonicChordOffsets('major', 1, 4)).toEqual([2, 5, 9, 12]); // Dm7 in C
    expect(diatonicChordOffsets('minor', 6, 4)).toEqual([10, 14, 17, 20]); // G7 in A minor
    expect(degreeOffset('minor', 7)).toBe(12);
    expect(degreeOffset('major', -1)).toBe(-1);
  });

  it('tunes A4 to 440 Hz', () => {
    expect(midiToFrequency(69)).toBe(440);
    expect(midiToFrequency(81)).toBeCloseTo(880, 6);
  });
});

describe('spelling', () => {
  it('names keys and spells notes from the tonic with the right letter', () => {
    expect(keyName({ tonic: 1, mode: 'major' })).toBe('Db major');
    expect(keyName({ tonic: 1, mode: 'minor' })).toBe('C# minor');
    expect(spellFromTonic({ tonic: 7, mode: 'major' }, 3)).toBe('Bb'); // biii in G
    expect(spellFromTonic({ tonic: 0, mode: 'major' }, 6)).toBe('F#'); // #iv in C
    expect(spellFromTonic({ tonic: 0, mode: 'major' }, 1)).toBe('Db'); // bII in C
    expect(spellFromTonic({ tonic: 4, mode: 'major' }, 2)).toBe('F#'); // ii in E
    expect(spellFromTonic({ tonic: 10, mode: 'major' }, 1)).toBe('B'); // not Cb
  });
});

describe('voicing helpers', () => {
  it('places a voicing in every octave whose lowest note fits the range', () => {
    expect(placeVoicing(2, [3, 7, 10, 14], 48, 64)).toEqual([
      [53, 57, 60, 64],
      // The next octave's lowest note (65) is out of range.
    ]);
    expect(placeVoicing(0, [4, 11], 40, 70)).toEqual([
      [40, 47],
      [52, 59],
      [64, 71],
    ]);
  });

  it('chooses the candidate closest to the previous voicing', () => {
    const candidates = [
      [52, 55, 59],
      [64, 67, 71],
    ];
    expect(chooseVoicing(candidates, [62, 65, 69], 55)).toEqual([64, 67, 71]);
    expect(chooseVoicing(candidates, null, 55)).toEqual([52, 55, 59]);
  });
});
