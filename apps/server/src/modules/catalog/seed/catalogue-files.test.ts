import { mkdtemp, readFile, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogueFileError, defaultCatalogueDir, parseCategoriesFile, parseProductFile, readSeedCatalogue } from './catalogue-files';

const minimal = (front: string, body = 'A pad mapper for your desk.') => `---
path: pad-mapper
sku: PM-1
name: Pad Mapper
category: Tools
price: 1500
live: true
downloadable: false
licenceSeats: null
sortOrder: 1
cover: { motif: pads, from: '#101010', to: '#fafafa' }
summary: Maps **pads**.
${front}---
${body}
`;

describe('a product content file', () => {
  it('reads front matter and body into a product', () => {
    const product = parseProductFile(
      'pad-mapper.md',
      minimal(`deal: { amount: 300, reason: Spring sale, starts: '2026-03-01T00:00:00Z', ends: '2026-04-01T00:00:00Z' }
keyFacts:
  - { label: Format, value: VST3, href: /support }
`),
    );
    expect(product).toMatchObject({
      path: 'pad-mapper',
      displayName: 'Pad Mapper',
      priceMinor: 1500,
      discountPercent: 0,
      discountAmountMinor: 300,
      discountReason: 'Spring sale',
      dealStartsAt: '2026-03-01T00:00:00Z',
      dealEndsAt: '2026-04-01T00:00:00Z',
      summaryMarkdown: 'Maps **pads**.',
      descriptionMarkdown: 'A pad mapper for your desk.',
      keyFacts: [{ label: 'Format', value: 'VST3', href: '/support' }],
      trialOf: null,
      versions: [],
    });
  });

  it('names the file and the field of a mistake', () => {
    expect(() => parseProductFile('pad-mapper.md', minimal('deal: { percent: 10, amount: 300 }\n'))).toThrow(
      'Seed catalogue file pad-mapper.md: deal: A deal has a percent or an amount, not both',
    );
    expect(() => parseProductFile('pad-mapper.md', minimal('keyFacts:\n  - { value: Manual, href: "javascript:alert(1)" }\n'))).toThrow(
      /pad-mapper\.md: keyFacts\.0\.href: A link is a path on this store/,
    );
    expect(() => parseProductFile('pad-mapper.md', minimal('colour: red\n'))).toThrow(/pad-mapper\.md: .*colour/);
    expect(() => parseProductFile('other-name.md', minimal(''))).toThrow("Seed catalogue file other-name.md: path: 'pad-mapper' differs from the file's name");
    expect(() => parseProductFile('pad-mapper.md', 'no front matter')).toThrow(CatalogueFileError);
    expect(() => parseProductFile('pad-mapper.md', '---\nprice: [1\n---\n')).toThrow(/pad-mapper\.md: not valid YAML/);
  });

  it('reads upgrade offers, checked like the back office checks them', () => {
    const upgrades =
      'upgrades:\n  - { from: pad-mapper-1, fromName: Pad Mapper 1, percentOff: 100 }\n  - { from: pad-mapper-0, fromName: Pad Mapper 0, percentOff: 85 }\n';
    expect(parseProductFile('pad-mapper.md', minimal(upgrades)).upgradeOffers).toEqual([
      { from: 'pad-mapper-1', fromName: 'Pad Mapper 1', percentOff: 100 },
      { from: 'pad-mapper-0', fromName: 'Pad Mapper 0', percentOff: 85 },
    ]);
    expect(parseProductFile('pad-mapper.md', minimal('')).upgradeOffers).toEqual([]);
    expect(() => parseProductFile('pad-mapper.md', minimal('upgrades:\n  - { from: pad-mapper-1, fromName: Old, percentOff: 0 }\n'))).toThrow(
      /pad-mapper\.md: upgrades\.0\.percentOff/,
    );
    expect(() => parseProductFile('pad-mapper.md', minimal('upgrades:\n  - { from: Pad Mapper 1, fromName: Old, percentOff: 50 }\n'))).toThrow(
      /pad-mapper\.md: upgrades\.0\.from/,
    );
    expect(() => parseProductFile('pad-mapper.md', minimal('upgrades:\n  - { from: pad-mapper-1, fromName: Old, percentOff: 50, price: 1 }\n'))).toThrow(
      /pad-mapper\.md: upgrades\.0/,
    );
    expect(() =>
      parseProductFile(
        'pad-mapper.md',
        minimal('upgrades:\n  - { from: pad-mapper-1, fromName: A, percentOff: 50 }\n  - { from: pad-mapper-1, fromName: B, percentOff: 60 }\n'),
      ),
    ).toThrow('pad-mapper.md: upgrades.1.from: Each old product has one upgrade offer');
    expect(() => parseProductFile('pad-mapper.md', minimal('upgrades:\n  - { from: pad-mapper, fromName: Me, percentOff: 50 }\n'))).toThrow(
      'pad-mapper.md: upgrades: a product is no upgrade of itself',
    );
  });

  it('reads categories in file order', () => {
    expect(parseCategoriesFile('categories.yaml', '- { slug: tools, name: Tools, intro: Handy. }\n- { slug: loops, name: Loops }\n')).toEqual([
      { slug: 'tools', name: 'Tools', intro: 'Handy.', sortOrder: 1 },
      { slug: 'loops', name: 'Loops', intro: '', sortOrder: 2 },
    ]);
    expect(() => parseCategoriesFile('categories.yaml', '- { slug: Bad Slug, name: Tools }\n')).toThrow(/categories\.yaml: 0\.slug/);
  });
});

describe('the seed catalogue folder', () => {
  it('holds a valid catalogue whose trials and related products exist', async () => {
    const catalogue = await readSeedCatalogue();
    expect(catalogue.products.length).toBeGreaterThan(0);
    expect(catalogue.products.find((product) => product.path === 'remidi-4')?.upgradeOffers).toEqual([
      { from: 'remidi-3', fromName: 'reMIDI 3', percentOff: 100 },
      { from: 'remidi-2', fromName: 'reMIDI 2', percentOff: 85 },
    ]);
    expect(catalogue.products.map((product) => product.sortOrder)).toEqual([...catalogue.products.map((product) => product.sortOrder)].sort((a, b) => a - b));
  });

  it('refuses a product whose category the categories file lacks', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'catalogue-'));
    try {
      await cp(defaultCatalogueDir(), dir, { recursive: true });
      await writeFile(
        path.join(dir, 'categories.yaml'),
        (await readFile(path.join(dir, 'categories.yaml'), 'utf8')).replace(/\n- slug: sample-packs[\s\S]*$/, '\n'),
      );
      await expect(readSeedCatalogue(dir)).rejects.toThrow(/category: 'Sample Packs' is not in categories\.yaml/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
