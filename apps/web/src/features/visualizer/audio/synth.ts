/**
 * A small Web Audio piano-ish voice: two oscillators (triangle and a quiet sine an octave up)
 * through a low-pass filter and a decaying envelope. A few hundred bytes instead of Tone.js.
 * The AudioContext is created only when sound is first wanted, after the shopper's gesture
 * (browsers keep audio suspended until then).
 */
const MAX_VOICES = 24;
const RELEASE = 0.25;

export class Synth {
  readonly context: AudioContext;
  private readonly output: GainNode;
  private voices = 0;

  constructor() {
    this.context = new AudioContext();
    const compressor = this.context.createDynamicsCompressor();
    this.output = this.context.createGain();
    this.output.gain.value = 0.18;
    this.output.connect(compressor).connect(this.context.destination);
  }

  /** Resumes a context that the browser started suspended; call from a gesture when possible. */
  resume(): Promise<void> {
    return this.context.state === 'suspended' ? this.context.resume() : Promise.resolve();
  }

  /** Plays `midi` at `when` (context seconds) for `duration` seconds. */
  play(midi: number, velocity: number, when: number, duration: number) {
    if (this.voices >= MAX_VOICES) return;
    const ctx = this.context;
    const start = Math.max(when, ctx.currentTime);
    const stop = start + Math.max(0.05, duration);
    const frequency = 440 * 2 ** ((midi - 69) / 12);
    const peak = 0.25 + 0.5 * velocity;

    const envelope = ctx.createGain();
    envelope.gain.setValueAtTime(0, start);
    envelope.gain.linearRampToValueAtTime(peak, start + 0.006);
    envelope.gain.setTargetAtTime(peak * 0.35, start + 0.006, 0.35);
    envelope.gain.setTargetAtTime(0, stop, RELEASE / 4);
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = Math.min(8000, frequency * 6);
    filter.connect(envelope).connect(this.output);

    const body = ctx.createOscillator();
    body.type = 'triangle';
    body.frequency.value = frequency;
    const shimmer = ctx.createOscillator();
    shimmer.frequency.value = frequency * 2;
    const shimmerGain = ctx.createGain();
    shimmerGain.gain.value = 0.15;
    body.connect(filter);
    shimmer.connect(shimmerGain).connect(filter);

    this.voices += 1;
    for (const oscillator of [body, shimmer]) {
      oscillator.start(start);
      oscillator.stop(stop + RELEASE);
    }
    body.onended = () => {
      this.voices -= 1;
      envelope.disconnect();
    };
  }

  close() {
    void this.context.close().catch(() => undefined);
  }
}
