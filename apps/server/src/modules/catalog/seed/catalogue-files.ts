/**
 * Reads the seed catalogue from its content files (`packages/content/products`): one Markdown
 * file per product with YAML front matter, and `categories.yaml`. Every file is checked against
 * the schemas below, so a broken file stops the first start with its name and the field at fault.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { keyFactSchema, OPERATING_SYSTEMS, productCategorySchema, productPathSchema, upgradeOfferListSchema, upgradeOfferSchema } from '@store/contracts';
import { CatalogueFileError } from './catalogue-file-error';
import { coverMediaItem } from './cover-files';
import type { FileRecipe, SeedCategory, SeedProduct } from './seed-types';

export { CatalogueFileError };

/** The folder shipped with @store/content; resolved through the package, so it holds in the bundle too. */
export function defaultCatalogueDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@store/content/package.json')), 'products');
}

const isoDate = z.iso.datetime({ offset: true, message: 'A date looks like 2026-11-30T00:00:00Z' });
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "A colour looks like '#14213d'");

const recipeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sample-pack'),
    title: z.string().min(1),
    seed: z.number().int(),
    bpm: z.number().positive(),
    key: z.string().min(1),
    loops: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('progression-set'),
    title: z.string().min(1),
    seed: z.number().int(),
    volumes: z.number().int().positive(),
    progressionsPerVolume: z.number().int().positive(),
  }),
  z.object({ kind: z.literal('plugin'), productName: z.string().min(1), version: z.string().min(1), os: z.enum(['mac', 'windows']) }),
]) satisfies z.ZodType<FileRecipe>;

const dealSchema = z
  .object({
    percent: z.number().int().min(1).max(100).optional(),
    amount: z.number().int().positive().optional(),
    /** Publish the percent as text ('20%') instead of a number, as some payment providers' catalogues do. */
    shownAs: z.enum(['number', 'text']).default('number'),
    reason: z.string().trim().min(1).optional(),
    starts: isoDate.optional(),
    ends: isoDate.optional(),
  })
  .refine((deal) => (deal.percent === undefined) !== (deal.amount === undefined), { message: 'A deal has a percent or an amount, not both' })
  .refine((deal) => !deal.starts || !deal.ends || deal.ends > deal.starts, { message: 'A deal ends after it starts', path: ['ends'] });

const productFrontMatterSchema = z.strictObject({
  path: productPathSchema,
  sku: z.string().trim().min(1),
  name: z.string().trim().min(1),
  category: productCategorySchema,
  price: z.number().int().nonnegative(),
  deal: dealSchema.optional(),
  live: z.boolean(),
  downloadable: z.boolean(),
  licenceSeats: z.number().int().positive().nullable(),
  sortOrder: z.number().int(),
  trialOf: productPathSchema.optional(),
  related: z.array(productPathSchema).default([]),
  keyFacts: z.array(keyFactSchema).default([]),
  /** Upgrade prices for owners of older products' licence keys (imported with `npm run licences:import`). */
  upgrades: z.array(z.strictObject(upgradeOfferSchema.shape)).default([]).pipe(upgradeOfferListSchema),
  cover: z.strictObject({
    motif: z.enum(['keys', 'pads', 'wave', 'chords', 'channels']),
    from: colour,
    to: colour,
    label: z.string().max(8).optional(),
  }),
  summary: z.string().trim().min(1),
  versions: z
    .array(
      z.strictObject({
        version: z.string().min(1),
        releasedAt: isoDate,
        major: z.boolean().default(false),
        changelog: z.string().default(''),
        files: z.array(z.strictObject({ os: z.enum(OPERATING_SYSTEMS), format: z.string().min(1), filename: z.string().min(1), recipe: recipeSchema })),
      }),
    )
    .default([]),
});

const categoriesSchema = z
  .array(z.strictObject({ slug: productPathSchema, name: productCategorySchema, intro: z.string().trim().default('') }))
  .min(1, 'The store needs at least one category');

export interface SeedCatalogue {
  categories: SeedCategory[];
  products: SeedProduct[];
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(file)'}: ${issue.message}`).join('; ');
}

/** Splits `---\n<yaml>\n---\n<markdown>` into its front matter and body. */
export function splitFrontMatter(text: string): { frontMatter: string; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return match ? { frontMatter: match[1] ?? '', body: (match[2] ?? '').trim() } : undefined;
}

