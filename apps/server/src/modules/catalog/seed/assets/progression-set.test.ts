import { describe, expect, it } from 'vitest';
import { buildProgressionSet, type ProgressionSetRecipe } from './progression-set';
import { bytesEqual, parseMidi, text, unzip } from './test-support';

const recipe: ProgressionSetRecipe = { kind: 'progression-set', title: 'SW Jazz Complete', seed: 303, volumes: 11, progressionsPerVolume: 100 };

const zip = buildProgressionSet(recipe);
const entries = unzip(zip);
const midiNames = Object.keys(entries).filter((name) => name.endsWith('.mid'));

describe('buildProgressionSet', () => {
  it('builds 11 volumes × 100 progressions (1100 MIDI files) plus a README', () => {
    expect(midiNames).toHaveLength(1100);
    expect(Object.keys(entries)).toContain('SW Jazz Complete/README.txt');
    for (let volume = 1; volume <= 11; volume++) {
      const folder = `SW Jazz Complete/Vol ${String(volume).padStart(2, '0')}/`;
      expect(midiNames.filter((name) => name.startsWith(folder))).toHaveLength(100);
    }
  });

  it('names files "Vol NN/NNN <progression name> in <key>.mid"', () => {
    const pattern = /^SW Jazz Complete\/Vol \d\d\/(\d{3}) [^/]+ in [A-G][b#]? (major|minor)\.mid$/;
    for (const name of midiNames) expect(name).toMatch(pattern);
    const firstVolume = midiNames.filter((name) => name.startsWith('SW Jazz Complete/Vol 01/'));
    expect(firstVolume.map((name) => pattern.exec(name)?.[1])).toEqual(Array.from({ length: 100 }, (_, i) => String(i + 1).padStart(3, '0')));
  });

  it('covers all 12 keys, ii-V-Is, turnarounds and rhythm changes, in every voicing style', () => {
    const keys = new Set(midiNames.map((name) => / in ([A-G][b#]?) (major|minor)\.mid$/.exec(name)?.[1]));
    const pitchClasses = new Set(
      [...keys].map((key) => ({ C: 0, 'C#': 1, Db: 1, D: 2, Eb: 3, E: 4, F: 5, 'F#': 6, Gb: 6, G: 7, 'G#': 8, Ab: 8, A: 9, Bb: 10, B: 11 })[key!]),
    );
    expect(pitchClasses.size).toBe(12);
    for (const fragment of ['ii-V-I', 'Minor ii-V-i', 'turnaround', 'Rhythm changes', 'shell voicings', 'rootless voicings', 'extended voicings']) {
      expect(midiNames.some((name) => name.includes(fragment))).toBe(true);
    }
  });

  it('writes playable MIDI: tempo, named tracks, notes in range, chord-symbol markers', () => {
    for (const name of midiNames.filter((_, index) => index % 37 === 0)) {
      const midi = parseMidi(entries[name]!);
      const bpm = midi.header.tempos[0]?.bpm ?? 0;
      expect(bpm).toBeGreaterThanOrEqual(72);
      expect(bpm).toBeLessThanOrEqual(160.01);
      expect(midi.tracks.map((track) => track.name)).toEqual(['Voicings', 'Bass']);
      const notes = midi.tracks.flatMap((track) => track.notes);
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        expect(note.midi).toBeGreaterThanOrEqual(0);
        expect(note.midi).toBeLessThanOrEqual(127);
      }
      expect(midi.header.meta.filter((event) => event.type === 'marker').length).toBeGreaterThan(0);
    }
  });

  it('explains the contents and licence in the README', () => {
    const readme = text(entries['SW Jazz Complete/README.txt']);
    expect(readme).toContain('1100 jazz chord progressions');
    expect(readme).toMatch(/rootless/);
    expect(readme).toMatch(/royalty-free/i);
  });

  it('is deterministic, and a different seed gives different bytes', () => {
    const small = { ...recipe, volumes: 2, progressionsPerVolume: 10 };
    expect(bytesEqual(buildProgressionSet(small), buildProgressionSet(small))).toBe(true);
    expect(bytesEqual(buildProgressionSet(small), buildProgressionSet({ ...small, seed: 304 }))).toBe(false);
    expect(bytesEqual(buildProgressionSet(recipe), zip)).toBe(true);
  });

  it('rejects empty sets', () => {
    expect(() => buildProgressionSet({ ...recipe, volumes: 0 })).toThrow();
    expect(() => buildProgressionSet({ ...recipe, progressionsPerVolume: 1.5 })).toThrow();
  });
});
