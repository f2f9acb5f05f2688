import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRenderer } from '@store/contracts/server-rendering';
import { loadWebApp } from '../src/plugins/spa';
import { createTestApp, type TestApp } from './helpers';

const INDEX = `<!doctype html><html><head><title>Store</title><meta name="description" content="Default" /><script>window.theme='dark'</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`;
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

async function appWith(renderer: ServerRenderer): Promise<TestApp> {
  const webApp = { ...loadWebApp(await webDist()), renderer };
  return createTestApp('pglite', { webApp });
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

  it('renders the list, content and thank-you pages', async () => {
    for (const url of ['/products', '/products/plugins', '/about', '/products/purchase-success?order=SW-1']) {
      const response = await page(t, url);
      expect(response.statusCode, url).toBe(200);
      expect(renderedRoot(response.body), url).toContain('<h1');
    }
  });

  it('sends the home page (inline styles), the signed-in pages, the back office and unknown products unrendered, with their usual status', async () => {
    for (const [url, status] of [
      ['/', 200],
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

  it('sends the unrendered page when rendering takes too long', async () => {
    const t = await appWith(fakeRenderer(() => new Promise(() => undefined)));
    try {
      const response = await page(t, '/products');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(SHELL);
    } finally {
      await t.close();
    }
  });
});
