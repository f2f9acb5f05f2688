import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The storefront renders what the catalogue API says and nothing keyed by a product's name: no
 * file of the web app (tests and fixtures included) may name a product or a category of the
 * seed catalogue, which a maker replaces with their own.
 */
const WEB_SRC = path.dirname(fileURLToPath(import.meta.url));
const SEED_DIR = path.resolve(WEB_SRC, '../../../packages/content/products');

function frontMatterValues(text: string, key: string): string[] {
  const values: string[] = [];
  for (const match of text.matchAll(new RegExp(`^(?:- )?${key}: *(.+)$`, 'gm'))) {
    values.push(match[1]!.trim().replace(/^(['"])(.*)\1$/, '$2'));
  }
  return values;
}

function seedNames() {
  const productFiles = readdirSync(SEED_DIR).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const paths: string[] = [];
  const names: string[] = [];
  for (const file of productFiles) {
    const front = readFileSync(path.join(SEED_DIR, file), 'utf8').split(/^---$/m)[1] ?? '';
    paths.push(...frontMatterValues(front, 'path'));
    names.push(...frontMatterValues(front, 'name'), ...frontMatterValues(front, 'sku'));
  }
  const categories = readFileSync(path.join(SEED_DIR, 'categories.yaml'), 'utf8');
  return { paths, names, categorySlugs: frontMatterValues(categories, '\\s*slug'), categoryNames: frontMatterValues(categories, '\\s*name') };
}

function webFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return webFiles(full);
    return /\.(tsx?|css|html|json|md|svg)$/.test(name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What in `text` names the seed: a product path as a whole slug, a product's name or SKU, a category's name or list address. */
export function seedMentions(text: string, seed: ReturnType<typeof seedNames>): string[] {
  const patterns = [
    ...seed.paths.map((productPath) => new RegExp(`(?<![a-z0-9-])${escape(productPath)}(?![a-z0-9-])`)),
    ...seed.names.map((name) => new RegExp(escape(name))),
    ...seed.categoryNames.map((name) => new RegExp(`\\b${escape(name)}\\b`)),
    ...seed.categorySlugs.map((slug) => new RegExp(`products/${escape(slug)}(?![a-z0-9-])`)),
  ];
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [match[0]] : [];
  });
}

describe('the web app names nothing of the seed catalogue', () => {
  const seed = seedNames();

  it('reads the seed catalogue', () => {
    expect(seed.paths.length).toBeGreaterThan(0);
    expect(seed.names.length).toBeGreaterThan(0);
    expect(seed.categoryNames.length).toBeGreaterThan(0);
    expect(seed.categorySlugs.length).toBe(seed.categoryNames.length);
  });

  it('finds a mention when there is one', () => {
    const [productPath] = seed.paths;
    const [categoryName] = seed.categoryNames;
    const [categorySlug] = seed.categorySlugs;
    expect(seedMentions(`to('/products/${productPath!}')`, seed)).toContain(productPath);
    expect(seedMentions(`category: '${categoryName!}'`, seed)).toContain(categoryName);
    expect(seedMentions(`href="/products/${categorySlug!}"`, seed)).toContain(`products/${categorySlug!}`);
    expect(seedMentions(`const x = 'pad-mapper'; // Pad Mapper`, seed)).toEqual([]);
  });

  it('in any source, test or fixture file', () => {
    const offenders = webFiles(WEB_SRC).flatMap((file) => {
      const found = seedMentions(readFileSync(file, 'utf8'), seed);
      return found.length > 0 ? [`${path.relative(WEB_SRC, file)}: ${found.join(', ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });
});
