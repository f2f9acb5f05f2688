/**
 * Song Seed: a wish ('melancholic lo-fi in A minor at 80 bpm') into a MIDI sketch
 * (docs/behaviour/lyra.md#song-seed). Pure code: no HTTP, no database.
 */
import type { LyraSketch } from '@store/contracts/lyra';
import { hashString } from '#server/lib/seeded-random.ts';
import { describeSketch, makeSongSeed } from './song-seed';
import { SONG_SEED_VERSION, type SketchParams } from './sketch-params';
import { conventionalTonic } from './progression';
import { completeWish, MAX_BPM, MIN_BPM, parseKey, parseWish, readWishSignals, type SongWish } from './wish';
import { decodeSketchId } from './sketch-id';

export { parseWish, parseKey, parseTempo, type SongWish } from './wish';
export { suggestProductsForSketch, readKeyAndTempo, remixFromProduct, type SuggestionCandidate } from './suggestions';
export { sketchFileName } from './sketch-params';

export interface SketchRemix {
  /** The pack's key as its facts write it, e.g. 'A minor'. */
  key?: string;
  bpm?: number;
  /** The product the remix started from. */
  path: string;
}

/** What the query service is handed (the shape of `Sketcher` in modules/lyra/lyra.types.ts). */
export interface SongSeedSketcher {
  sketchForWish(text: string, options?: { remix?: SketchRemix; seed?: number }): LyraSketch | null;
}

/** The same wish, however it is cased or spaced, gets the same seed. */
export function wishSeed(text: string, remixPath?: string): number {
  const normalised = text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  return hashString(remixPath ? `${normalised}|remix:${remixPath}` : normalised);
}

/** A remix's tempo comes from catalogue data, not the wish: keep it to what a sketch plays. */
const playableBpm = (bpm: number) => Math.max(MIN_BPM, Math.min(MAX_BPM, Math.round(bpm)));

function toParams(wish: SongWish, seed: number): SketchParams {
  return { ...wish, tonic: conventionalTonic(wish.tonic, wish.mode), bpm: playableBpm(wish.bpm), version: SONG_SEED_VERSION, seed: seed >>> 0 };
}

/** The wish's parameters with a remix's key and tempo in place of the text's; the text still gives mood and style. */
function remixWish(text: string, remix: SketchRemix): SongWish {
  const signals = readWishSignals(text);
  const packKey = remix.key ? parseKey(remix.key) : null;
  return completeWish({ ...signals, key: packKey ?? signals.key, bpm: remix.bpm ?? signals.bpm });
}

export function createSketcher(): SongSeedSketcher {
  return {
    sketchForWish(text, options = {}) {
      const { remix } = options;
      const wish = remix ? remixWish(text, remix) : parseWish(text);
      if (!wish) return null;
      return describeSketch(toParams(wish, options.seed ?? wishSeed(text, remix?.path)));
    },
  };
}

/** The file of a sketch id, or null when the id is not one this version writes. */
export function sketchFileForId(id: string): { title: string; bytes: Uint8Array } | null {
  const params = decodeSketchId(id);
  if (!params) return null;
  const { title, bytes } = makeSongSeed(params);
  return { title, bytes };
}
