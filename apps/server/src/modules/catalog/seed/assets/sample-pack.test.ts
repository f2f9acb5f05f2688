import { describe, expect, it } from 'vitest';
import { buildSamplePack, buildSamplePackPreviews, wavLoopBeats, type SamplePackRecipe } from './sample-pack';
import { bytesEqual, parseMidi, parseWavHeader, text, unzip } from './test-support';

const recipe: SamplePackRecipe = {
  kind: 'sample-pack',
  title: 'SW SELECT Sample Loops vol.1',
  seed: 101,
  bpm: 84,
  key: 'A minor',
  loops: 16,
};

const zip = buildSamplePack(recipe);
const entries = unzip(zip);
const names = Object.keys(entries);
const midiNames = names.filter((name) => name.endsWith('.mid'));
const wavNames = names.filter((name) => name.endsWith('.wav'));

describe('buildSamplePack', () => {
  it('contains 16 MIDI loops, 16 WAV loops and a README in the title folder', () => {
    expect(midiNames).toHaveLength(16);
    expect(wavNames).toHaveLength(16);
    expect(names).toContain('SW SELECT Sample Loops vol.1/README.txt');
    expect(names).toHaveLength(33);
  });

  it('names loops "NN <name> <bpm>bpm <key>" with matching MIDI and WAV names', () => {
    for (const name of midiNames) {
      expect(name).toMatch(/^SW SELECT Sample Loops vol\.1\/MIDI\/\d\d [A-Za-z ]+ 84bpm A minor\.mid$/);
    }
    const stem = (name: string) =>
      name
        .split('/')
        .pop()!
        .replace(/\.(mid|wav)$/, '');
    expect(wavNames.map(stem)).toEqual(midiNames.map(stem));
    expect(midiNames.map((name) => stem(name).slice(0, 2))).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1).padStart(2, '0')));
  });

  it('writes every WAV as 24-bit / 44.1 kHz PCM whose data is a whole number of beats', () => {
    const beatSamples = (60 / recipe.bpm) * 44100;
    for (const name of wavNames) {
      const bytes = entries[name]!;
      const header = parseWavHeader(bytes);
      expect(header).toMatchObject({ riff: 'RIFF', wave: 'WAVE', fmt: 'fmt ', data: 'data', formatTag: 1, bitsPerSample: 24, sampleRate: 44100 });
      expect(header.blockAlign).toBe(header.channels * 3);
      expect(header.dataSize).toBe(Math.round(wavLoopBeats(recipe) * beatSamples) * header.channels * 3);
      expect(bytes.length).toBeGreaterThanOrEqual(44 + header.dataSize);
    }
  });

  it('renders audible audio, not silence', () => {
    const bytes = entries[wavNames[0]!]!;
    const nonZero = bytes.subarray(44).some((value) => value !== 0);
    expect(nonZero).toBe(true);
  });

  it('writes MIDI loops at the pack tempo with valid notes over 1 to 4 bars', () => {
    for (const name of midiNames) {
      const midi = parseMidi(entries[name]!);
      expect(midi.header.tempos[0]?.bpm).toBeCloseTo(84, 2);
      const notes = midi.tracks.flatMap((track) => track.notes);
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        expect(note.midi).toBeGreaterThanOrEqual(0);
        expect(note.midi).toBeLessThanOrEqual(127);
        expect(note.velocity).toBeGreaterThan(0);
      }
      const bars = midi.durationTicks / (midi.header.ppq * 4);
      expect(bars).toBeGreaterThan(0);
      expect(bars).toBeLessThanOrEqual(4);
      expect(midi.tracks[0]?.name).toBeTruthy();
    }
  });

  it('keeps melodic loops in the key of A minor (only A natural minor pitches, plus chromatic approach notes in bass lines)', () => {
    const aMinor = new Set([9, 11, 0, 2, 4, 5, 7]);
    for (const name of midiNames.filter((n) => /Keys|Chords|Rhodes|Stabs|Arp|Pluck|Motif|Sequence/.test(n))) {
      const notes = parseMidi(entries[name]!).tracks.flatMap((track) => track.notes);
      expect(notes.every((note) => aMinor.has(note.midi % 12))).toBe(true);
    }
  });

  it('puts drum loops on the General MIDI drum channel', () => {
    const drumLoops = midiNames.filter((_, index) => index % 4 === 3);
    expect(drumLoops).toHaveLength(4);
    for (const name of drumLoops) expect(parseMidi(entries[name]!).tracks[0]?.channel).toBe(9);
  });

  it('describes the format and licence in the README', () => {
    const readme = text(entries['SW SELECT Sample Loops vol.1/README.txt']);
    expect(readme).toContain('24-bit / 44.1 kHz WAV');
    expect(readme).toMatch(/royalty-free/i);
    expect(readme).toMatch(/may not redistribute/i);
    expect(readme).toContain('84 bpm in A minor');
  });

  it('is deterministic, and a different seed gives different bytes', () => {
    expect(bytesEqual(buildSamplePack(recipe), zip)).toBe(true);
    expect(bytesEqual(buildSamplePack({ ...recipe, seed: 102 }), zip)).toBe(false);
  });

  it('stays a small download', () => {
    expect(zip.length).toBeLessThan(3.5 * 1024 * 1024);
    expect(zip.length).toBeGreaterThan(500 * 1024);
  });

  it('makes titles and keys safe as folder names', () => {
    const safe = unzip(buildSamplePack({ ...recipe, title: 'SW SELECT: LOOPS', key: 'F# minor', loops: 2 }));
    expect(Object.keys(safe)).toContain('SW SELECT LOOPS/README.txt');
    expect(Object.keys(safe).some((name) => name.startsWith('SW SELECT LOOPS/MIDI/01 ') && name.endsWith(' 84bpm F# minor.mid'))).toBe(true);
  });

  it('rejects impossible recipes', () => {
    expect(() => buildSamplePack({ ...recipe, loops: 0 })).toThrow();
    expect(() => buildSamplePack({ ...recipe, bpm: 0 })).toThrow();
    expect(() => buildSamplePack({ ...recipe, key: 'H minor' })).toThrow();
  });
});

describe('wavLoopBeats', () => {
  it('uses whole bars when the pack fits the audio budget and halves them when it does not', () => {
    expect(wavLoopBeats({ ...recipe, loops: 8, bpm: 90 })).toBe(4);
    expect(wavLoopBeats({ ...recipe, loops: 16, bpm: 84 })).toBe(2);
    expect(wavLoopBeats({ ...recipe, loops: 64, bpm: 60 })).toBe(1);
  });
});

describe('buildSamplePackPreviews', () => {
  it('returns four MIDI loops byte-identical to the ones in the zip', () => {
    const previews = buildSamplePackPreviews(recipe);
    expect(previews).toHaveLength(4);
    for (const preview of previews) {
      expect(preview.filename).toMatch(/^\d\d .+ 84bpm A minor\.mid$/);
      const inZip = entries[`SW SELECT Sample Loops vol.1/MIDI/${preview.filename}`];
      expect(inZip).toBeDefined();
      expect(bytesEqual(preview.bytes, inZip!)).toBe(true);
    }
  });

  it('prefers melodic loops, which play well on a browser synth', () => {
    for (const preview of buildSamplePackPreviews(recipe)) {
      expect(parseMidi(preview.bytes).tracks[0]?.channel).not.toBe(9);
    }
  });

  it('returns fewer previews for a tiny pack', () => {
    expect(buildSamplePackPreviews({ ...recipe, loops: 2 })).toHaveLength(2);
  });
});
