import { describe, expect, it } from 'vitest';
import { Midi } from './tonejs-midi';
import { writeMidi } from './write-midi';

const parseMidi = (bytes: Uint8Array) => new Midi(bytes);

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
