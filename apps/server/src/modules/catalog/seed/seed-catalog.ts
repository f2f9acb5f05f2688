import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { MediaItem } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { productFiles, products, productVersions } from '#server/db/schema.ts';
import { buildFile, renderCoverSvg } from './assets';
import { seedProducts } from './catalog-seed';
import { COVER_WIDTHS, coverSvgFile, coverSvgUrl, coverUrl, coverWebpUrl, ensureCoverRasters } from './cover-files';
import { hasPreviewFolder, samplePackRecipeOf, writeSamplePackPreviews } from './preview-files';
import type { SeedFile, SeedProduct } from './seed-types';

export interface SeedOptions {
  /** `DATA_DIR/files`: where downloadable files are stored. */
  filesDir: string;
  /** `DATA_DIR/media`: where cover art is stored. */
  mediaDir: string;
  currency: string;
  catalogue?: SeedProduct[];
}

/**
 * Adds the seed catalogue's products that the database does not have yet. A product that
 * exists (by path) is never overwritten, so a maker's edits survive every restart; the one
 * change made to an existing row is moving a seed cover still published as the SVG to its
 * WebP renditions of the same picture (see `useRasterCovers`).
 */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<{ inserted: string[]; rasterCovers: string[]; previews: string[] }> {
  const catalogue = options.catalogue ?? seedProducts;
  const existingRows = await db.select({ path: products.path, imagePath: products.imagePath, media: products.media }).from(products);
  const existing = new Set(existingRows.map((row) => row.path));
  const missing = catalogue.filter((product) => !existing.has(product.path));
  const rasterCovers = await useRasterCovers(db, catalogue, existingRows, options.mediaDir);
  const previews = await addSamplePackPreviews(db, catalogue, existingRows, options.mediaDir);
  if (missing.length === 0) return { inserted: [], rasterCovers, previews };

  // Files are written before the transaction: a crash leaves spare files, never rows without files.
  const prepared = await Promise.all(missing.map((product) => prepareProduct(product, options)));

  const inserted: string[] = [];
  await db.transaction(async (tx) => {
    for (const { product, files, previewItems } of prepared) {
      const [row] = await tx
        .insert(products)
        .values({
          path: product.path,
          sku: product.sku,
          displayName: product.displayName,
          category: product.category,
          priceMinor: product.priceMinor,
          currency: options.currency,
          discountPercent: product.discountPercent ?? 0,
          discountPercentStyle: product.discountPercentStyle ?? 'number',
          discountReason: product.discountReason ?? null,
          live: product.live,
          downloadable: product.downloadable,
          licenceSeats: product.licenceSeats,
          summaryHtml: product.summaryHtml,
          descriptionMarkdown: product.descriptionMarkdown,
          imagePath: coverUrl(product.path),
          media: [...product.media, ...previewItems],
          relatedPaths: product.relatedPaths,
          sortOrder: product.sortOrder,
        })
        .onConflictDoNothing({ target: products.path })
        .returning({ id: products.id });
      // Another process seeded this product between our read and our write.
      if (!row) continue;
      inserted.push(product.path);
      for (const version of product.versions) {
        const [versionRow] = await tx
          .insert(productVersions)
          .values({
            productId: row.id,
            version: version.version,
            releasedAt: new Date(version.releasedAt),
            changelogMarkdown: version.changelogMarkdown,
          })
          .returning({ id: productVersions.id });
        const versionFiles = files.filter((file) => file.version === version.version);
        if (versionRow && versionFiles.length > 0) {
          await tx.insert(productFiles).values(
            versionFiles.map((file) => ({
              versionId: versionRow.id,
              os: file.os,
              format: file.format,
              filename: file.filename,
              storageKey: file.storageKey,
              sizeBytes: file.sizeBytes,
              sha256: file.sha256,
            })),
          );
        }
      }
    }
  });
  return { inserted, rasterCovers, previews };
}

