import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { MediaItem } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { productCategories, productFiles, products, productVersions, storeMilestones } from '#server/db/schema.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import { CATALOG_CHANGED_CHANNEL } from '../catalog.service';
import { productColumns } from '../product-columns';
import { buildFile, renderCoverSvg } from './assets';
import type { SeedCatalogue } from './catalogue-files';
import { COVER_WIDTHS, coverNeedsRasters, coverSvgFile, coverSvgUrl, coverUrl, coverWebpUrl, ensureCoverRasters } from './cover-files';
import { hasPreviewFolder, samplePackRecipeOf, writeSamplePackPreviews } from './preview-files';
import type { FileRecipe, SeedFile, SeedProduct } from './seed-types';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** The milestone a fresh install records once its seed catalogue is imported. */
export const CATALOGUE_IMPORTED = 'catalogue-imported';

export interface ImportOptions {
  /** `DATA_DIR/files`: where downloadable files are stored. */
  filesDir: string;
  /** `DATA_DIR/media`: where cover art is stored. */
  mediaDir: string;
  currency: string;
  /**
   * Files the build generated from the shipped catalogue's recipes (`dist/seed-files`, see
   * `seed-files-cli.ts`), each named by `seedFileKey` of its recipe. A first start copies them
   * instead of generating the sample packs and MIDI sets (seconds of CPU); a recipe without one
   * (a maker's edited content, or running from source) is generated as before.
   */
  prebuiltFilesDir?: string;
  /** The catalogue to import; by default the content files of @store/content. */
  catalogue?: SeedCatalogue;
  /** More of the first start's seed (the promo codes), written in the import's transaction. */
  alsoImport?: (tx: Executor) => Promise<unknown>;
}

export interface ImportResult {
  /** Whether this start imported the catalogue (false once the store has the milestone). */
  imported: boolean;
  /** Paths of the products imported. */
  inserted: string[];
}

/** Renders the WebPs of these seed covers (every one of them has a stale or missing rendition). */
export type CoverRenderer = (mediaDir: string, productPaths: string[]) => Promise<void>;

/** In this process: the rasteriser's WebAssembly and its memory then stay for the life of the process. */
export const renderCoversHere: CoverRenderer = async (mediaDir, productPaths) => {
  for (const productPath of productPaths) await ensureCoverRasters(mediaDir, productPath);
};

export interface SeedMediaResult {
  /** Paths of the rows moved from the SVG cover to its WebPs. */
  rasterCovers: string[];
  /** Paths of the sample packs that were given their MIDI previews. */
  previews: string[];
}

/**
 * Imports the seed catalogue on a fresh install: categories, products, published releases and
 * their generated files, in one transaction that also records the `catalogue-imported`
 * milestone. Once the milestone exists nothing is added again (and the content files are not
 * even read), so a maker's deletions and offline products stay as they are. The covers' WebP
 * renditions are not rendered here: `refreshSeedMedia` does that once the store is serving.
 */
export async function importCatalogue(db: Database, options: ImportOptions): Promise<ImportResult> {
  if (await hasMilestone(db)) return { imported: false, inserted: [] };
  const catalogue = options.catalogue ?? (await readSeedCatalogue());

  // Files are written before the transaction: a crash leaves spare files, never rows without files.
  const prepared = await Promise.all(catalogue.products.map((product) => prepareProduct(product, options)));
  const inserted = await db.transaction(async (tx) => {
    // Taken first: a second process starting at the same time finds it and imports nothing.
    const claimed = await tx.insert(storeMilestones).values({ name: CATALOGUE_IMPORTED }).onConflictDoNothing().returning({ name: storeMilestones.name });
    if (claimed.length === 0) return null;
    await tx
      .insert(productCategories)
      .values(catalogue.categories.map(({ slug, name, intro, sortOrder }) => ({ slug, name, intro, sortOrder })))
      .onConflictDoNothing();
    const ids = new Map<string, number>();
    for (const item of prepared) {
      const id = await insertProduct(tx, item, options.currency);
      if (id !== undefined) ids.set(item.product.path, id);
    }
    await linkTrials(tx, catalogue.products, ids);
    await options.alsoImport?.(tx);
    return [...ids.keys()];
  });
  return { imported: inserted !== null, inserted: inserted ?? [] };
}

/**
 * The seed media work that can wait until the store serves (on every start, after listening):
 * renders the WebPs of seed covers that lack them or whose SVG changed (until then the media
 * plugin answers a rendition's URL with the SVG), moves rows still published with the SVG to
 * the WebPs, and gives sample packs seeded before previews existed their previews.
 */
