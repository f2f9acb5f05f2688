import { describe, expect, it } from 'vitest';
import { composeJazzProgression } from './jazz-progressions';
import { choosePackHarmony, composeLoop } from './loop-patterns';
import { buildLoopMidi, buildProgressionMidi, writeMidi } from './midi';
import { parseKey } from './music-theory';
import { mulberry32 } from './random';
import { parseMidi } from './test-support';

const harmony = choosePackHarmony(parseKey('A minor'), mulberry32(1));

describe('writeMidi', () => {
  it('writes tempo, 4/4, track names, channels, programs and exact note timing', () => {
    const bytes = writeMidi({
      title: 'Test',
      bpm: 97,
      markers: [{ startBeat: 1, text: 'Dm7' }],
      tracks: [
        { name: 'Keys', channel: 0, program: 4, notes: [{ midi: 60, startBeat: 0.5, durationBeats: 1.25, velocity: 0.8 }] },
        { name: 'Drums', channel: 9, program: 0, notes: [{ midi: 36, startBeat: 0, durationBeats: 0.25, velocity: 1 }] },
      ],
    });
    expect([...bytes.subarray(0, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('MThd');
    const midi = parseMidi(bytes);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(97, 2);
    expect(midi.header.timeSignatures[0]?.timeSignature).toEqual([4, 4]);
    expect(midi.header.name).toBe('Test');
    expect(midi.header.meta).toContainEqual(expect.objectContaining({ type: 'marker', text: 'Dm7', ticks: midi.header.ppq }));
    expect(midi.tracks.map((track) => [track.name, track.channel, track.instrument.number])).toEqual([
      ['Keys', 0, 4],
      ['Drums', 9, 0],
    ]);
    const note = midi.tracks[0]!.notes[0]!;
    expect(note.midi).toBe(60);
    expect(note.ticks).toBe(midi.header.ppq / 2);
    expect(note.durationTicks).toBe(midi.header.ppq * 1.25);
    expect(note.velocity).toBeCloseTo(101 / 127, 3);
  });

  it('clamps out-of-range pitches and keeps quiet notes audible', () => {
    const midi = parseMidi(
      writeMidi({
        title: 't',
        bpm: 120,
        tracks: [{ name: 'x', channel: 0, program: 0, notes: [{ midi: 140, startBeat: 0, durationBeats: 1, velocity: 0 }] }],
      }),
    );
    expect(midi.tracks[0]!.notes[0]!.midi).toBe(127);
    expect(midi.tracks[0]!.notes[0]!.velocity).toBeGreaterThan(0);
  });
});

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
