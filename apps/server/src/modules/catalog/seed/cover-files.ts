/**
 * Where a seed product's cover lives in `DATA_DIR/media/covers` and how its WebP renditions
 * are kept in step with it. The SVG is the source (a maker may replace it); the WebPs are
 * rendered from it once and served instead, because browsers rasterise SVG text on the main
 * thread. Names: `<path>.svg`, `<path>.<width>.webp` (a product path has no
 * dots, so no product's files can collide with another's).
 */
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaItem } from '@store/contracts';
import { rasteriseSvgToWebp } from '#server/lib/webp-raster.ts';

/**
 * The widths rendered: a grid card is at most ~350 CSS px wide at 1x (400), a phone's
 * full-width card at ~1.75x picks 600, and 2x or more (and the product page) take 800.
 */
export const COVER_WIDTHS = [400, 600, 800] as const;
/** The cover's intrinsic size, the `width`/`height` the page reserves. */
export const COVER_SIZE = 800;

/** The seed cover's source, as the first seed catalogues published it. */
export function coverSvgUrl(productPath: string): string {
  return `/media/covers/${productPath}.svg`;
}

export function coverWebpUrl(productPath: string, width = COVER_SIZE): string {
  return `/media/covers/${productPath}.${width}.webp`;
}

/** The product's `image`: the largest rendition. */
export function coverUrl(productPath: string): string {
  return coverWebpUrl(productPath, COVER_SIZE);
}

/** The seed product's only media item: its cover, with every rendition for `srcset`. */
export function coverMediaItem(productPath: string, displayName: string): MediaItem {
  return {
    kind: 'image',
    src: coverUrl(productPath),
    title: `${displayName} cover`,
    width: COVER_SIZE,
    height: COVER_SIZE,
    variants: COVER_WIDTHS.map((width) => ({ src: coverWebpUrl(productPath, width), width })),
  };
}

export function coverSvgFile(mediaDir: string, productPath: string): string {
  return path.join(mediaDir, 'covers', `${productPath}.svg`);
}

function coverWebpFile(mediaDir: string, productPath: string, width: number): string {
  return path.join(mediaDir, 'covers', `${productPath}.${width}.webp`);
}

/**
 * Renders the WebPs of a cover whose renditions are missing or older than its SVG. Each
 * rendition takes the SVG's modification time, so "up to date" means "same time as the
 * source": a replaced SVG (even one copied in with an older date) is rendered again, and a
 * restart renders nothing. Returns the widths rendered, or null when there is no SVG.
 */
export async function ensureCoverRasters(mediaDir: string, productPath: string): Promise<number[] | null> {
  const source = coverSvgFile(mediaDir, productPath);
  const sourceStat = await statIfExists(source);
  if (!sourceStat) return null;
  const stale = await staleWidths(mediaDir, productPath, sourceStat.mtimeMs);
  if (stale.length === 0) return [];
  await removeLeftoverTemporaries(mediaDir, productPath, stale);
  // Always drawn at the full size, so a rendition's bytes do not depend on which others were stale.
  const images = await rasteriseSvgToWebp(await readFile(source), stale, COVER_SIZE);
  for (const { webp, width } of images) {
    const target = coverWebpFile(mediaDir, productPath, width);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under the final name.
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, webp);
    await utimes(temporary, sourceStat.atime, sourceStat.mtime);
    await rename(temporary, target);
  }
  return stale;
}

/**
 * A renderer stopped between writing a rendition and renaming it (its store was killed) left a
 * `<path>.<width>.webp.<pid>.tmp` behind, which the media folder would keep and serve for good.
 * That rendition is stale, so it is rendered again now: its leftovers go first.
 */
async function removeLeftoverTemporaries(mediaDir: string, productPath: string, widths: readonly number[]) {
  const folder = path.join(mediaDir, 'covers');
  const prefixes = widths.map((width) => `${path.basename(coverWebpFile(mediaDir, productPath, width))}.`);
  const names = await readdir(folder).catch(() => [] as string[]);
  const leftovers = names.filter((name) => name.endsWith('.tmp') && prefixes.some((prefix) => name.startsWith(prefix)));
  await Promise.all(leftovers.map((name) => rm(path.join(folder, name), { force: true })));
}

/** Whether the cover has an SVG and some rendition is missing or older than it (only `stat`s, no rendering). */
export async function coverNeedsRasters(mediaDir: string, productPath: string): Promise<boolean> {
  const sourceStat = await statIfExists(coverSvgFile(mediaDir, productPath));
  return sourceStat !== undefined && (await staleWidths(mediaDir, productPath, sourceStat.mtimeMs)).length > 0;
}

async function staleWidths(mediaDir: string, productPath: string, sourceMtimeMs: number): Promise<number[]> {
  const stale: number[] = [];
  for (const width of COVER_WIDTHS) {
    const rendition = await stat(coverWebpFile(mediaDir, productPath, width)).catch(() => undefined);
    // Some file systems keep times coarser than a millisecond, or round them on write.
    if (!rendition || Math.abs(rendition.mtimeMs - sourceMtimeMs) >= 1) stale.push(width);
  }
  return stale;
}

function statIfExists(file: string) {
  return stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
