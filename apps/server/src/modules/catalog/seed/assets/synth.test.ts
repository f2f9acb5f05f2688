import { describe, expect, it } from 'vitest';
import type { LoopPattern } from './loop-patterns';
import { renderLoop } from './synth';

const chord: LoopPattern = {
  role: 'chords',
  name: 'Test',
  bars: 2,
  notes: [57, 60, 64].map((midi) => ({ midi, startBeat: 0, durationBeats: 3.5, velocity: 0.7 })),
};

function peak(samples: Float32Array): number {
  return samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
}

describe('renderLoop', () => {
  it('renders exactly the requested number of beats at the tempo', () => {
    expect(renderLoop(chord, { bpm: 120, seed: 1 }).length).toBe(44100 * 2); // one bar
    expect(renderLoop(chord, { bpm: 120, seed: 1, beats: 2 }).length).toBe(44100);
    expect(renderLoop(chord, { bpm: 90, seed: 1, beats: 4, sampleRate: 48000 }).length).toBe(128000);
  });

  it('normalises to a safe peak with no clipping or NaN', () => {
    for (const role of ['chords', 'bass', 'arp'] as const) {
      const samples = renderLoop({ ...chord, role }, { bpm: 100, seed: 1 });
      expect(peak(samples)).toBeCloseTo(0.84, 5);
      expect(samples.every(Number.isFinite)).toBe(true);
    }
  });

  it('renders drums from General MIDI keys with seeded noise', () => {
    const drums: LoopPattern = {
      role: 'drums',
      name: 'Beat',
      bars: 1,
      notes: [36, 38, 42, 46].map((midi, index) => ({ midi, startBeat: index, durationBeats: 0.25, velocity: 0.9 })),
    };
    const a = renderLoop(drums, { bpm: 100, seed: 1 });
    expect(peak(a)).toBeCloseTo(0.84, 5);
    expect(renderLoop(drums, { bpm: 100, seed: 1 })).toEqual(a);
    expect(renderLoop(drums, { bpm: 100, seed: 2 })).not.toEqual(a);
  });

  it('wraps release tails round so the loop has no gap or click at the seam', () => {
    const samples = renderLoop(chord, { bpm: 120, seed: 1, beats: 4 });
    // The chord is released at beat 3.5 and still ringing softly at the loop point.
    expect(Math.abs(samples[samples.length - 1]!)).toBeGreaterThan(0);
    expect(Math.abs(samples[0]! - samples[samples.length - 1]!)).toBeLessThan(0.05);
  });

  it('skips notes that start after the rendered span', () => {
    const late: LoopPattern = { ...chord, notes: [{ midi: 60, startBeat: 5, durationBeats: 1, velocity: 0.7 }] };
    expect(peak(renderLoop(late, { bpm: 120, seed: 1 }))).toBe(0);
  });
});
