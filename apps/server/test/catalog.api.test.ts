import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categoryListSchema, productDetailSchema, productListSchema, sandboxSessionResponseSchema, type Product } from '@store/contracts';
import { products } from '../src/db/schema';
import { readSeedCatalogue } from '../src/modules/catalog/seed/catalogue-files';
import { refreshSeedMedia } from '../src/modules/catalog/seed/seed-catalog';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { SANDBOX_API } from './sandbox-fixtures';

describe.each(TEST_ENGINES)('catalogue API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the live products in the storefront shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const products = productListSchema.parse(response.json());
    const paths = products.map((product) => product.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'remidi-4',
        'remidi-4-trial',
        'rechannel',
        'sw-select-sample-loops-vol-1',
        'sw-select-sample-loops-vol-2',
        'sw-jazz-complete-vol-1-11',
      ]),
    );
    expect(paths).not.toContain('remidi-5-preview');
    expect(products.every((product) => product.attributes.live === 'true')).toBe(true);
  });

  it('publishes deals as a percentage text and as a number', async () => {
    const products = productListSchema.parse((await t.app.inject('/api/products/')).json());
    const byPath = new Map(products.map((product) => [product.path, product]));
    expect(byPath.get('rechannel')).toMatchObject({ discountPercent: '20%', price: '$29.00', total: '$23.20', totalValue: 23.2 });
    expect(byPath.get('sw-select-sample-loops-vol-2')).toMatchObject({ discountPercent: 15, priceValue: 24.99, totalValue: 21.24 });
    expect(byPath.get('remidi-4-trial')).toMatchObject({ price: '$0.00', priceValue: 0 });
  });

  it('answers without the trailing slash too', async () => {
    expect((await t.app.inject('/api/products')).statusCode).toBe(200);
  });

  it('sends an ETag, honours If-None-Match, and is cacheable', async () => {
    const first = await t.app.inject('/api/products/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toContain('max-age=');
    const second = await t.app.inject({ url: '/api/products/', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const stale = await t.app.inject({ url: '/api/products/', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the same JSON compressed with gzip or brotli', async () => {
    const plain = (await t.app.inject('/api/products/')).rawPayload;
    const gzip = await t.app.inject({ url: '/api/products/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(plain);
    const br = await t.app.inject({ url: '/api/products/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain);
    expect(br.headers.vary).toContain('Accept-Encoding');
  });

  it('returns one product with its page content and latest version', async () => {
    const response = await t.app.inject('/api/products/remidi-4');
    expect(response.statusCode).toBe(200);
    const product = productDetailSchema.parse(response.json());
    expect(product.display).toBe('reMIDI 4');
    expect(product.longDescription).toContain('128 pads');
    expect(product.descriptionHtml).toMatch(/<h2>[^<]+<\/h2>/);
    expect(product.descriptionHtml).toContain('128 pads');
    expect(product.descriptionHtml).toContain('href="/user-manuals/remidi-4-user-manual"');
    expect(product.latestVersion?.changelogHtml).toMatch(/<ul>/);
    expect(product.latestVersion?.version).toBe('4.2.1');
    expect(product.latestVersion?.files.map((file) => file.os).sort()).toEqual(['mac', 'windows']);
    expect(JSON.stringify(product)).not.toContain('storageKey');
  });

  it('publishes key facts with their links, and links a product and its free trial both ways', async () => {
    const paid = productDetailSchema.parse((await t.app.inject('/api/products/remidi-4')).json());
    expect(paid.keyFacts).toContainEqual({ value: 'Installation guide', href: '/remidi-4-installation' });
    expect(paid).toMatchObject({ trial: { path: 'remidi-4-trial', display: 'reMIDI 4 Trial' }, trialOf: null });
    const trial = productDetailSchema.parse((await t.app.inject('/api/products/remidi-4-trial')).json());
    expect(trial).toMatchObject({ trial: null, trialOf: 'remidi-4' });
    const pack = productDetailSchema.parse((await t.app.inject('/api/products/sw-select-sample-loops-vol-1')).json());
    expect(pack.keyFacts).toContainEqual({ label: 'Download size', value: '111 MB' });
  });

  it('lists the categories in order, cached like the listing', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=60/);
    const { categories } = await readSeedCatalogue();
    expect(categoryListSchema.parse(response.json())).toEqual(categories.map(({ slug, name, intro }) => ({ slug, name, intro })));
  });

  it('answers 404 JSON for an unknown product and for one that is not live', async () => {
    for (const path of ['no-such-product', 'remidi-5-preview']) {
      const response = await t.app.inject(`/api/products/${path}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not Found', message: `No product with the path '${path}'` });
    }
  });

  it('serves the generated cover art: the SVG source and its WebP renditions once rendered', async () => {
    await refreshSeedMedia(t.database.db, { mediaDir: path.join(t.dataDir, 'media') });
    const response = await t.app.inject('/media/covers/remidi-4.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
    for (const width of [400, 600, 800]) {
      const webp = await t.app.inject(`/media/covers/remidi-4.${width}.webp`);
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it("lists each product with its image and the image's renditions", async () => {
    const listing = (await t.app.inject('/api/products/')).json<Product[]>();
    const remidi = listing.find((product) => product.path === 'remidi-4');
    expect(remidi?.image).toBe('/media/covers/remidi-4.800.webp');
    expect(remidi?.imageVariants).toEqual([
      { src: '/media/covers/remidi-4.400.webp', width: 400 },
      { src: '/media/covers/remidi-4.600.webp', width: 600 },
      { src: '/media/covers/remidi-4.800.webp', width: 800 },
    ]);
  });
});

describe.each(TEST_ENGINES)('deal dates on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a product whose deal has ended at its price, in the listing, on its page and at checkout', async () => {
    await t.database.db
      .update(products)
      .set({ dealStartsAt: new Date('2025-01-01T00:00:00Z'), dealEndsAt: new Date('2025-02-01T00:00:00Z') })
      .where(eq(products.path, 'rechannel'));
    await t.database.db
      .update(products)
      .set({ discountPercent: 0, discountAmountMinor: 500, dealEndsAt: new Date('2099-01-01T00:00:00Z') })
      .where(eq(products.path, 'sw-select-sample-loops-vol-2'));

    const listed = productListSchema.parse((await t.app.inject('/api/products/')).json());
    const byPath = new Map(listed.map((product) => [product.path, product]));
    expect(byPath.get('rechannel')).toMatchObject({ total: '$29.00', discountPercent: '0%', discount: {}, deal: null });
    expect(byPath.get('sw-select-sample-loops-vol-2')).toMatchObject({ total: '$19.99', discountPercent: 20, deal: { endsAt: '2099-01-01T00:00:00.000Z' } });
    const page = productDetailSchema.parse((await t.app.inject('/api/products/rechannel')).json());
    expect(page).toMatchObject({ total: '$29.00', deal: null });

    const { session } = sandboxSessionResponseSchema.parse((await t.app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions`, payload: {} })).json());
    await t.app.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/rechannel`, payload: { quantity: 1 } });
    const cart = await t.app.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/sw-select-sample-loops-vol-2`, payload: { quantity: 1 } });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().cart).toMatchObject({ total: '$48.99' });
  });
});