function parseYamlOf(file: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new CatalogueFileError(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
}

export function parseProductFile(file: string, text: string): SeedProduct {
  const parts = splitFrontMatter(text);
  if (!parts) throw new CatalogueFileError(file, "it must start with front matter between '---' lines");
  const parsed = productFrontMatterSchema.safeParse(parseYamlOf(file, parts.frontMatter));
  if (!parsed.success) throw new CatalogueFileError(file, describeIssues(parsed.error));
  const front = parsed.data;
  if (path.basename(file, '.md') !== front.path) throw new CatalogueFileError(file, `path: '${front.path}' differs from the file's name`);
  // An offer names the older product its licence keys were sold for, which need not be in this catalogue; never this product.
  if (front.upgrades.some((offer) => offer.from === front.path)) throw new CatalogueFileError(file, 'upgrades: a product is no upgrade of itself');
  return {
    path: front.path,
    sku: front.sku,
    displayName: front.name,
    category: front.category,
    priceMinor: front.price,
    discountPercent: front.deal?.percent ?? 0,
    discountAmountMinor: front.deal?.amount ?? null,
    discountPercentStyle: front.deal?.shownAs ?? 'number',
    discountReason: front.deal?.reason ?? null,
    dealStartsAt: front.deal?.starts ?? null,
    dealEndsAt: front.deal?.ends ?? null,
    live: front.live,
    downloadable: front.downloadable,
    licenceSeats: front.licenceSeats,
    summaryMarkdown: front.summary,
    descriptionMarkdown: parts.body,
    keyFacts: front.keyFacts,
    upgradeOffers: front.upgrades,
    trialOf: front.trialOf ?? null,
    cover: front.cover,
    media: [coverMediaItem(front.path, front.name)],
    relatedPaths: front.related,
    sortOrder: front.sortOrder,
    versions: front.versions.map((version) => ({
      version: version.version,
      releasedAt: version.releasedAt,
      major: version.major,
      changelogMarkdown: version.changelog.trim(),
      files: version.files,
    })),
  };
}

export function parseCategoriesFile(file: string, text: string): SeedCategory[] {
  const parsed = categoriesSchema.safeParse(parseYamlOf(file, text));
  if (!parsed.success) throw new CatalogueFileError(file, describeIssues(parsed.error));
  return parsed.data.map((category, index) => ({ ...category, sortOrder: index + 1 }));
}

/** Cross-file rules: known categories, unique paths and SKUs, trials and related products that exist. */
function checkCatalogue({ categories, products }: SeedCatalogue): void {
  const categoryNames = new Set(categories.map((category) => category.name));
  const productPaths = new Set<string>();
  const skus = new Set<string>();
  for (const product of products) {
    const file = `${product.path}.md`;
    if (!categoryNames.has(product.category)) throw new CatalogueFileError(file, `category: '${product.category}' is not in categories.yaml`);
    if (skus.has(product.sku)) throw new CatalogueFileError(file, `sku: '${product.sku}' is used by another product`);
    productPaths.add(product.path);
    skus.add(product.sku);
  }
  for (const product of products) {
    const file = `${product.path}.md`;
    if (product.trialOf && (!productPaths.has(product.trialOf) || product.trialOf === product.path)) {
      throw new CatalogueFileError(file, `trialOf: '${product.trialOf}' is not another product of the catalogue`);
    }
    const unknown = product.relatedPaths.find((related) => !productPaths.has(related));
    if (unknown) throw new CatalogueFileError(file, `related: '${unknown}' is not a product of the catalogue`);
  }
}

/** Reads and checks every file of the seed catalogue folder; products come in `sortOrder`. */
export async function readSeedCatalogue(dir: string = defaultCatalogueDir()): Promise<SeedCatalogue> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md') && name !== 'README.md').sort();
  const products = await Promise.all(names.map(async (name) => parseProductFile(name, await readFile(path.join(dir, name), 'utf8'))));
  const categories = parseCategoriesFile('categories.yaml', await readFile(path.join(dir, 'categories.yaml'), 'utf8'));
  const catalogue = { categories, products: products.sort((a, b) => a.sortOrder - b.sortOrder) };
  checkCatalogue(catalogue);
  return catalogue;
}
