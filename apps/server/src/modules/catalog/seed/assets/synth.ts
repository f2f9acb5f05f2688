/**
 * A small offline synthesiser that renders loop patterns to audio samples.
 *
 * Voices are simple on purpose (sines, two-operator FM, filtered noise) — they
 * only need to sound pleasant and musical, not like a commercial instrument.
 * Everything is computed from the note list and a seeded noise source, so the
 * output is identical on every run.
 */
import { midiToFrequency } from './music-theory';
import { BEATS_PER_BAR, DRUM_KEYS, type NoteEvent } from '#server/lib/midi/note-event.ts';
import type { LoopPattern, LoopRole } from './loop-patterns';
import { mulberry32, type Rng } from '#server/lib/seeded-random.ts';

export const SAMPLE_RATE = 44100;
const TWO_PI = Math.PI * 2;

/** Where a voice writes: a mono buffer plus the sample rate. */
interface Target {
  buffer: Float32Array;
  sampleRate: number;
}

/** Adds `value` at `index` if it lies inside the buffer. */
function mixAt(target: Target, index: number, value: number): void {
  if (index >= 0 && index < target.buffer.length) target.buffer[index] = (target.buffer[index] as number) + value;
}

/** Attack/decay part of an envelope: linear rise, then exponential fall to `sustain`. */
function attackDecay(time: number, attack: number, decay: number, sustain: number): number {
  return time < attack ? time / attack : sustain + (1 - sustain) * Math.exp(-(time - attack) / decay);
}

/**
 * Amplitude of a held note: short linear attack, exponential decay towards a
 * sustain level, then an exponential release after the key goes up.
 */
function envelope(t: number, holdSeconds: number, attack: number, decay: number, sustain: number, release: number): number {
  if (t < holdSeconds) return attackDecay(t, attack, decay, sustain);
  return attackDecay(holdSeconds, attack, decay, sustain) * Math.exp(-(t - holdSeconds) / release);
}

/** White noise from the seeded generator, in [-1, 1). */
function noise(rng: Rng): number {
  return rng() * 2 - 1;
}

// ---------------------------------------------------------------------------
// Drum voices

/** Kick: a sine whose pitch falls quickly from ~160 Hz to ~48 Hz, plus a soft click. */
function renderKick(target: Target, start: number, velocity: number): void {
  const length = Math.round(0.45 * target.sampleRate);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const frequency = 48 + 110 * Math.exp(-t / 0.03);
    phase += (TWO_PI * frequency) / target.sampleRate;
    const body = Math.sin(phase) * Math.exp(-t / 0.16);
    const click = t < 0.004 ? Math.sin(phase * 3) * (1 - t / 0.004) * 0.3 : 0;
    // A 2 ms fade-in avoids a hard edge at the very first sample.
    const fadeIn = Math.min(1, t / 0.002);
    mixAt(target, start + i, (body + click) * fadeIn * velocity * 0.95);
  }
}

/** Snare: a short 185 Hz body under a burst of high-passed noise. */
function renderSnare(target: Target, start: number, velocity: number, rng: Rng): void {
  const length = Math.round(0.28 * target.sampleRate);
  let previousNoise = 0;
  let highPassed = 0;
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const raw = noise(rng);
    // One-pole high-pass: keeps the snare's rattle, drops the rumble.
    highPassed = 0.82 * (highPassed + raw - previousNoise);
    previousNoise = raw;
    const body = Math.sin(TWO_PI * 185 * t) * Math.exp(-t / 0.045) * 0.55;
    const rattle = highPassed * Math.exp(-t / 0.07) * 0.45;
    mixAt(target, start + i, (body + rattle) * Math.min(1, t / 0.001) * velocity);
  }
}

/** Hi-hat: doubly high-passed noise with a very short (closed) or longer (open) decay. */
function renderHat(target: Target, start: number, velocity: number, rng: Rng, open: boolean): void {
  const decay = open ? 0.09 : 0.02;
  const length = Math.round(decay * 7 * target.sampleRate);
  let previousNoise = 0;
  let firstPass = 0;
  let previousFirst = 0;
  let secondPass = 0;
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const raw = noise(rng);
    firstPass = 0.7 * (firstPass + raw - previousNoise);
    previousNoise = raw;
    secondPass = 0.7 * (secondPass + firstPass - previousFirst);
    previousFirst = firstPass;
    // Kept quiet on purpose: bright noise is what makes cheap synth drums harsh.
    mixAt(target, start + i, secondPass * Math.exp(-t / decay) * velocity * 0.22);
  }
}

// ---------------------------------------------------------------------------
// Pitched voices

interface PitchedNote {
  start: number;
  holdSeconds: number;
  midi: number;
  velocity: number;
}

/** Bass: FM with ratio 1 gives a warm, slightly growly tone; a sine sub keeps the weight. */
function renderBass(target: Target, note: PitchedNote): void {
  const frequency = midiToFrequency(note.midi);
  const release = 0.05;
  const length = Math.round((note.holdSeconds + release * 7) * target.sampleRate);
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const amplitude = envelope(t, note.holdSeconds, 0.004, 0.25, 0.7, release);
    const index = 0.35 + 0.9 * Math.exp(-t / 0.12);
    const phase = TWO_PI * frequency * t;
    const tone = Math.sin(phase + index * Math.sin(phase)) * 0.6 + Math.sin(phase) * 0.5;
    mixAt(target, note.start + i, tone * amplitude * note.velocity * 0.8);
  }
}

