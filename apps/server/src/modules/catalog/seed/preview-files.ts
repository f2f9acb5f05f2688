/**
 * MIDI previews of sample packs: a few of each pack's loops (byte-identical to the ones in its
 * zip), stored in `DATA_DIR/media/previews/<path>/` and published as `midi` media items, which
 * the product page lists and plays in its piano roll.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaItem } from '@store/contracts';
import { buildSamplePackPreviews, type SamplePackRecipe } from './assets';
import type { SeedProduct } from './seed-types';

/** The sample-pack recipe of the product's newest version, if it sells one. */
export function samplePackRecipeOf(product: SeedProduct): SamplePackRecipe | undefined {
  const files = product.versions.at(-1)?.files ?? [];
  return files.map((file) => file.recipe).find((recipe): recipe is SamplePackRecipe => recipe.kind === 'sample-pack');
}

function previewDir(mediaDir: string, productPath: string): string {
  return path.join(mediaDir, 'previews', productPath);
}

export function previewUrl(productPath: string, filename: string): string {
  return `/media/previews/${productPath}/${encodeURIComponent(filename)}`;
}

/** '03 Velvet Keys 84bpm A minor.mid' → 'Velvet Keys' (the pack's tempo and key are the same for every loop). */
function previewTitle(filename: string): string {
  return filename
    .replace(/\.mid$/i, '')
    .replace(/^\d+\s+/, '')
    .replace(/\s+\d+bpm\b.*$/, '');
}

/**
 * Writes the pack's previews into the media folder (unless they are there already) and returns
 * their media items. A pack with no sample-pack recipe has none.
 */
export async function writeSamplePackPreviews(mediaDir: string, product: SeedProduct): Promise<MediaItem[]> {
  const recipe = samplePackRecipeOf(product);
  if (!recipe) return [];
  const dir = previewDir(mediaDir, product.path);
  await mkdir(dir, { recursive: true });
  const items: MediaItem[] = [];
  for (const { filename, bytes } of buildSamplePackPreviews(recipe)) {
    const target = path.join(dir, filename);
    if (!(await stat(target).catch(() => undefined))) {
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    }
    items.push({ kind: 'midi', src: previewUrl(product.path, filename), title: previewTitle(filename) });
  }
  return items;
}

/** Whether the product's previews were ever written (a maker may since have unlisted them). */
export async function hasPreviewFolder(mediaDir: string, productPath: string): Promise<boolean> {
  return (await stat(previewDir(mediaDir, productPath)).catch(() => undefined)) !== undefined;
}
