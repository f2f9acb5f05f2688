import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CODE_TEMPLATE_ID, PAGEVIEW_COUNTED_ATTRIBUTE, type ServerRenderer } from '@store/contracts/server-rendering';
import { loadWebApp } from '../src/plugins/spa';
import { RENDER_TIMEOUT_MS } from '../src/plugins/server-rendering';
import { createTestApp, storeConfigOf, type TestApp } from './helpers';
import { adminTestApp, productForm } from './admin-fixtures';

const INDEX = `<!doctype html><html><head><title>Store</title><meta name="description" content="Default" /><script>window.theme='dark'</script><script type="module" crossorigin src="/assets/app-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-def456.js"></head><body><div id="root"></div></body></html>`;
const SHELL = '<div id="root"></div>';
/** The web app's server entry, loaded from source (Vitest compiles it as the build would): no build needed. */
const WEB_SERVER_ENTRY = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));

async function webDist() {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-ssr-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  return dist;
}

/** The page's HTML inside #root, when the server rendered it. */
function renderedRoot(html: string): string | undefined {
  return /<div id="root" data-server-rendered>([\s\S]*)<\/div>\s*<script type="application\/json" id="query-state">/.exec(html)?.[1];
}

/** A renderer standing in for a broken or hung web app bundle; counts its calls. */
function fakeRenderer(render: ServerRenderer['renderPage']): ServerRenderer & { calls: number } {
  const fake = { calls: 0, renderPage: (input: Parameters<ServerRenderer['renderPage']>[0]) => (fake.calls++, render(input)) };
  return fake;
}

/**
 * The first render compiles the web app's pages from source, which on a busy machine takes longer
 * than the production limit: tests other than the slow-render one allow this much.
 */
const PATIENT_RENDER_MS = 60_000;

async function appWith(renderer: ServerRenderer, renderTimeoutMs = PATIENT_RENDER_MS): Promise<TestApp> {
  const webApp = { ...loadWebApp(await webDist()), renderer, renderTimeoutMs };
  return createTestApp('pglite', { webApp });
}

/** The real renderer, counting its calls. */
async function countingRenderer() {
  const real = (await import(WEB_SERVER_ENTRY)) as ServerRenderer;
  return fakeRenderer((input) => real.renderPage(input));
}

