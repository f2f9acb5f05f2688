import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderedPageCache, toPageBody, type PageBody } from './rendered-pages';

/** A renderer that counts its calls and renders the page as its URL and call number. */
function counter() {
  const render = (url: string) => {
    render.calls++;
    return toPageBody(`<p>${url} #${render.calls}</p>`);
  };
  render.calls = 0;
  return render;
}

const text = (body: PageBody) => body.html.toString('utf8');

describe('the rendered page cache', () => {
  it('renders a page once for one version of its answers, and again when they change', async () => {
    const cache = createRenderedPageCache();
    const render = counter();
    expect(text(await cache.get('/products', 'v1', () => render('/products')))).toBe('<p>/products #1</p>');
    expect(text(await cache.get('/products', 'v1', () => render('/products')))).toBe('<p>/products #1</p>');
    expect(render.calls).toBe(1);
    expect(text(await cache.get('/products', 'v2', () => render('/products')))).toBe('<p>/products #2</p>');
    expect(render.calls).toBe(2);
  });

  it('shares one rendering between visitors who ask while it runs', async () => {
    const cache = createRenderedPageCache();
    const render = counter();
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('/about', '', () => render('/about'))));
    expect(render.calls).toBe(1);
    expect(new Set(pages.map(text))).toEqual(new Set(['<p>/about #1</p>']));
  });

  it('does not keep a failed rendering: the next visitor tries again', async () => {
    const cache = createRenderedPageCache();
    await expect(cache.get('/about', '', () => Promise.reject(new Error('a bug in a page')))).rejects.toThrow('a bug in a page');
    const render = counter();
    expect(text(await cache.get('/about', '', () => render('/about')))).toBe('<p>/about #1</p>');
  });

  it('keeps at most maxEntries pages, forgetting the least recently served first', async () => {
    const cache = createRenderedPageCache({ maxEntries: 2 });
    const render = counter();
    await cache.get('/a', '', () => render('/a'));
    await cache.get('/b', '', () => render('/b'));
    await cache.get('/a', '', () => render('/a')); // /a is now the most recently served
    await cache.get('/c', '', () => render('/c'));
    expect(cache.size).toBe(2);
    expect(render.calls).toBe(3);
    await cache.get('/a', '', () => render('/a'));
    expect(render.calls).toBe(3);
    await cache.get('/b', '', () => render('/b'));
    expect(render.calls).toBe(4);
  });

  it('renders a page again after maxAgeMs even when its answers are unchanged', async () => {
    let now = 0;
    const cache = createRenderedPageCache({ maxAgeMs: 1_000, now: () => now });
    const render = counter();
    await cache.get('/', 'v1', () => render('/'));
    now = 999;
    await cache.get('/', 'v1', () => render('/'));
    expect(render.calls).toBe(1);
    now = 1_000;
    await cache.get('/', 'v1', () => render('/'));
    expect(render.calls).toBe(2);
  });

  it('keeps the page compressed both ways, each decompressing to the same HTML', async () => {
    const html = `<!doctype html><main>${'<p>reMIDI 4</p>'.repeat(200)}</main>`;
    const body = await toPageBody(html);
    expect(brotliDecompressSync(body.brotli).toString('utf8')).toBe(html);
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(html);
    expect(body.brotli.length).toBeLessThan(html.length / 5);
  });
});
