import { VERTICAL_MARGIN } from '../constants';
import type { Song, SongNote } from '../midi/song';
import type { PlayerOptions } from '../options/player-options';
import { FULL_RANGE, keyboardLayout, type KeyRange, type KeyRect } from './keyboard';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  color: string;
}

const MAX_PARTICLES = 240;
const PARTICLE_LIFE = 0.7;
const TRACK_HUES = [105, 165, 45, 285, 205, 330];

/**
 * Draws the falling-notes piano roll on a 2D canvas: octave lines, the notes on screen (found
 * by binary search, drawn in one path per colour so the shadow is computed once per colour),
 * the 88-key keyboard with the sounding keys lit, and the optional fountain effect. Everything
 * is in CSS pixels; the canvas transform carries the device pixel ratio.
 */
export class PianoRollRenderer {
  private width = 0;
  private height = 0;
  private keys: KeyRect[] = [];
  private particles: Particle[] = [];
  private lastTime = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly context: CanvasRenderingContext2D,
    private song: Song,
    private options: PlayerOptions,
    private readonly range: KeyRange = FULL_RANGE,
  ) {}

  /** Pixels a note falls per second of song time. */
  get pixelsPerSecond(): number {
    return this.options.speed * this.options.playSpeed;
  }

  get keyboardTop(): number {
    return this.height * (1 - VERTICAL_MARGIN);
  }

  /** Song seconds a note takes to fall from the top of the canvas to the keys. */
  get leadIn(): number {
    return this.keyboardTop / this.pixelsPerSecond;
  }

  resize(width: number, height: number, pixelRatio: number) {
    const canvas = this.context.canvas;
    canvas.width = Math.max(1, Math.round(width * pixelRatio));
    canvas.height = Math.max(1, Math.round(height * pixelRatio));
    this.context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    this.width = width;
    this.height = height;
    this.keys = keyboardLayout(width, this.range);
  }

  setOptions(options: PlayerOptions) {
    this.options = options;
  }

  setSong(song: Song) {
    this.song = song;
    this.particles = [];
    this.lastTime = Number.NEGATIVE_INFINITY;
  }

  /**
   * One frame at `time` seconds of the song. `loopPeriod` (seconds) also draws the next
   * pass's first notes falling in while this one ends.
   */
  draw(time: number, { loopPeriod, dt = 0 }: { loopPeriod?: number; dt?: number } = {}) {
    const { context: ctx, width, height } = this;
    ctx.clearRect(0, 0, width, height);
    if (width === 0 || height === 0) return;
    if (this.options.OctaveLines) this.drawOctaveLines();

    const lit = new Map<number, string>();
    this.drawNotes(time, lit);
    if (loopPeriod && time + this.leadIn > loopPeriod) this.drawNotes(time - loopPeriod, lit);
    if (this.options.IsEffects) this.updateParticles(time, dt, lit);
    this.drawKeyboard(lit);
    this.lastTime = time;
  }

  private drawOctaveLines() {
    const ctx = this.context;
    ctx.save();
    ctx.strokeStyle = this.options.Color;
    ctx.globalAlpha = 0.18;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const key of this.keys) {
      if (key.midi % 12 !== 0) continue;
      const x = Math.round(key.x) + 0.5;
      ctx.moveTo(x, 0);
      ctx.lineTo(x, this.keyboardTop);
    }
    ctx.stroke();
    ctx.restore();
  }

  /** Notes whose block is on screen at `time`: starting between `time − longest note` and `time + lead-in`. */
  private visibleNotes(time: number): SongNote[] {
    const { notes, longestNote } = this.song;
    const from = time - longestNote;
    let low = 0;
    let high = notes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (notes[middle]!.start < from) low = middle + 1;
      else high = middle;
    }
    const until = time + this.leadIn;
    const visible: SongNote[] = [];
    for (let index = low; index < notes.length && notes[index]!.start <= until; index += 1) {
      const note = notes[index]!;
      if (note.end > time) visible.push(note);
    }
    return visible;
  }

  private noteColor(note: SongNote, key: KeyRect): string {
    if (this.options.RandomColors) return `hsl(${TRACK_HUES[note.track % TRACK_HUES.length]} 85% 66%)`;
    return key.black ? this.options.ThinerBlockColor : this.options.Color;
  }

  private drawNotes(time: number, lit: Map<number, string>) {
    const ctx = this.context;
    const { pixelsPerSecond, keyboardTop } = this;
    const paths = new Map<string, Path2D>();
    for (const note of this.visibleNotes(time)) {
      const key = this.keys[note.midi - this.range.low];
      if (!key) continue;
      const bottom = keyboardTop - (note.start - time) * pixelsPerSecond;
      const top = keyboardTop - (note.end - time) * pixelsPerSecond;
      const sounding = note.start <= time && time < note.end;
      const color = sounding ? this.options.KeyPressColor : this.noteColor(note, key);
      if (sounding) lit.set(note.midi, this.noteColor(note, key));
      const x = key.x + (key.black ? 0 : 1);
      const w = key.width - (key.black ? 0 : 2);
      const y = Math.max(top, -20);
      const h = Math.min(bottom, keyboardTop) - y;
      // A canvas a few pixels wide (mid-layout) has keys narrower than their gaps.
      if (h <= 0 || w <= 0) continue;
      let path = paths.get(color);
      if (!path) paths.set(color, (path = new Path2D()));
      path.roundRect(x, y, w, h, Math.max(0, Math.min(this.options.blockRadius, w / 2, h / 2)));
    }
    ctx.save();
    // The block shadow as a soft halo: a wide translucent stroke under each block. Canvas's
    // own shadowBlur is a Gaussian blur per fill, which doubled the cost of a frame.
    if (this.options.blockShadowRadius > 0) {
      ctx.lineJoin = 'round';
      ctx.strokeStyle = this.options.ShadowColor;
      for (const [width, alpha] of [
        [this.options.blockShadowRadius, 0.12],
        [this.options.blockShadowRadius / 2, 0.22],
      ] as const) {
        ctx.globalAlpha = alpha;
        ctx.lineWidth = width;
        for (const path of paths.values()) ctx.stroke(path);
      }
      ctx.globalAlpha = 1;
    }
    for (const [color, path] of paths) {
      ctx.fillStyle = this.options.GradientBlocks ? this.gradient() : color;
      ctx.fill(path);
    }
    ctx.restore();
  }

  private gradient(): CanvasGradient {
    const gradient = this.context.createLinearGradient(0, 0, 0, this.keyboardTop);
    gradient.addColorStop(0, this.options.GradientBlocksColor[0]);
    gradient.addColorStop(1, this.options.GradientBlocksColor[1]);
    return gradient;
  }

  private drawKeyboard(lit: Map<number, string>) {
    const ctx = this.context;
    const top = this.keyboardTop;
    const height = this.height - top;
    const blackHeight = height * 0.62;
    ctx.save();
    // Glow above the keys that sound.
    for (const key of this.keys) {
      if (!lit.has(key.midi)) continue;
      const glow = ctx.createLinearGradient(0, top - 24, 0, top);
      glow.addColorStop(0, 'transparent');
      glow.addColorStop(1, this.options.GradientColor);
      ctx.fillStyle = glow;
      ctx.globalAlpha = 0.55;
      ctx.fillRect(key.x, top - 24, key.width, 24);
    }
    ctx.globalAlpha = 1;
    for (const key of this.keys) {
      if (key.black) continue;
      ctx.fillStyle = lit.has(key.midi) ? this.options.KeyPressColor : '#f4f4f4';
      ctx.fillRect(key.x + 0.5, top, key.width - 1, height);
    }
    for (const key of this.keys) {
      if (!key.black) continue;
      ctx.fillStyle = lit.has(key.midi) ? this.options.KeyPressColor : '#1b1b1b';
      ctx.fillRect(key.x, top, key.width, blackHeight);
    }
    ctx.fillStyle = this.options.Color;
    ctx.fillRect(0, top - 2, this.width, 2);
    ctx.restore();
  }

  private updateParticles(time: number, dt: number, lit: Map<number, string>) {
    // New notes reaching their keys since the last frame spout a fountain.
    if (time > this.lastTime && time - this.lastTime < 0.5) {
      for (const note of this.visibleNotes(time)) {
        if (note.start <= this.lastTime || note.start > time) continue;
        const key = this.keys[note.midi - this.range.low];
        if (key) this.spout(key, lit.get(note.midi) ?? this.options.Color);
      }
    }
    const ctx = this.context;
    ctx.save();
    this.particles = this.particles.filter((particle) => (particle.life -= dt) > 0);
    for (const particle of this.particles) {
      particle.vy += 520 * dt;
      particle.x += particle.vx * dt;
      particle.y += particle.vy * dt;
      ctx.globalAlpha = Math.max(0, particle.life / PARTICLE_LIFE);
      ctx.fillStyle = particle.color;
      ctx.fillRect(particle.x - 1.5, particle.y - 1.5, 3, 3);
    }
    ctx.restore();
  }

  private spout(key: KeyRect, blockColor: string) {
    const { options } = this;
    for (let index = 0; index < 8 && this.particles.length < MAX_PARTICLES; index += 1) {
      const color = options.randomEffectColors
        ? `hsl(${Math.floor(Math.random() * 360)} 90% 70%)`
        : options.EffectsKeyColor
          ? options.KeyPressColor
          : options.EffectsBlockColor
            ? blockColor
            : options.EffectsColor;
      this.particles.push({
        x: key.x + key.width / 2,
        y: this.keyboardTop,
        vx: (Math.random() - 0.5) * 120,
        vy: -140 - Math.random() * 160,
        life: PARTICLE_LIFE,
        color,
      });
    }
  }
}
