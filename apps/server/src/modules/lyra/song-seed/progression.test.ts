import { Chord, Key, Note } from 'tonal';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '#server/lib/seeded-random.ts';
import { buildProgression, CHORD_HIGH, CHORD_LOW, chordChromas, voiceLead } from './progression';
import { STYLES, type SketchParams } from './sketch-params';

const params = (overrides: Partial<SketchParams>): SketchParams => ({
  version: 1,
  tonic: 'C',
  mode: 'major',
  bpm: 100,
  style: 'pop',
  mood: null,
  bars: 8,
  twoFiveOne: false,
  seed: 1,
  ...overrides,
});

const chromasOf = (symbols: readonly string[]) => new Set(symbols.flatMap((symbol) => chordChromas(symbol)));

describe('buildProgression', () => {
  it('makes a ii–V–I in Bb of Cm7, F7 and Bbmaj7', () => {
    const chords = buildProgression(params({ tonic: 'Bb', style: 'jazz', twoFiveOne: true }), mulberry32(7));
    expect(chords.slice(0, 3)).toEqual(['Cm7', 'F7', 'Bbmaj7']);
    expect(chords).toHaveLength(8);
  });

  it('takes an A minor sketch’s chords from A minor, never from A major (no F#m, C#m or D major)', () => {
    const minorKey = Key.minorKey('A');
    const allowed = new Set([...minorKey.natural.triads, ...minorKey.natural.chords, ...minorKey.harmonic.triads, ...minorKey.harmonic.chords]);
    for (const style of STYLES) {
      for (let seed = 0; seed < 20; seed++) {
        const chords = buildProgression(params({ tonic: 'A', mode: 'minor', style, seed }), mulberry32(seed));
        for (const symbol of chords) {
          // A ninth is the key's seventh chord with its ninth added: check the seventh chord.
          const base = symbol
            .replace(/maj9$/, 'maj7')
            .replace(/m9$/, 'm7')
            .replace(/(?<![m])9$/, '7');
          expect(allowed, `${style} ${chords.join(' ')}`).toContain(base);
          expect(['F#m', 'C#m', 'D', 'F#m7', 'C#m7', 'Dmaj7']).not.toContain(base);
        }
        expect(['Am', 'Am7', 'Am9'], style).toContain(chords.find((symbol) => symbol.startsWith('A')) ?? 'Am');
      }
    }
  });

  it('uses the key’s own chords in major keys', () => {
    const notesOfKey = new Set(Key.majorKey('Eb').scale.map((note) => Note.chroma(note)));
    for (const style of STYLES) {
      for (let seed = 0; seed < 20; seed++) {
        const chords = buildProgression(params({ tonic: 'Eb', style, seed }), mulberry32(seed));
        for (const chroma of chromasOf(chords)) expect(notesOfKey, `${style}: ${chords.join(' ')}`).toContain(chroma);
      }
    }
  });

  it('gives jazz and lo-fi sevenths, pop triads', () => {
    expect(buildProgression(params({ style: 'jazz' }), mulberry32(1)).every((symbol) => Chord.get(symbol).notes.length >= 4)).toBe(true);
    expect(buildProgression(params({ style: 'pop' }), mulberry32(1)).every((symbol) => Chord.get(symbol).notes.length === 3)).toBe(true);
  });

  it('fills 16 bars when asked', () => {
    expect(buildProgression(params({ bars: 16 }), mulberry32(1))).toHaveLength(16);
  });
});

describe('voiceLead', () => {
  it('keeps every voicing in the register, with the chord’s notes, moving each voice at most a fourth', () => {
    for (const style of STYLES) {
      for (const mode of ['major', 'minor'] as const) {
        const chords = buildProgression(params({ tonic: 'F#', mode, style, bars: 16 }), mulberry32(11));
        const voicings = voiceLead(chords);
        voicings.forEach((voicing, index) => {
          expect(new Set(voicing.map((pitch) => pitch % 12))).toEqual(new Set(chordChromas(chords[index]!)));
          expect(Math.min(...voicing)).toBeGreaterThanOrEqual(CHORD_LOW);
          expect(Math.max(...voicing)).toBeLessThanOrEqual(CHORD_HIGH);
          const previous = voicings[index - 1];
          if (!previous) return;
          // Each note of the new chord is within a fourth of a note of the chord before.
          for (const pitch of voicing) expect(Math.min(...previous.map((other) => Math.abs(other - pitch))), `${chords.join(' ')}`).toBeLessThanOrEqual(5);
        });
      }
    }
  });
});
