/**
 * Everything that decides a Song Seed's notes. The sketch id encodes exactly these
 * (sketch-id.ts), so a file is made again from its id and never stored.
 */
import type { SKETCH_MODES } from '@store/contracts/lyra';
import type { SongWish } from './wish';

export type SketchMode = (typeof SKETCH_MODES)[number];

/** Order matters: the sketch id stores a style and a mood by their index here. Add new ones at the end. */
export const STYLES = ['lo-fi', 'jazz', 'pop', 'rock', 'house', 'hip hop', 'ambient', 'ballad', 'r&b', 'cinematic'] as const;
export type Style = (typeof STYLES)[number];
export const MOODS = ['melancholic', 'dark', 'dreamy', 'hopeful', 'happy', 'energetic', 'romantic'] as const;
export type Mood = (typeof MOODS)[number];

/** The tonics a sketch may be in, as written; the id stores the index. Add new ones at the end. */
export const TONICS = ['C', 'C#', 'Db', 'D', 'D#', 'Eb', 'E', 'F', 'F#', 'Gb', 'G', 'G#', 'Ab', 'A', 'A#', 'Bb', 'B', 'Cb', 'E#', 'Fb', 'B#'] as const;

/** Changes whenever the same parameters would make different notes, so old ids keep their bytes meaning. */
export const SONG_SEED_VERSION = 1;

/** A wish's parameters, with the version of the Song Seed that plays them and the seed of its choices. */
export interface SketchParams extends SongWish {
  version: number;
  seed: number;
}

const STYLE_LABELS: Record<Style, string> = {
  'lo-fi': 'lo-fi',
  jazz: 'jazz',
  pop: 'pop',
  rock: 'rock',
  house: 'house',
  'hip hop': 'hip hop',
  ambient: 'ambient',
  ballad: 'ballad',
  'r&b': 'R&B',
  cinematic: 'cinematic',
};

export const keyLabel = (params: Pick<SketchParams, 'tonic' | 'mode'>) => `${params.tonic} ${params.mode}`;

/** 'Melancholic lo-fi in A minor, 80 bpm'; a ii-V-I says so (ASCII only: MIDI text is not UTF-8). */
export function sketchTitle(params: SketchParams): string {
  const style = STYLE_LABELS[params.style] + (params.twoFiveOne ? ' ii-V-I' : '');
  const words = params.mood ? `${params.mood} ${style}` : style;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} in ${keyLabel(params)}, ${params.bpm} bpm`;
}

/** A file name from a title: 'melancholic-lo-fi-in-a-minor-80-bpm.mid'. */
export function sketchFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/#/g, '-sharp')
    .replace(/&/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'sketch'}.mid`;
}