/**
 * Electric-piano-ish: two-operator FM (ratio 1) whose brightness fades after
 * the strike, plus a faint high "tine" partial that dies away in ~50 ms.
 */
function renderElectricPiano(target: Target, note: PitchedNote): void {
  const frequency = midiToFrequency(note.midi);
  const release = 0.15;
  const length = Math.round((note.holdSeconds + release * 7) * target.sampleRate);
  // Lower notes ring longer, as on a real instrument.
  const decay = 1.1 + Math.max(0, (72 - note.midi) / 24);
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const amplitude = envelope(t, note.holdSeconds, 0.003, decay, 0, release);
    const index = (0.3 + 1.3 * note.velocity) * Math.exp(-t / 0.3) + 0.15;
    const phase = TWO_PI * frequency * t;
    const body = Math.sin(phase + index * Math.sin(phase));
    const tine = Math.sin(phase * 7) * Math.exp(-t / 0.05) * 0.08 * note.velocity;
    mixAt(target, note.start + i, (body + tine) * amplitude * note.velocity * 0.3);
  }
}

/** Pluck: FM with a ratio of 2 for a soft mallet colour and a fast decay. */
function renderPluck(target: Target, note: PitchedNote): void {
  const frequency = midiToFrequency(note.midi);
  const release = 0.06;
  const length = Math.round((note.holdSeconds + release * 7) * target.sampleRate);
  for (let i = 0; i < length; i++) {
    const t = i / target.sampleRate;
    const amplitude = envelope(t, note.holdSeconds, 0.002, 0.3, 0, release);
    const index = 1.1 * Math.exp(-t / 0.07);
    const phase = TWO_PI * frequency * t;
    mixAt(target, note.start + i, Math.sin(phase + index * Math.sin(phase * 2)) * amplitude * note.velocity * 0.35);
  }
}

// ---------------------------------------------------------------------------

/**
 * Renders one note. Notes are released at `loopEndBeat` at the latest, so a
 * chord held across the loop point does not ring on top of its own restart;
 * only its release tail wraps round.
 */
function renderNote(target: Target, role: LoopRole, note: NoteEvent, secondsPerBeat: number, loopEndBeat: number, rng: Rng): void {
  const start = Math.round(note.startBeat * secondsPerBeat * target.sampleRate);
  if (role === 'drums') {
    if (note.midi === DRUM_KEYS.kick) renderKick(target, start, note.velocity);
    else if (note.midi === DRUM_KEYS.snare) renderSnare(target, start, note.velocity, rng);
    else renderHat(target, start, note.velocity, rng, note.midi === DRUM_KEYS.openHat);
    return;
  }
  const holdBeats = Math.min(note.durationBeats, loopEndBeat - note.startBeat);
  const pitched = { start, holdSeconds: holdBeats * secondsPerBeat, midi: note.midi, velocity: note.velocity };
  if (role === 'bass') renderBass(target, pitched);
  else if (role === 'chords') renderElectricPiano(target, pitched);
  else renderPluck(target, pitched);
}

/**
 * Folds everything past the loop end back onto its start, so release tails
 * ring into the next repetition and the loop plays back seamlessly.
 */
function foldIntoLoop(rendered: Float32Array, loopLength: number): Float32Array {
  const loop = new Float32Array(loopLength);
  for (let i = 0; i < rendered.length; i++) {
    const index = i % loopLength;
    loop[index] = (loop[index] as number) + (rendered[i] as number);
  }
  return loop;
}

/** Scales to a fixed peak (about -1.5 dBFS) so every loop of a pack has a similar level. */
function normalise(samples: Float32Array, peak = 0.84): Float32Array {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  if (max === 0) return samples;
  const gain = peak / max;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] as number) * gain;
  return samples;
}

export interface RenderLoopOptions {
  bpm: number;
  /** Seeds the noise used by drums. */
  seed: number;
  /** Length of the audio loop in beats, from the start of the pattern. Defaults to one bar. */
  beats?: number;
  sampleRate?: number;
}

/**
 * Renders the first `beats` beats of a pattern as a seamless mono loop. Notes
 * starting later are skipped; release tails wrap round to the start.
 */
export function renderLoop(pattern: LoopPattern, options: RenderLoopOptions): Float32Array {
  const sampleRate = options.sampleRate ?? SAMPLE_RATE;
  const loopBeats = Math.min(options.beats ?? BEATS_PER_BAR, pattern.bars * BEATS_PER_BAR);
  const secondsPerBeat = 60 / options.bpm;
  const loopLength = Math.round(loopBeats * secondsPerBeat * sampleRate);
  // 2 s of headroom holds the longest release tail (electric piano).
  const target: Target = { buffer: new Float32Array(loopLength + 2 * sampleRate), sampleRate };
  const rng = mulberry32(options.seed);
  for (const note of pattern.notes) {
    if (note.startBeat < loopBeats) renderNote(target, pattern.role, note, secondsPerBeat, loopBeats, rng);
  }
  return normalise(foldIntoLoop(target.buffer, loopLength));
}
