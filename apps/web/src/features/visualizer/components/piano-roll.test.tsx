import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCROLL_SPEED } from '../constants';
import type { Song } from '../midi/song';
import { DEFAULT_PLAYER_OPTIONS } from '../options/player-options';
import { PianoRoll } from './piano-roll';

/** The song times the piano roll asks the renderer to draw. */
const drawnTimes: number[] = [];
/** The pixel ratios the piano roll sized its canvas at. */
const pixelRatios: number[] = [];

vi.mock('../render/piano-roll-renderer', () => ({
  PianoRollRenderer: class {
    leadIn = 0;
    resize(_width: number, _height: number, pixelRatio: number) {
      pixelRatios.push(pixelRatio);
    }
    draw(time: number) {
      drawnTimes.push(time);
    }
  },
}));

const song: Song = { notes: [{ midi: 60, start: 0, end: 10, velocity: 0.8, track: 0 }], duration: 10, longestNote: 10 };

let frames: FrameRequestCallback[] = [];
/** Runs the pending animation frame at `timestamp` (ms). */
function frameAt(timestamp: number) {
  const pending = frames;
  frames = [];
  for (const callback of pending) callback(timestamp);
}

beforeEach(() => {
  drawnTimes.length = 0;
  pixelRatios.length = 0;
  frames = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Song seconds that pass in one real second of frames 50 ms apart. */
function songSecondsPerSecond(scrollSpeed?: number): number {
  render(<PianoRoll song={song} options={DEFAULT_PLAYER_OPTIONS} {...(scrollSpeed === undefined ? {} : { scrollSpeed })} />);
  frameAt(0);
  const start = drawnTimes.at(-1)!;
  for (let timestamp = 50; timestamp <= 1_000; timestamp += 50) frameAt(timestamp);
  return drawnTimes.at(-1)! - start;
}

describe('PianoRoll', () => {
  it('scrolls at the default speed of 100, the written tempo (storefront spec §9)', () => {
    expect(DEFAULT_SCROLL_SPEED).toBe(100);
    expect(songSecondsPerSecond()).toBeCloseTo(1, 6);
  });

  it('scrolls at another speed when told, in percent of the written tempo', () => {
    expect(songSecondsPerSecond(50)).toBeCloseTo(0.5, 6);
  });

  it("draws at the screen's pixel ratio up to 2, or up to the ratio it is given", () => {
    vi.stubGlobal('devicePixelRatio', 3);
    render(<PianoRoll song={song} options={DEFAULT_PLAYER_OPTIONS} />);
    render(<PianoRoll song={song} options={DEFAULT_PLAYER_OPTIONS} maxPixelRatio={1} />);
    vi.stubGlobal('devicePixelRatio', 1.75);
    render(<PianoRoll song={song} options={DEFAULT_PLAYER_OPTIONS} />);
    expect(pixelRatios).toEqual([2, 1, 1.75]);
  });
});
