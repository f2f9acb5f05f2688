import { describe, expect, it } from 'vitest';
import { composeJazzProgression } from './jazz-progressions';
import { choosePackHarmony, composeLoop } from './loop-patterns';
import { buildLoopMidi, buildProgressionMidi } from './midi';
import { parseKey } from './music-theory';
import { mulberry32 } from '#server/lib/seeded-random.ts';
import { parseMidi } from './test-support';

const harmony = choosePackHarmony(parseKey('A minor'), mulberry32(1));

describe('buildLoopMidi', () => {
  it('writes each loop role as a named single-track file at the pack tempo, 1 to 4 bars long', () => {
    for (const role of ['chords', 'bass', 'arp', 'drums'] as const) {
      const pattern = composeLoop(role, `Test ${role}`, harmony, mulberry32(7), 84);
      const midi = parseMidi(buildLoopMidi(pattern, 84, 'Pack'));
      expect(midi.header.tempos[0]?.bpm).toBeCloseTo(84, 2);
      expect(midi.tracks).toHaveLength(1);
      expect(midi.tracks[0]!.name).toBe(`Test ${role}`);
      expect(midi.tracks[0]!.channel).toBe(role === 'drums' ? 9 : 0);
      expect(midi.tracks[0]!.notes.length).toBe(pattern.notes.length);
      const bars = midi.durationTicks / (midi.header.ppq * 4);
      expect(bars).toBeLessThanOrEqual(pattern.bars);
      expect(pattern.bars).toBeGreaterThanOrEqual(1);
      expect(pattern.bars).toBeLessThanOrEqual(4);
    }
  });
});

describe('buildProgressionMidi', () => {
  it('writes voicings and bass tracks, chord-symbol markers and the title', () => {
    const progression = composeJazzProgression({ templateIndex: 0, tonic: 0, seed: 1 });
    const midi = parseMidi(buildProgressionMidi(progression));
    expect(midi.header.name).toBe(`${progression.name} in C major`);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(progression.bpm, 2);
    expect(midi.tracks.map((track) => track.name)).toEqual(['Voicings', 'Bass']);
    expect(midi.tracks[0]!.notes).toHaveLength(progression.voicings.length);
    expect(midi.tracks[1]!.notes).toHaveLength(progression.bass.length);
    expect(midi.header.meta.filter((event) => event.type === 'marker').map((event) => event.text)).toEqual(progression.chords.map((chord) => chord.symbol));
  });
});
