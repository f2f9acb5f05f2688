import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAYER_OPTIONS } from '../options/player-options';
import type { Song } from '../midi/song';
import { PianoRollRenderer } from './piano-roll-renderer';

/** A 2D context that records what would be drawn. */
function fakeContext() {
  const canvas = { width: 0, height: 0 } as HTMLCanvasElement;
  const roundRects: number[][] = [];
  const noop = vi.fn();
  const context = new Proxy({ canvas, createLinearGradient: () => ({ addColorStop: noop }) } as unknown as CanvasRenderingContext2D, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : noop),
    set: () => true,
  });
  class FakePath {
    roundRect(...args: number[]) {
      if (args[4]! < 0) throw new Error('negative radius');
      roundRects.push(args);
    }
  }
  vi.stubGlobal('Path2D', FakePath);
  return { context, canvas, roundRects };
}

const song: Song = {
  notes: [
    { midi: 60, start: 0, end: 1, velocity: 0.8, track: 0 },
    { midi: 61, start: 0.5, end: 2, velocity: 0.8, track: 0 },
  ],
  duration: 2,
  longestNote: 1.5,
};

describe('PianoRollRenderer', () => {
  it('sizes the canvas at the pixel ratio and puts the keyboard in the bottom 10 %', () => {
    const { context, canvas } = fakeContext();
    const renderer = new PianoRollRenderer(context, song, DEFAULT_PLAYER_OPTIONS);
    renderer.resize(520, 400, 2);
    expect([canvas.width, canvas.height]).toEqual([1040, 800]);
    expect(renderer.keyboardTop).toBe(360);
    expect(renderer.pixelsPerSecond).toBe(175);
  });

  it('draws the notes on screen as blocks with the block radius, falling towards the keys', () => {
    const { context, roundRects } = fakeContext();
    const renderer = new PianoRollRenderer(context, song, DEFAULT_PLAYER_OPTIONS);
    renderer.resize(520, 400, 1);
    renderer.draw(-1);
    // Both notes, above the keyboard: C4 starts 1 s away (175 px above the keys).
    expect(roundRects).toHaveLength(2);
    const [x, y, w, h, radius] = roundRects[0]!;
    expect(y! + h!).toBeCloseTo(360 - 175);
    expect(w).toBe(8);
    expect(x).toBeGreaterThan(0);
    expect(radius).toBe(4);
  });

  it('draws nothing broken on a canvas a few pixels wide', () => {
    const { context } = fakeContext();
    const renderer = new PianoRollRenderer(context, song, DEFAULT_PLAYER_OPTIONS);
    renderer.resize(3, 400, 1);
    expect(() => renderer.draw(0.5)).not.toThrow();
  });
});
