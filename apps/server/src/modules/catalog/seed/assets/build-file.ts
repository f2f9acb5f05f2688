/**
 * Entry point for the seed catalogue: turns a file recipe into the bytes of
 * the downloadable file. Deterministic, so the stored sha256 always matches.
 */
import type { FileRecipe } from '../seed-types';
import { buildPluginArchive } from './plugin-archive';
import { buildProgressionSet } from './progression-set';
import { buildSamplePack } from './sample-pack';

export function buildFile(recipe: FileRecipe): Uint8Array {
  switch (recipe.kind) {
    case 'sample-pack':
      return buildSamplePack(recipe);
    case 'progression-set':
      return buildProgressionSet(recipe);
    case 'plugin':
      return buildPluginArchive(recipe);
    default: {
      // Adding a recipe kind without a builder is a compile error here.
      const unknown: never = recipe;
      throw new Error(`Unknown file recipe: ${JSON.stringify(unknown)}`);
    }
  }
}
