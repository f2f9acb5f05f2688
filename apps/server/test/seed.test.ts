import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { coupons, productCategories, productFiles, products, productVersions, storeMilestones } from '../src/db/schema';
import { seedCoupons } from '../src/modules/coupons/seed/seed-coupons';
import { readSeedCatalogue } from '../src/modules/catalog/seed/catalogue-files';
import { importCatalogue, refreshSeedMedia, renderCoversHere, seedFileKey, type CoverRenderer } from '../src/modules/catalog/seed/seed-catalog';
import { createTestDatabase, SHARED_SEED_DIR, TEST_ENGINES, type TestDatabase } from './helpers';

describe.each(TEST_ENGINES)('seeding the catalogue on %s', (engine) => {
  let database: TestDatabase;
  let mediaDir: string;
  const filesDir = path.join(SHARED_SEED_DIR, 'files');
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'seed-media-'));
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('imports the content files once, with their categories and the promo codes, and records the milestone', async () => {
    const { products: seedProducts, categories } = await readSeedCatalogue();
    const first = await importCatalogue(database.db, { filesDir, mediaDir, currency: 'USD', alsoImport: (tx) => seedCoupons(tx, { currency: 'USD' }) });
    expect(first.imported).toBe(true);
    expect(first.inserted.sort()).toEqual(seedProducts.map((product) => product.path).sort());
    expect(await database.db.select({ name: storeMilestones.name }).from(storeMilestones)).toEqual([{ name: 'catalogue-imported' }]);
    const categoryRows = await database.db.select().from(productCategories).orderBy(productCategories.sortOrder);
    expect(categoryRows.map(({ slug, name, intro }) => ({ slug, name, intro }))).toEqual(categories.map(({ slug, name, intro }) => ({ slug, name, intro })));
    expect(await database.db.$count(coupons)).toBeGreaterThan(0);

    const second = await importCatalogue(database.db, { filesDir, mediaDir, currency: 'USD' });
    expect(second).toMatchObject({ imported: false, inserted: [] });
    expect(await database.db.$count(products)).toBe(seedProducts.length);
  });

  it('publishes every release, renders the summary, and links a trial to its paid product', async () => {
    const [trial] = await database.db.select().from(products).where(eq(products.path, 'remidi-4-trial'));
    const [paid] = await database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    expect(trial?.trialOfProductId).toBe(paid?.id);
    expect(paid?.summaryHtml).toMatch(/^<p><strong>reMIDI 4<\/strong> is our MIDI pad-mapping plugin/);
    expect(paid?.summaryMarkdown).toMatch(/^\*\*reMIDI 4\*\*/);
    expect(paid?.keyFacts).toContainEqual({ value: 'Installation guide', href: '/remidi-4-installation' });
    const versions = await database.db.select().from(productVersions).where(eq(productVersions.productId, paid!.id));
    expect(versions.map((version) => version.publishedAt?.toISOString())).toEqual(versions.map((version) => version.releasedAt.toISOString()));
  });

  it('never re-adds a product the maker deleted or changes one the maker edited', async () => {
    const [gone] = await database.db.select().from(products).where(eq(products.path, 'remidi-5-preview'));
    await database.db.delete(products).where(eq(products.id, gone!.id));
    await database.db.update(products).set({ priceMinor: 5900, live: false }).where(eq(products.path, 'remidi-4'));
    await importCatalogue(database.db, { filesDir, mediaDir, currency: 'USD' });
    const [row] = await database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    expect(row).toMatchObject({ priceMinor: 5900, live: false });
    expect(await database.db.select().from(products).where(eq(products.path, 'remidi-5-preview'))).toEqual([]);
    await database.db.update(products).set({ live: true }).where(eq(products.path, 'remidi-4'));
  });

  it('publishes every seed cover as WebP renditions of its SVG, rendered once the store serves', async () => {
    await expect(readFile(path.join(mediaDir, 'covers', 'remidi-4.800.webp'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await refreshSeedMedia(database.db, { mediaDir })).toEqual({ rasterCovers: [], previews: [] });
    const rows = await database.db.select().from(products);
    for (const row of rows) {
      expect(row.imagePath).toBe(`/media/covers/${row.path}.800.webp`);
      expect(row.media[0]).toMatchObject({ kind: 'image', src: row.imagePath, width: 800, height: 800 });
      for (const width of [400, 600, 800]) {
        const webp = await readFile(path.join(mediaDir, 'covers', `${row.path}.${width}.webp`));
        expect(webp.subarray(8, 12).toString()).toBe('WEBP');
      }
      await expect(readFile(path.join(mediaDir, 'covers', `${row.path}.svg`), 'utf8')).resolves.toMatch(/^<svg/);
    }
  });

  it("moves a row seeded with the SVG cover to the WebPs, and leaves a maker's own image alone", async () => {
    const legacy = (productPath: string) => ({
      imagePath: `/media/covers/${productPath}.svg`,
      media: [{ kind: 'image' as const, src: `/media/covers/${productPath}.svg`, title: 'Cover', width: 800, height: 800 }],
    });
    await database.db.update(products).set(legacy('rechannel')).where(eq(products.path, 'rechannel'));
    await database.db.update(products).set({ imagePath: '/media/maker-art.png' }).where(eq(products.path, 'remidi-4-trial'));

    expect(await importCatalogue(database.db, { filesDir, mediaDir, currency: 'USD' })).toEqual({ imported: false, inserted: [] });
    expect(await refreshSeedMedia(database.db, { mediaDir })).toEqual({ rasterCovers: ['rechannel'], previews: [] });
    const [moved] = await database.db.select().from(products).where(eq(products.path, 'rechannel'));
    expect(moved?.imagePath).toBe('/media/covers/rechannel.800.webp');
    expect(moved?.media).toEqual([
      {
        kind: 'image',
        src: '/media/covers/rechannel.800.webp',
        title: 'Cover',
        width: 800,
        height: 800,
        variants: [
          { src: '/media/covers/rechannel.400.webp', width: 400 },
          { src: '/media/covers/rechannel.600.webp', width: 600 },
          { src: '/media/covers/rechannel.800.webp', width: 800 },
        ],
      },
    ]);
    const [maker] = await database.db.select().from(products).where(eq(products.path, 'remidi-4-trial'));
    expect(maker?.imagePath).toBe('/media/maker-art.png');
    expect((await refreshSeedMedia(database.db, { mediaDir })).rasterCovers).toEqual([]);
  });

  it('publishes up to four MIDI previews of each sample pack, stored in the media folder', async () => {
    const [pack] = await database.db.select().from(products).where(eq(products.path, 'sw-select-sample-loops-vol-1'));
    const previews = pack!.media.filter((item) => item.kind === 'midi');
    expect(previews).toHaveLength(4);
    for (const preview of previews) {
      expect(preview.src).toMatch(/^\/media\/previews\/sw-select-sample-loops-vol-1\/\d\d%20.+\.mid$/);
      expect(preview.title).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      const bytes = await readFile(path.join(mediaDir, 'previews', 'sw-select-sample-loops-vol-1', decodeURIComponent(preview.src.split('/').at(-1)!)));
      expect(bytes.subarray(0, 4).toString()).toBe('MThd');
    }
    const [plugin] = await database.db.select().from(products).where(eq(products.path, 'remidi-4'));
    expect(plugin!.media.some((item) => item.kind === 'midi')).toBe(false);
  });

  it('adds previews to a pack seeded before them, once', async () => {
    const [pack] = await database.db.select().from(products).where(eq(products.path, 'sw-select-sample-loops-vol-2'));
    const withoutPreviews = pack!.media.filter((item) => item.kind !== 'midi');
    await database.db.update(products).set({ media: withoutPreviews }).where(eq(products.path, pack!.path));
    await rm(path.join(mediaDir, 'previews', pack!.path), { recursive: true });

    expect((await refreshSeedMedia(database.db, { mediaDir })).previews).toEqual([pack!.path]);
    const [after] = await database.db.select().from(products).where(eq(products.path, pack!.path));
    expect(after!.media).toEqual(pack!.media);

    // A maker who unlists the previews later keeps them unlisted: the folder shows they were written.
    await database.db.update(products).set({ media: withoutPreviews }).where(eq(products.path, pack!.path));
    expect((await refreshSeedMedia(database.db, { mediaDir })).previews).toEqual([]);
  });

  it('records the true size and sha256 of every stored file', async () => {
    const files = await database.db.select().from(productFiles);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = await readFile(path.join(filesDir, ...file.storageKey.split('/')));
      expect(bytes.byteLength).toBe(file.sizeBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
  });

  it('stores sample packs with 16 MIDI and 16 WAV files, and plugins with their version inside', async () => {
    const rows = await database.db
      .select({ path: products.path, version: productVersions.version, key: productFiles.storageKey })
      .from(productFiles)
      .innerJoin(productVersions, eq(productFiles.versionId, productVersions.id))
      .innerJoin(products, eq(productVersions.productId, products.id));
    const pack = rows.find((row) => row.path === 'sw-select-sample-loops-vol-1');
    const entries = Object.keys(unzipSync(await readFile(path.join(filesDir, ...pack!.key.split('/')))));
    expect(entries.filter((name) => name.endsWith('.mid'))).toHaveLength(16);
    expect(entries.filter((name) => name.endsWith('.wav'))).toHaveLength(16);

    const plugin = rows.find((row) => row.path === 'remidi-4' && row.version === '4.2.1');
    const archive = unzipSync(await readFile(path.join(filesDir, ...plugin!.key.split('/'))));
    const versionFile = Object.entries(archive).find(([name]) => name.endsWith('VERSION.txt'));
    expect(new TextDecoder().decode(versionFile![1]).split('\n')[0]?.trim()).toBe('4.2.1');
  });
});

describe('a second start on the same data directory', () => {
  it('keeps every row', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-restart-'));
    const options = { filesDir: path.join(SHARED_SEED_DIR, 'files'), mediaDir: path.join(dataDir, 'media'), currency: 'USD' };
    const first = await openDatabase({ engine: 'pglite', dataDir });
    await importCatalogue(first.db, options);
    await first.db.update(products).set({ displayName: 'Renamed by the maker' }).where(eq(products.path, 'rechannel'));
    const before = await first.db.select().from(products).orderBy(products.id);
    await first.close();

    const second = await openDatabase({ engine: 'pglite', dataDir });
    expect((await importCatalogue(second.db, options)).inserted).toEqual([]);
    const after = await second.db.select().from(products).orderBy(products.id);
    expect(after).toEqual(before);
    await second.close();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe.each(TEST_ENGINES)('a first start that fails on %s', (engine) => {
  it('leaves nothing half-written, so the next start imports everything', async () => {
    const database = await createTestDatabase(engine);
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'seed-media-'));
    const options = { filesDir: path.join(SHARED_SEED_DIR, 'files'), mediaDir, currency: 'USD' };
    try {
      const failing = importCatalogue(database.db, {
        ...options,
        alsoImport: async () => {
          throw new Error('the promo codes could not be written');
        },
      });
      await expect(failing).rejects.toThrow('the promo codes could not be written');
      expect(await database.db.$count(products)).toBe(0);
      expect(await database.db.$count(productCategories)).toBe(0);
      expect(await database.db.$count(storeMilestones)).toBe(0);

      expect((await importCatalogue(database.db, options)).imported).toBe(true);
      expect(await database.db.$count(products)).toBeGreaterThan(0);
    } finally {
      await database.destroy();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_ENGINES)('a first start with the files the build generated, on %s', (engine) => {
  it('copies a prebuilt file instead of generating it, and generates a file that has none', async () => {
    const database = await createTestDatabase(engine);
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'seed-prebuilt-'));
    const seed = await readSeedCatalogue();
    const catalogue = { ...seed, products: seed.products.filter((product) => product.path === 'rechannel') };
    const [copied, generated] = catalogue.products[0]!.versions.at(-1)!.files;
    const prebuiltFilesDir = path.join(scratch, 'prebuilt');
    await mkdir(prebuiltFilesDir);
    // Bytes no recipe generates: finding them stored proves the copy.
    const prebuiltBytes = Buffer.from('the build generated this file');
    await writeFile(path.join(prebuiltFilesDir, seedFileKey(copied!.recipe)), prebuiltBytes);
    try {
      const options = { filesDir: path.join(scratch, 'files'), mediaDir: path.join(scratch, 'media'), currency: 'USD', catalogue, prebuiltFilesDir };
      expect((await importCatalogue(database.db, options)).inserted).toEqual(['rechannel']);
      const rows = await database.db.select().from(productFiles);
      const row = (filename: string) => rows.find((candidate) => candidate.filename === filename && candidate.storageKey.includes('1.0.2'));
      expect(await readFile(path.join(options.filesDir, ...row(copied!.filename)!.storageKey.split('/')))).toEqual(prebuiltBytes);
      expect(row(copied!.filename)).toMatchObject({ sizeBytes: prebuiltBytes.byteLength, sha256: createHash('sha256').update(prebuiltBytes).digest('hex') });
      const generatedBytes = await readFile(path.join(options.filesDir, ...row(generated!.filename)!.storageKey.split('/')));
      expect(generatedBytes.subarray(0, 2).toString()).toBe('PK');
      expect(row(generated!.filename)?.sha256).toBe(createHash('sha256').update(generatedBytes).digest('hex'));
    } finally {
      await database.destroy();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

describe('rendering the seed covers after a start', () => {
  it('hands the renderer only the covers with a stale rendition, and starts none when every one is up to date', async () => {
    const database = await createTestDatabase('pglite');
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'seed-covers-'));
    const seed = await readSeedCatalogue();
    const catalogue = { ...seed, products: seed.products.filter((product) => product.path === 'rechannel') };
    const mediaDir = path.join(scratch, 'media');
    const asked: string[][] = [];
    const renderCovers: CoverRenderer = async (dir, productPaths) => {
      asked.push(productPaths);
      await renderCoversHere(dir, productPaths);
    };
    try {
      await importCatalogue(database.db, { filesDir: path.join(scratch, 'files'), mediaDir, currency: 'USD', catalogue });
      await refreshSeedMedia(database.db, { mediaDir, catalogue, renderCovers });
      expect(asked).toEqual([['rechannel']]);
      expect((await readFile(path.join(mediaDir, 'covers', 'rechannel.800.webp'))).subarray(8, 12).toString()).toBe('WEBP');
      await refreshSeedMedia(database.db, { mediaDir, catalogue, renderCovers });
      expect(asked).toHaveLength(1);
    } finally {
      await database.destroy();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