export async function refreshSeedMedia(
  db: Database,
  options: { mediaDir: string; catalogue?: SeedCatalogue; renderCovers?: CoverRenderer },
): Promise<SeedMediaResult> {
  const catalogue = options.catalogue ?? (await readSeedCatalogue());
  const existingRows = await db.select({ path: products.path, imagePath: products.imagePath, media: products.media }).from(products);
  const rasterCovers = await useRasterCovers(db, catalogue.products, existingRows, options.mediaDir, options.renderCovers ?? renderCoversHere);
  const previews = await addSamplePackPreviews(db, catalogue.products, existingRows, options.mediaDir);
  // The rows changed after the store began serving: its processes drop their cached catalogue (PGlite's within its time limit).
  if (rasterCovers.length > 0 || previews.length > 0) await db.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, '')`);
  return { rasterCovers, previews };
}

/** The content files' reader and its YAML parser load only when a start reads them: a first start, and the media upkeep once serving. */
async function readSeedCatalogue(): Promise<SeedCatalogue> {
  const files = await import('./catalogue-files');
  return files.readSeedCatalogue();
}

async function hasMilestone(db: Executor): Promise<boolean> {
  const rows = await db.select({ name: storeMilestones.name }).from(storeMilestones).where(eq(storeMilestones.name, CATALOGUE_IMPORTED));
  return rows.length > 0;
}

type Prepared = Awaited<ReturnType<typeof prepareProduct>>;

/** Inserts one product with its releases and files; undefined when a row with its path exists. */
async function insertProduct(tx: Executor, { product, files, previewItems }: Prepared, currency: string): Promise<number | undefined> {
  const [row] = await tx
    .insert(products)
    .values({
      ...productColumns(
        { ...product, media: [...product.media, ...previewItems] },
        { currency, summaryHtml: renderMarkdown(product.summaryMarkdown), imagePath: coverUrl(product.path) },
      ),
      sku: product.sku,
    })
    .onConflictDoNothing({ target: products.path })
    .returning({ id: products.id });
  if (!row) return undefined;
  for (const version of product.versions) {
    const releasedAt = new Date(version.releasedAt);
    const [versionRow] = await tx
      .insert(productVersions)
      .values({
        productId: row.id,
        version: version.version,
        releasedAt,
        publishedAt: releasedAt,
        major: version.major,
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
  return row.id;
}

/** A trial names its paid product by path; the row refers to it by id, known once both exist. */
async function linkTrials(tx: Executor, catalogue: SeedProduct[], ids: Map<string, number>): Promise<void> {
  for (const product of catalogue) {
    const trialId = ids.get(product.path);
    const paidId = product.trialOf ? ids.get(product.trialOf) : undefined;
    if (trialId === undefined || paidId === undefined) continue;
    await tx.update(products).set({ trialOfProductId: paidId }).where(eq(products.id, trialId));
  }
}

type ExistingRow = { path: string; imagePath: string; media: MediaItem[] };

/**
 * Keeps the WebP renditions of existing seed products' covers in step with their SVGs, and
 * moves rows seeded before covers were rasterised (image still the seed's SVG URL) to the
 * WebPs. Only a row whose image is exactly the seed SVG is changed, and only its image and
 * the media items showing that SVG: a maker's own image is left as it is. Returns the paths
 * of the rows moved.
 */
async function useRasterCovers(db: Database, catalogue: SeedProduct[], rows: ExistingRow[], mediaDir: string, renderCovers: CoverRenderer): Promise<string[]> {
  const seedPaths = new Set(catalogue.map((product) => product.path));
  const seedCovered = rows.filter((row) => seedPaths.has(row.path) && (row.imagePath === coverSvgUrl(row.path) || row.imagePath === coverUrl(row.path)));
  const stale: string[] = [];
  for (const row of seedCovered) if (await coverNeedsRasters(mediaDir, row.path)) stale.push(row.path);
  // Checked first, so a restart (nothing stale) starts no renderer at all.
  if (stale.length > 0) await renderCovers(mediaDir, stale);
  const moved: string[] = [];
  for (const row of seedCovered) {
    const svgUrl = coverSvgUrl(row.path);
    // No SVG on disk (removed by hand): nothing was rendered, and the row stays as it is.
    if (row.imagePath !== svgUrl || !existsSync(coverSvgFile(mediaDir, row.path))) continue;
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

async function prepareProduct(product: SeedProduct, options: ImportOptions) {
  await writeIfMissing(coverSvgFile(options.mediaDir, product.path), () =>
    renderCoverSvg({ display: product.displayName, category: product.category, seed: product.sortOrder, ...product.cover }),
  );
  const files = [];
  for (const version of product.versions) {
    for (const file of version.files) {
      files.push({ ...file, version: version.version, ...(await storeFile(product.path, version.version, file, options)) });
    }
  }
  const previewItems = await writeSamplePackPreviews(options.mediaDir, product);
  return { product, files, previewItems };
}

/** The build's folder of generated seed files (`dist/seed-files`, beside main.js). */
export const SEED_FILES_DIR = 'seed-files';

/** Names a generated file by what it is generated from: the same recipe always gives the same file. */
export function seedFileKey(recipe: FileRecipe): string {
  return createHash('sha256').update(JSON.stringify(recipe)).digest('hex');
}

/** Generates a file unless it is already stored (or copies the build's copy of it), and reports what is stored. */
async function storeFile(productPath: string, version: string, file: SeedFile, options: ImportOptions) {
  const storageKey = [productPath, version, file.filename].join('/');
  const bytes = await writeIfMissing(path.join(options.filesDir, ...storageKey.split('/')), async () => {
    const prebuilt = options.prebuiltFilesDir ? await readIfExists(path.join(options.prebuiltFilesDir, seedFileKey(file.recipe))) : undefined;
    return prebuilt ?? buildFile(file.recipe);
  });
  return { storageKey, sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function readIfExists(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeIfMissing(target: string, build: () => Uint8Array | string | Promise<Uint8Array>): Promise<Uint8Array> {
  const existing = await readIfExists(target);
  if (existing) return existing;
  const content = await build();
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  await mkdir(path.dirname(target), { recursive: true });
  // Write then rename, so a crash never leaves a half-written file under the final name.
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  return bytes;
}
