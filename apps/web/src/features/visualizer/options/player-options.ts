import * as z from 'zod/mini';

/**
 * The piano-roll player's options (docs/behaviour/visualiser.md#player-options), kept in localStorage under
 * `options`. The keys and their defaults are listed in docs/behaviour/visualiser.md#player-options;
 * the colours are the store's accent palette.
 */
export const PLAYER_OPTIONS_KEY = 'options';

const color = z.string();

export const playerOptionsSchema = z.object({
  /** Falling blocks. */
  Color: color,
  OctaveLines: z.boolean(),
  /** Lit keys and the blocks sounding on them. */
  KeyPressColor: color,
  /** A colour per track instead of `Color`. */
  RandomColors: z.boolean(),
  /** Particles where a note meets its key (`Effect`). */
  IsEffects: z.boolean(),
  backgroundImage: z.string(),
  /** Fall speed: `speed × playSpeed` CSS pixels per second. */
  speed: z.number().check(z.positive()),
  playSpeed: z.number().check(z.positive()),
  watermark: z.boolean(),
  /** Whether the player may sound at all (it still waits for the shopper to press play or unmute). */
  soundOn: z.boolean(),
  /** Only 'animationFrame' (requestAnimationFrame) is implemented; other values draw the same way. */
  renderMethod: z.string(),
  Effect: z.enum(['fountain']),
  blockRadius: z.number().check(z.nonnegative()),
  ShadowColor: color,
  blockShadowRadius: z.number().check(z.nonnegative()),
  /** Particles take their block's colour instead of `EffectsColor`. */
  EffectsBlockColor: z.boolean(),
  randomEffectColors: z.boolean(),
  /** Particles take the key-press colour. */
  EffectsKeyColor: z.boolean(),
  EffectsColor: color,
  GameMode: z.boolean(),
  /** Blocks of black keys, which are thinner. */
  ThinerBlockColor: color,
  /** The glow drawn above a lit key. */
  GradientColor: color,
  /** Blocks filled with a vertical gradient of `GradientBlocksColor`. */
  GradientBlocks: z.boolean(),
  GradientBlocksColor: z.tuple([color, color]),
});

export type PlayerOptions = z.infer<typeof playerOptionsSchema>;

export const DEFAULT_PLAYER_OPTIONS: Readonly<PlayerOptions> = Object.freeze({
  Color: '#8EF971',
  OctaveLines: true,
  KeyPressColor: '#D4FFC4',
  RandomColors: false,
  IsEffects: false,
  backgroundImage: '',
  speed: 35,
  playSpeed: 5,
  watermark: false,
  soundOn: true,
  renderMethod: 'animationFrame',
  Effect: 'fountain',
  blockRadius: 10,
  ShadowColor: '#8EF971',
  blockShadowRadius: 6,
  EffectsBlockColor: false,
  randomEffectColors: false,
  EffectsKeyColor: false,
  EffectsColor: '#ffffff',
  GameMode: false,
  ThinerBlockColor: '#5FD08F',
  GradientColor: '#8EF971',
  GradientBlocks: false,
  GradientBlocksColor: ['#8EF971', '#2BB3A3'],
} satisfies PlayerOptions);

const defaults = (): PlayerOptions => ({ ...DEFAULT_PLAYER_OPTIONS, GradientBlocksColor: [...DEFAULT_PLAYER_OPTIONS.GradientBlocksColor] });

export interface LoadedPlayerOptions {
  options: PlayerOptions;
  /** True when the stored object was missing a key (or was not valid) and the defaults were stored instead. */
  reset: boolean;
}

/**
 * Reads the stored options. Nothing stored: the defaults are stored. A stored object missing
 * any expected key, holding a wrong value, or not JSON at all: reset to the defaults (docs/behaviour/visualiser.md#player-options).
 * The caller goes on with the result; no page reload is needed.
 */
export function loadPlayerOptions(storage: Storage | undefined = safeLocalStorage()): LoadedPlayerOptions {
  const raw = readItem(storage);
  if (raw === null) {
    writeItem(storage, defaults());
    return { options: defaults(), reset: false };
  }
  const parsed = playerOptionsSchema.safeParse(parseJson(raw));
  if (parsed.success) return { options: parsed.data, reset: false };
  writeItem(storage, defaults());
  return { options: defaults(), reset: true };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readItem(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(PLAYER_OPTIONS_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeItem(storage: Storage | undefined, options: PlayerOptions) {
  try {
    storage?.setItem(PLAYER_OPTIONS_KEY, JSON.stringify(options));
  } catch {
    // Storage full or blocked: the defaults still apply for this page.
  }
}