const page = (t: TestApp, url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

describe('server-rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith((await import(WEB_SERVER_ENTRY)) as ServerRenderer);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("puts a product page's name, price and h1 inside #root, with the answers it used for the browser", async () => {
    const product = (await t.app.inject({ url: '/api/products/remidi-4' })).json<{ display: string; price: string }>();
    const response = await page(t, '/products/remidi-4');
    expect(response.statusCode).toBe(200);
    const root = renderedRoot(response.body);
    expect(root).toBeDefined();
    expect(root).toMatch(new RegExp(`<h1[^>]*>[^<]*${product.display.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(root).toContain(product.price);
    // The page's own title replaces the template's, in the head.
    expect(response.body).not.toContain('<title>Store</title>');
    expect(response.body.indexOf(`<title>${product.display}`)).toBeLessThan(response.body.indexOf('</head>'));
    const state = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(state).queries.map((query: { queryKey: unknown }) => query.queryKey)).toContainEqual(['products', 'detail', 'remidi-4']);
  });

  it('renders the home, list, content and thank-you pages, with no inline style the CSP would refuse', async () => {
    for (const url of ['/', '/products', '/products/plugins', '/products/remidi-4', '/about', '/products/purchase-success?order=SW-1']) {
      const response = await page(t, url);
      expect(response.statusCode, url).toBe(200);
      expect(renderedRoot(response.body), url).toContain('<h1');
      expect(renderedRoot(response.body), url).not.toMatch(/\sstyle="/);
    }
  });

  it("preloads the first cover once (the server's preload, not React's too); only the first card's image is high priority", async () => {
    for (const url of ['/products', '/products/remidi-4']) {
      const response = await page(t, url);
      const preloads = response.body.match(/<link [^>]*as="image"[^>]*>/g) ?? [];
      expect(preloads, url).toHaveLength(1);
      expect(preloads[0], url).toContain('fetchpriority="high"');
    }
    const cards = renderedRoot((await page(t, '/products')).body) ?? '';
    const priorities = [...cards.matchAll(/<img [^>]*>/g)].map(
      ([img]) => /fetchPriority="(\w+)"/i.exec(img)?.[1] ?? (/loading="lazy"/.test(img) ? 'lazy' : 'auto'),
    );
    expect(priorities.slice(0, 4)).toEqual(['high', 'low', 'low', 'lazy']);
  });

  it('sends the signed-in pages, the back office and unknown products unrendered, with their usual status', async () => {
    for (const [url, status] of [
      ['/cart', 200],
      ['/account', 200],
      ['/admin', 200],
      ['/products/no-such-thing', 404],
    ] as const) {
      const response = await page(t, url);
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toContain(SHELL);
    }
  });
});

describe('rendered pages are kept and sent compressed', () => {
  it('renders a page once for every visitor, and sends it in the encoding the browser accepts', async () => {
    const renderer = await countingRenderer();
    const t = await appWith(renderer);
    try {
      const plain = await page(t, '/products/remidi-4');
      const br = await t.app.inject({ url: '/products/remidi-4', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      const gzip = await t.app.inject({ url: '/products/remidi-4', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      expect(renderer.calls).toBe(1);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(renderedRoot(plain.body)).toContain('<h1');
    } finally {
      await t.close();
    }
  });

  it('renders the page anew once the catalogue changes, and not before', async () => {
    const webApp = { ...loadWebApp(await webDist()), renderer: await countingRenderer(), renderTimeoutMs: PATIENT_RENDER_MS };
    const { t, admin } = await adminTestApp('pglite', { webApp });
    try {
      const created = await admin('POST', '/api/admin/products', productForm());
      expect(created.statusCode, created.body).toBe(201);
      expect(renderedRoot((await page(t, '/products/tape-echo')).body)).toContain('Tape Echo');
      await page(t, '/products/tape-echo');
      expect(webApp.renderer.calls).toBe(1);
      const saved = await admin('PUT', `/api/admin/products/${created.json().id}`, {
        ...productForm({ displayName: 'Tape Echo II' }),
        version: created.json().version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(renderedRoot((await page(t, '/products/tape-echo')).body)).toContain('Tape Echo II');
      expect(webApp.renderer.calls).toBe(2);
    } finally {
      await t.close();
    }
  });

  it("leaves the page's API answers unpreloaded (they are in the page) and moves its code into the loader's template", async () => {
    const t = await appWith(await countingRenderer());
    try {
      const html = (await page(t, '/products/remidi-4')).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toContain('as="fetch"');
      expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
      const template = new RegExp(`<template id="${PAGE_CODE_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '';
      expect(template).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
      expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-def456.js">');
      // An unrendered page keeps its code in <head>, to run as soon as it arrives.
      const cart = (await page(t, '/cart')).body;
      expect(cart.slice(0, cart.indexOf('</head>'))).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
      expect(cart).not.toContain(PAGE_CODE_TEMPLATE_ID);
    } finally {
      await t.close();
    }
  });

  it("renders a busy page from its answers, not from a 429: the server's own requests are not rate-limited, a client's still are", async () => {
    const webApp = { ...loadWebApp(await webDist()), renderer: await countingRenderer(), renderTimeoutMs: PATIENT_RENDER_MS };
    const t = await createTestApp('pglite', { webApp, env: { RATE_LIMIT_MAX: '3' } });
    try {
      for (let visitor = 1; visitor <= 8; visitor++) {
        const response = await t.app.inject({ url: '/products/remidi-4', headers: { accept: 'text/html' }, remoteAddress: `198.51.100.${visitor}` });
        expect(response.statusCode).toBe(200);
        expect(renderedRoot(response.body), `visitor ${visitor}`).toMatch(/<h1[^>]*>reMIDI 4</);
      }
      expect(webApp.renderer.calls).toBe(1);
      const asked = (headers: Record<string, string> = {}) =>
        t.app.inject({ url: '/api/products/remidi-4', remoteAddress: '198.51.100.99', headers }).then((response) => response.statusCode);
      const statuses = [await asked(), await asked(), await asked(), await asked({ 'x-store-in-process': 'a guess' })];
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it("renders a page once whatever its query (a campaign's tags, a made-up one), from its path alone", async () => {
    const renderer = await countingRenderer();
    const urls: string[] = [];
    const t = await appWith(fakeRenderer((input) => (urls.push(input.url), renderer.renderPage(input))));
    try {
      for (const url of ['/products/remidi-4?utm_source=newsletter', '/products/remidi-4?x=1', '/products/remidi-4?x=2', '/products/remidi-4/']) {
        expect(renderedRoot((await page(t, url)).body), url).toMatch(/<h1[^>]*>reMIDI 4</);
      }
      expect(urls).toEqual([`${t.config.publicUrl}/products/remidi-4`]);
    } finally {
      await t.close();
    }
  });

  it("renders each order's thank-you page for its visitor, with its reference, and keeps none of them", async () => {
    const renderer = await countingRenderer();
    const t = await appWith(renderer);
    try {
      for (const reference of ['SW-1', 'SW-2', 'SW-1']) {
        expect(renderedRoot((await page(t, `/products/purchase-success?order=${reference}&utm_source=x`)).body)).toContain(`>${reference}<`);
      }
      expect(renderer.calls).toBe(3);
    } finally {
      await t.close();
    }
  });

  it("is started by index.html's loader, which looks for the same template and page-view mark", async () => {
    const indexHtml = await readFile(fileURLToPath(new URL('../../web/index.html', import.meta.url)), 'utf8');
    expect(indexHtml).toContain(`document.getElementById('${PAGE_CODE_TEMPLATE_ID}')`);
    // …and counts the page view of a shopper who leaves first under the app's mark.
    expect(indexHtml).toContain(`html.hasAttribute('${PAGEVIEW_COUNTED_ATTRIBUTE}')`);
  });
});

describe('when rendering fails', () => {
  it('sends the unrendered page when the renderer throws, and the next page still works', async () => {
    const renderer = fakeRenderer(() => Promise.reject(new Error('a bug in a page')));
    const t = await appWith(renderer);
    try {
      for (const url of ['/products/remidi-4', '/about']) {
        const response = await page(t, url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(SHELL);
        expect(response.body, url).not.toContain('query-state');
      }
      expect(renderer.calls).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('sends the unrendered page when one of its answers is an error, and keeps nothing rendered from it', async () => {
    let categoriesFail = true;
    const renderer = await countingRenderer();
    const webApp = { ...loadWebApp(await webDist()), renderer, renderTimeoutMs: PATIENT_RENDER_MS };
    const t = await createTestApp('pglite', {
      webApp,
      configure: (app) => {
        app.addHook('onRequest', async (request, reply) => {
          if (categoriesFail && request.url === '/api/categories') await reply.code(503).send({ message: 'busy' });
        });
      },
    });
    try {
      const failing = await page(t, '/about');
      expect(failing.statusCode).toBe(200);
      expect(failing.body).toContain(SHELL);
      expect(renderer.calls).toBe(0);
      categoriesFail = false;
      expect(renderedRoot((await page(t, '/about')).body)).toContain('<h1');
    } finally {
      await t.close();
    }
  });

  it('gives a slow rendering up for its visitor but keeps it, once done, for the next', async () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const renderer = fakeRenderer(async () => {
      await finished;
      return { head: '', html: '<h1>Rendered at last</h1>', queryState: {} };
    });
    const t = await appWith(renderer, 50);
    try {
      expect((await page(t, '/about')).body).toContain(SHELL);
      finish();
      await expect.poll(async () => renderedRoot((await page(t, '/about')).body)).toBe('<h1>Rendered at last</h1>');
      expect(renderer.calls).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('stops a rendering when told to: the web app rejects an aborted one', async () => {
    const real = (await import(WEB_SERVER_ENTRY)) as ServerRenderer;
    const t = await appWith(real);
    try {
      const publicConfig = storeConfigOf((await page(t, '/cart')).body);
      const aborted = real.renderPage({
        url: `${t.config.publicUrl}/about`,
        config: publicConfig,
        answers: [],
        signal: AbortSignal.abort(new Error('given up')),
      });
      await expect(aborted).rejects.toThrow('given up');
    } finally {
      await t.close();
    }
  });

  it('sends the unrendered page when rendering takes too long', async () => {
    const t = await appWith(
      fakeRenderer(() => new Promise(() => undefined)),
      RENDER_TIMEOUT_MS,
    );
    try {
      const response = await page(t, '/products');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(SHELL);
    } finally {
      await t.close();
    }
  });
});
