import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStoreConfigSchema, STATIC_PAGE_PATHS } from '@store/contracts';
import { PRODUCT_CARD_IMAGE_SIZES } from '@store/contracts/catalog/card-image';
import { escapeHtml } from '../src/lib/escape-html';
import { loadWebApp } from '../src/plugins/spa';
import { createTestApp, storeConfigOf, type TestApp } from './helpers';

const INDEX = `<!doctype html><html><head><title>Store</title><meta name="description" content="Default" /><script>window.theme='dark'</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', isEntry: true },
  'src/app/routes/product.tsx': { file: 'assets/product-p1.js', imports: ['_cards.js', 'index.html'] },
  '_cards.js': { file: 'assets/cards-c1.js' },
  'src/app/routes/content-page.tsx': { file: 'assets/content-page-c2.js', imports: ['index.html'] },
};
const APP_MARKUP = '<div id="root"></div>';

/** The app on a real port (once), for requests `inject` would normalise. */
async function listeningPort(t: TestApp) {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

function rawGet(port: number, rawPath: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: rawPath, headers: { accept: 'text/html' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'big-abc123.js'), 'x'.repeat(4000));
    await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync('x'.repeat(4000)));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('pglite', { webApp: loadWebApp(dist) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it.each(STATIC_PAGE_PATHS.map((pagePath) => [pagePath]))('serves index.html for %s, never cached', async (pagePath) => {
    const response = await page(pagePath);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(APP_MARKUP);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves product pages for live products and 404 for others, with the app either way', async () => {
    expect((await page('/products/remidi-4')).statusCode).toBe(200);
    expect((await page('/products/remidi-4-trial')).statusCode).toBe(200);
    const unknown = await page('/products/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(APP_MARKUP);
    expect((await page('/products/remidi-5-preview')).statusCode).toBe(404);
    expect((await page('/somewhere/else')).statusCode).toBe(404);
  });

  it('writes the public store configuration into every page, and nothing secret', async () => {
    const html = (await page('/about')).body;
    const config = publicStoreConfigSchema.parse(storeConfigOf(html));
    expect(config.storeName).toBe('SongWish');
    expect(config.supportEmail).toMatch(/@/);
    const secrets = JSON.parse(await readFile(path.join(t.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    for (const secret of Object.values(secrets)) expect(html).not.toContain(secret);
  });

  it('gives product pages their own title, description and preview image', async () => {
    const html = (await page('/products/remidi-4')).body;
    expect(html).toContain('<title>reMIDI 4 — SongWish</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]*128 pads[^"]*"/);
    expect(html).toContain('<meta property="og:title" content="reMIDI 4 — SongWish" />');
    expect(html).toContain('<meta property="og:image" content="http://localhost:8080/media/covers/remidi-4.800.webp" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:8080/products/remidi-4" />');
    expect(html).not.toContain('<strong>');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/products/remidi-4" crossorigin="use-credentials" />');
    expect(html).toContain('<link rel="preload" as="image" href="/media/covers/remidi-4.800.webp" fetchpriority="high" />');
  });

  it.each([['$&'], ['$`'], ["$'"], ['$$']])('writes a path with %s into the page as it is, expanding nothing', async (pattern) => {
    // Over a real connection: `inject` would percent-encode the backtick, a raw client need not.
    const { statusCode, body: html } = await rawGet(await listeningPort(t), `/nope${pattern}x`);
    expect(statusCode).toBe(404);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:8080/nope${escapeHtml(pattern)}x" />`);
    // The template appears once: nothing of it was copied in by a replacement pattern.
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.split(APP_MARKUP)).toHaveLength(2);
  });

  it('preloads the catalogue on pages that list products, and only the categories on others', async () => {
    expect((await page('/products/deals')).body).toContain('<link rel="preload" as="fetch" href="/api/products/"');
    expect((await page('/')).body).toContain('<link rel="preload" as="fetch" href="/api/products/"');
    const about = (await page('/about')).body;
    expect(about).not.toContain('href="/api/products/"');
    expect(about).toContain('<link rel="preload" as="fetch" href="/api/categories"');
  });

  it("answers a category's list at /products/{slug}, titled and described by the category", async () => {
    const response = await page('/products/sample-packs');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Sample Packs — SongWish</title>');
    expect(response.body).toContain('Royalty-free MIDI and WAV loops');
    expect(response.body).toContain('<link rel="preload" as="fetch" href="/api/categories"');
    // A product path still finds its product; an unknown slug is neither.
    expect((await page('/products/rechannel')).statusCode).toBe(200);
    expect((await page('/products/no-such-category')).statusCode).toBe(404);
  });

  it("preloads a trial's paid product with the trial, since the trial's address shows its page", async () => {
    const body = (await page('/products/remidi-4-trial')).body;
    expect(body).toContain('<link rel="preload" as="fetch" href="/api/products/remidi-4-trial"');
    expect(body).toContain('<link rel="preload" as="fetch" href="/api/products/remidi-4"');
    expect((await page('/products/rechannel')).body).not.toContain('href="/api/products/remidi-4"');
  });

  it("preloads the full list's first card image with the card's own srcset and sizes", async () => {
    const [first] = (await t.app.inject({ url: '/api/products/' })).json<{ image: string; imageVariants: { src: string; width: number }[] }[]>();
    const srcset = first!.imageVariants.map((variant) => `${variant.src} ${variant.width}w`).join(', ');
    expect(first!.imageVariants.length).toBeGreaterThan(1);
    expect((await page('/products')).body).toContain(
      `<link rel="preload" as="image" href="${first!.image}" imagesrcset="${srcset}" imagesizes="${PRODUCT_CARD_IMAGE_SIZES}" fetchpriority="high" />`,
    );
    // Filtered lists start with another product: no guess.
    expect((await page('/products/plugins')).body).not.toContain('as="image"');
  });

  it("preloads the page's own code with the HTML, from the build manifest", async () => {
    const product = (await page('/products/remidi-4?ref=x')).body;
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/product-p1.js" />');
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/cards-c1.js" />');
    expect(product).not.toContain('href="/assets/app-abc123.js" />');
    expect((await page('/about/')).body).toContain('<link rel="modulepreload" crossorigin href="/assets/content-page-c2.js" />');
    // No module in the manifest for the landing page here, and none for an unknown path: nothing preloaded.
    expect((await page('/')).body).not.toContain('rel="modulepreload"');
    expect((await page('/no/such/page')).body).not.toContain('rel="modulepreload"');
  });

  it('keeps query strings working on pages', async () => {
    expect((await page('/checkout?product=rechannel&quantity=2&buyNow=true')).statusCode).toBe(200);
    expect((await page('/products/purchase-success?order=SW-123')).statusCode).toBe(200);
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/index.html')).headers['cache-control']).toBe('no-store');
  });

  it('serves the precompressed copy of an asset to clients that accept it', async () => {
    const response = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('x'.repeat(4000));
    const plain = await t.app.inject('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('x'.repeat(4000));
  });

  it('sends the page security headers on pages and files', async () => {
    for (const url of ['/', '/products/remidi-4', '/assets/app-abc123.js', '/no-such-page']) {
      const response = await t.app.inject(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends the short API security headers on JSON answers, errors included', async () => {
    for (const url of ['/api/products/', '/api/products/nope', '/api/nothing', '/status']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('allows the inline theme script by hash and nothing inline else', async () => {
    const csp = (await page('/')).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('does not send the app to API clients', async () => {
    const response = await t.app.inject({ url: '/about', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CORS_ORIGINS: 'https://shop.example.com' }, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows credentials for configured origins only', async () => {
    const allowed = await t.app.inject({ url: '/api/products/', headers: { origin: 'https://shop.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({ url: '/api/products/', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_MAX: '3' }, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 JSON with a hint once the limit is reached', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/products/remidi-4')).statusCode).toBe(404);
    const limited = await t.app.inject('/api/products/remidi-4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    expect(limited.json().message).toMatch(/try again/);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('never limits the cached catalogue listing', async () => {
    for (let i = 0; i < 10; i++) expect((await t.app.inject('/api/products/')).statusCode).toBe(200);
  });
});