type ExistingRow = { path: string; imagePath: string; media: MediaItem[] };

/**
 * Keeps the WebP renditions of existing seed products' covers in step with their SVGs, and
 * moves rows seeded before covers were rasterised (image still the seed's SVG URL) to the
 * WebPs. Only a row whose image is exactly the seed SVG is changed, and only its image and
 * the media items showing that SVG: a maker's own image is left as it is. Returns the paths
 * of the rows moved.
 */
async function useRasterCovers(db: Database, catalogue: SeedProduct[], rows: ExistingRow[], mediaDir: string): Promise<string[]> {
  const seedPaths = new Set(catalogue.map((product) => product.path));
  const moved: string[] = [];
  for (const row of rows) {
    if (!seedPaths.has(row.path)) continue;
    const svgUrl = coverSvgUrl(row.path);
    if (row.imagePath !== svgUrl && row.imagePath !== coverUrl(row.path)) continue;
    // No SVG on disk (removed by hand): nothing to render, and the row stays as it is.
    if ((await ensureCoverRasters(mediaDir, row.path)) === null || row.imagePath !== svgUrl) continue;
    const variants = COVER_WIDTHS.map((width) => ({ src: coverWebpUrl(row.path, width), width }));
    const media = row.media.map((item) => (item.kind === 'image' && item.src === svgUrl ? { ...item, src: coverUrl(row.path), variants } : item));
    const updated = await db
      .update(products)
      .set({ imagePath: coverUrl(row.path), media })
      .where(and(eq(products.path, row.path), eq(products.imagePath, svgUrl)))
      .returning({ id: products.id });
    if (updated.length > 0) moved.push(row.path);
  }
  return moved;
}

/**
 * Gives sample packs seeded before previews existed their MIDI previews: only a seed pack
 * whose row lists no `midi` item and whose preview folder was never written, so a maker who
 * removed the items later does not get them back. Returns the paths of the rows changed.
 */
async function addSamplePackPreviews(db: Database, catalogue: SeedProduct[], rows: ExistingRow[], mediaDir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const product of catalogue) {
    const row = rows.find((candidate) => candidate.path === product.path);
    if (!row || !samplePackRecipeOf(product) || row.media.some((item) => item.kind === 'midi')) continue;
    if (await hasPreviewFolder(mediaDir, product.path)) continue;
    const items = await writeSamplePackPreviews(mediaDir, product);
    await db
      .update(products)
      .set({ media: [...row.media, ...items] })
      .where(eq(products.path, product.path));
    changed.push(product.path);
  }
  return changed;
}

async function prepareProduct(product: SeedProduct, options: SeedOptions) {
  await writeIfMissing(coverSvgFile(options.mediaDir, product.path), () =>
    renderCoverSvg({ display: product.displayName, category: product.category, seed: product.sortOrder, ...product.cover }),
  );
  await ensureCoverRasters(options.mediaDir, product.path);
  const files = [];
  for (const version of product.versions) {
    for (const file of version.files) {
      files.push({ ...file, version: version.version, ...(await storeFile(product.path, version.version, file, options.filesDir)) });
    }
  }
  const previewItems = await writeSamplePackPreviews(options.mediaDir, product);
  return { product, files, previewItems };
}

/** Generates a file unless it is already stored, and reports what is stored. */
async function storeFile(productPath: string, version: string, file: SeedFile, filesDir: string) {
  const storageKey = [productPath, version, file.filename].join('/');
  const bytes = await writeIfMissing(path.join(filesDir, ...storageKey.split('/')), () => buildFile(file.recipe));
  return { storageKey, sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function writeIfMissing(target: string, build: () => Uint8Array | string): Promise<Uint8Array> {
  try {
    return await readFile(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = build();
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  await mkdir(path.dirname(target), { recursive: true });
  // Write then rename, so a crash never leaves a half-written file under the final name.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  return bytes;
}
