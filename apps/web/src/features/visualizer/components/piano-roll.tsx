import { useEffect, useRef } from 'react';
import { Synth } from '../audio/synth';
import { DEFAULT_SCROLL_SPEED } from '../constants';
import type { Song } from '../midi/song';
import type { PlayerOptions } from '../options/player-options';
import { fittedRange, FULL_RANGE } from '../render/keyboard';
import { PianoRollRenderer } from '../render/piano-roll-renderer';

/** Silence between the end of the song and the next pass. */
const LOOP_GAP = 1.5;
/** How far ahead of the picture notes are handed to the synth (seconds of song time). */
const AUDIO_LOOKAHEAD = 0.12;
/** A frame after a long pause (a background tab) does not jump the song forward. */
const MAX_FRAME_SECONDS = 0.1;
const MAX_PIXEL_RATIO = 2;

export interface PianoRollProps {
  song: Song;
  options: PlayerOptions;
  playing?: boolean;
  /** Play the notes through the synth (only pass true after a user gesture). */
  sound?: boolean;
  /** Percent of the written tempo. */
  scrollSpeed?: number;
  /** Draw at most this many frames a second (the song still runs in real time). */
  maxFps?: number;
  /** Draw at most this many canvas pixels per CSS pixel (sharper costs more per frame). */
  maxPixelRatio?: number;
  /** Draw only the octaves the song uses instead of all 88 keys (small players). */
  fitKeys?: boolean;
  /** Accessible name; without one the canvas is decorative (hidden from assistive technology). */
  label?: string;
  className?: string;
}

/**
 * The falling-notes piano roll: a canvas sized to its box at the device pixel ratio, drawn
 * with requestAnimationFrame while playing and visible. It stops when the tab is hidden or
 * the canvas is scrolled out of view, and shows a still frame under prefers-reduced-motion.
 */
export function PianoRoll({
  song,
  options,
  playing = true,
  sound = false,
  scrollSpeed = DEFAULT_SCROLL_SPEED,
  fitKeys = false,
  maxFps = 60,
  maxPixelRatio = MAX_PIXEL_RATIO,
  label,
  className,
}: PianoRollProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const settings = useRef({ playing, sound, scrollSpeed });
  const controller = useRef<{ update: () => void } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const renderer = new PianoRollRenderer(context, song, options, fitKeys ? fittedRange(song.notes) : FULL_RANGE);
    const period = song.duration + LOOP_GAP;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let time = -renderer.leadIn;
    let scheduledUntil = time;
    let frame = 0;
    let lastTimestamp: number | undefined;
    let lastDrawn = Number.NEGATIVE_INFINITY;
    let undrawn = 0;
    let onScreen = true;
    let synth: Synth | undefined;

    const stillTime = () => Math.min(song.duration, (song.notes[0]?.start ?? 0) + 1.2);
    const drawStill = () => renderer.draw(playing ? time : stillTime(), { loopPeriod: period });

    const scheduleAudio = (rate: number) => {
      if (!synth) return;
      const until = time + AUDIO_LOOKAHEAD;
      const now = synth.context.currentTime;
      for (const note of song.notes) {
        if (note.start < scheduledUntil || note.start < time) continue;
        if (note.start >= until) break;
        synth.play(note.midi, note.velocity, now + (note.start - time) / rate, (note.end - note.start) / rate);
      }
      scheduledUntil = Math.max(scheduledUntil, until);
    };

    const tick = (timestamp: number) => {
      frame = requestAnimationFrame(tick);
      const { scrollSpeed: speed } = settings.current;
      const rate = Math.max(0.05, speed / 100);
      const dt = lastTimestamp === undefined ? 0 : Math.min(MAX_FRAME_SECONDS, (timestamp - lastTimestamp) / 1000) * rate;
      lastTimestamp = timestamp;
      time += dt;
      if (time >= period) {
        time -= period;
        scheduledUntil = Math.min(scheduledUntil - period, time);
      }
      scheduleAudio(rate);
      undrawn += dt;
      // A little slack, so 30 fps on a 60 Hz screen is every other frame, not every third.
      if (reducedMotion?.matches || timestamp - lastDrawn < 1000 / maxFps - 4) return;
      lastDrawn = timestamp;
      renderer.draw(time, { loopPeriod: period, dt: undrawn });
      undrawn = 0;
    };

    const update = () => {
      const { playing: isPlaying, sound: wantsSound } = settings.current;
      const running = isPlaying && onScreen && !document.hidden;
      if (wantsSound && isPlaying && !synth) {
        try {
          synth = new Synth();
          void synth.resume();
          scheduledUntil = time;
        } catch {
          synth = undefined; // No Web Audio here: the picture still plays.
        }
      }
      if ((!wantsSound || !running) && synth) {
        synth.close();
        synth = undefined;
      }
      const animate = running && (!reducedMotion?.matches || synth !== undefined);
      if (animate && frame === 0) {
        lastTimestamp = undefined;
        frame = requestAnimationFrame(tick);
      } else if (!animate && frame !== 0) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      if (reducedMotion?.matches) drawStill();
    };
    controller.current = { update };

    const resize = () => {
      const box = canvas.getBoundingClientRect();
      renderer.resize(box.width, box.height, Math.min(maxPixelRatio, window.devicePixelRatio || 1));
      if (frame === 0) drawStill();
    };
    const resizeObserver = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
    resizeObserver?.observe(canvas);
    resize();

    const intersectionObserver =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => {
            onScreen = entries.some((entry) => entry.isIntersecting);
            update();
          });
    intersectionObserver?.observe(canvas);
    document.addEventListener('visibilitychange', update);
    reducedMotion?.addEventListener?.('change', update);
    update();

    return () => {
      cancelAnimationFrame(frame);
      resizeObserver?.disconnect();
      intersectionObserver?.disconnect();
      document.removeEventListener('visibilitychange', update);
      reducedMotion?.removeEventListener?.('change', update);
      synth?.close();
      controller.current = null;
    };
    // `playing` is read once for the first still frame; later changes go through `update`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [song, options, fitKeys, maxFps, maxPixelRatio]);

  useEffect(() => {
    settings.current = { playing, sound, scrollSpeed };
    controller.current?.update();
  }, [playing, sound, scrollSpeed]);

  return (
    <canvas
      ref={canvasRef}
      className={`block size-full ${className ?? ''}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="piano-roll"
    />
  );
}
