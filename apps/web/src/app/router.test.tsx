import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentPageList } from '@store/content';
import { findPage, pageModule, PAGES, STATIC_PAGE_PATHS, type Page } from '@store/contracts/routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageModuleLoaders, routes } from './router';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An address of the page: its pattern with a sample product path. */
const addressOf = (page: Page) => page.path.replace(':productPath', 'pad-mapper');

/** The route the router renders at an address (the deepest match). */
const routeAt = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route;

describe('the route table and the server, both built from PAGES', () => {
  it.each(PAGES.map((page) => [addressOf(page), page] as const))('%s: the router lazily loads the chunk the server preloads', (address, page) => {
    const route = routeAt(address);
    // The router loads ./routes/{module}.tsx for this page, with the page's handle...
    expect(route?.lazy).toBe(pageModuleLoaders[`./routes/${page.module}.tsx`]);
    expect(route?.handle).toEqual(page.handle);
    // ...and the server preloads the manifest key of that same file, which exists.
    expect(pageModule(address)).toBe(`src/app/routes/${page.module}.tsx`);
    expect(existsSync(path.join(webRoot, pageModule(address)!))).toBe(true);
  });

  it('every page module exports the Component the router renders', async () => {
    for (const page of PAGES) {
      const exports = await pageModuleLoaders[`./routes/${page.module}.tsx`]!();
      expect(typeof exports.Component, page.module).toBe('function');
    }
  });

  it('the static pages are the pages without a parameter, each answered by the server', () => {
    expect(STATIC_PAGE_PATHS).toEqual(PAGES.filter((page) => !page.path.includes(':')).map((page) => page.path));
    for (const path of STATIC_PAGE_PATHS) expect(findPage(path)?.path).toBe(path);
  });

  it('the static pages under /products are not product pages', () => {
    expect(pageModule('/products/deals')).toBe('src/app/routes/product-list.tsx');
    expect(pageModule('/products/purchase-success')).toBe('src/app/routes/purchase-success.tsx');
    expect(routeAt('/products/free-downloads')?.lazy).toBe(pageModuleLoaders['./routes/product-list.tsx']);
  });

  it("a category's list shares the product pattern: the product route tells them apart from the categories", () => {
    expect(pageModule('/products/tools')).toBe('src/app/routes/product.tsx');
    expect(routeAt('/products/tools')?.lazy).toBe(pageModuleLoaders['./routes/product.tsx']);
  });

  it('an unknown path has no page module to preload', () => {
    expect(routeAt('/no/such/page')?.lazy).toBe(pageModuleLoaders['./routes/not-found.tsx']);
    // A product address that cannot exist renders the product page's own not-found message.
    for (const pathname of ['/no/such/page', '/products/Not_A_Path', '/products/a/b']) expect(pageModule(pathname)).toBeUndefined();
  });

  it('every Markdown page of the content index is a route showing that page', () => {
    for (const page of contentPageList) {
      expect(routeAt(page.path)?.handle).toEqual({ contentSlug: page.slug });
    }
    expect(PAGES.filter((page) => page.module === 'content-page')).toHaveLength(contentPageList.length);
  });
});
