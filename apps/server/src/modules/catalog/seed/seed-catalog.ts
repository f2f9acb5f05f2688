import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../db/client';
import { productFiles, products, productVersions } from '../../../db/schema';
import { buildFile, renderCoverSvg } from './assets';
import { seedProducts } from './catalog-seed';
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
 * exists (by path) is never touched, so a maker's edits survive every restart.
 */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<{ inserted: string[] }> {
  const catalogue = options.catalogue ?? seedProducts;
  const existing = new Set((await db.select({ path: products.path }).from(products)).map((row) => row.path));
  const missing = catalogue.filter((product) => !existing.has(product.path));
  if (missing.length === 0) return { inserted: [] };

  // Files are written before the transaction: a crash leaves spare files, never rows without files.
  const prepared = await Promise.all(missing.map((product) => prepareProduct(product, options)));

  const inserted: string[] = [];
  await db.transaction(async (tx) => {
    for (const { product, files } of prepared) {
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
          media: product.media,
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
  return { inserted };
}

export function coverUrl(productPath: string) {
  return `/media/covers/${productPath}.svg`;
}

async function prepareProduct(product: SeedProduct, options: SeedOptions) {
  await writeIfMissing(
    path.join(options.mediaDir, 'covers', `${product.path}.svg`),
    () => renderCoverSvg({ display: product.displayName, category: product.category, seed: product.sortOrder, ...product.cover }),
  );
  const files = [];
  for (const version of product.versions) {
    for (const file of version.files) {
      files.push({ ...file, version: version.version, ...(await storeFile(product.path, version.version, file, options.filesDir)) });
    }
  }
  return { product, files };
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
