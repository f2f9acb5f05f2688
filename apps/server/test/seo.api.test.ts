import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

/** The sitemap read as XML: a parse error fails the test rather than being skipped over. */
function parseSitemap(xml: string) {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return [...document.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? undefined,
  }));
}

describe.each(TEST_ENGINES)('sitemap.xml and robots.txt on %s', (engine) => {
  // An address with characters XML must escape, to prove the sitemap escapes what it writes.
  const publicUrl = 'http://localhost:8440/store&co';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_URL: publicUrl } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the home page, the lists, the categories, the content pages and the live products as absolute URLs', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.body).toContain('<loc>http://localhost:8440/store&amp;co/products/remidi-4</loc>');
    const locs = parseSitemap(response.body).map((url) => url.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/products`,
        `${publicUrl}/products/deals`,
        `${publicUrl}/products/free-downloads`,
        `${publicUrl}/about`,
        `${publicUrl}/user-manuals/remidi-4-user-manual`,
        `${publicUrl}/products/remidi-4`,
        `${publicUrl}/products/rechannel`,
      ]),
    );
    expect(locs.every((loc) => loc.startsWith(`${publicUrl}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists each category’s page', async () => {
    const categories = (await t.app.inject('/api/categories')).json<Array<{ slug: string }>>();
    expect(categories.length).toBeGreaterThan(0);
    const locs = parseSitemap((await t.app.inject('/sitemap.xml')).body).map((url) => url.loc);
    for (const { slug } of categories) expect(locs).toContain(`${publicUrl}/products/${slug}`);
  });

  it('leaves out hidden products, private pages, and a trial whose page is its paid product’s', async () => {
    const locs = parseSitemap((await t.app.inject('/sitemap.xml')).body).map((url) => url.loc);
    expect(locs).not.toContain(`${publicUrl}/products/remidi-5-preview`);
    expect(locs).not.toContain(`${publicUrl}/products/remidi-4-trial`);
    for (const page of ['/cart', '/checkout', '/account', '/callback', '/admin', '/products/purchase-success']) {
      expect(locs).not.toContain(`${publicUrl}${page}`);
    }
  });

  it('dates each product by its last save', async () => {
    const product = parseSitemap((await t.app.inject('/sitemap.xml')).body).find((url) => url.loc === `${publicUrl}/products/remidi-4`);
    expect(product?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('allows everything but the private areas, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', `Sitemap: ${publicUrl}/sitemap.xml`]));
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(['/account', '/admin', '/api/', '/callback', '/cart', '/checkout']);
  });
});
