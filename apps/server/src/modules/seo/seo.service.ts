import { PAGES, paths } from '@store/contracts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { CatalogService } from '../catalog/catalog.service';

/** Addresses crawlers are asked to leave alone: private, per-visitor or not pages at all. */
const DISALLOWED = [paths.admin.home.path, paths.account.path, paths.cart.path, paths.checkout.path, paths.callback.path, '/api/'];

/** The pages without a parameter a search engine should know: the home page, the product lists and the content pages. */
const INDEXED_PAGES = PAGES.filter((page) => page.module === 'home' || page.module === 'product-list' || page.module === 'content-page').map(
  (page) => page.path,
);

export interface SeoServiceOptions {
  catalog: Pick<CatalogService, 'listProductPages' | 'listCategories'>;
  /** The store's public address, no trailing slash. */
  publicUrl: string;
  /** How long a built sitemap is reused before the catalogue is read again. */
  maxAgeMs?: number;
  now?: () => number;
}

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** What search engines are told: robots.txt and sitemap.xml (docs/behaviour/seo.md). */
export function createSeoService({ catalog, publicUrl, maxAgeMs = 60_000, now = Date.now }: SeoServiceOptions) {
  let cached: { xml: Promise<string>; expiresAt: number } | undefined;

  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const [categories, products] = await Promise.all([catalog.listCategories(), catalog.listProductPages()]);
    return [
      ...INDEXED_PAGES.map((path) => ({ path })),
      ...categories.map((category) => ({ path: paths.category.getHref(category.slug) })),
      ...products.map((product) => ({ path: paths.product.getHref(product.path), lastModified: product.updatedAt })),
    ];
  }

  async function buildSitemap(): Promise<string> {
    const urls = (await sitemapEntries()).map(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
      return `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod}</url>`;
    });
    return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
  }

  return {
    /** The sitemap of every page worth indexing, as absolute URLs; rebuilt at most once per `maxAgeMs`. */
    sitemap(): Promise<string> {
      if (cached && now() < cached.expiresAt) return cached.xml;
      const entry = { xml: buildSitemap(), expiresAt: now() + maxAgeMs };
      cached = entry;
      // A failed build must not be served from the cache.
      entry.xml.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.xml;
    },

    robots(): string {
      return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
