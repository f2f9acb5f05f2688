import { isAdminPath, paths, PRODUCT_PATH_PATTERN, type ContentSlug, type ProductListView } from './paths';

/**
 * The web app's route modules that render pages: `apps/web/src/app/routes/{module}.tsx`,
 * each its own lazily loaded chunk.
 */
export type PageModule = 'home' | 'product-list' | 'product' | 'purchase-success' | 'cart' | 'checkout' | 'callback' | 'account' | 'lyra' | 'content-page';

/** What a page tells the module that renders it: which list view or which Markdown page. */
export type PageHandle = { productList: ProductListView } | { contentSlug: ContentSlug };

export interface Page {
  /** The route pattern (from `paths`). */
  path: string;
  module: PageModule;
  handle?: PageHandle;
}

/**
 * Every page of the storefront, the one list the web app's router, the server's answers and
 * first-page preloads, and the content index are built from.
 */
export const PAGES: readonly Page[] = [
  { path: paths.home.path, module: 'home' },
  ...Object.entries(paths.productLists).map(([view, page]) => ({
    path: page.path,
    module: 'product-list' as const,
    handle: { productList: view as ProductListView },
  })),
  { path: paths.purchaseSuccess.path, module: 'purchase-success' },
  { path: paths.product.path, module: 'product' },
  { path: paths.cart.path, module: 'cart' },
  { path: paths.checkout.path, module: 'checkout' },
  { path: paths.callback.path, module: 'callback' },
  { path: paths.account.path, module: 'account' },
  { path: paths.lyra.path, module: 'lyra' },
  ...Object.entries(paths.content).map(([slug, page]) => ({
    path: page.path,
    module: 'content-page' as const,
    handle: { contentSlug: slug as ContentSlug },
  })),
];

/** The back office's module: one route (`/admin/*`) with a frame of its own, outside the storefront's pages. */
export const ADMIN_MODULE = 'admin';

const isStatic = (page: Page) => !page.path.includes(':');

/**
 * Every page without a parameter. The server answers these with the app's index.html and
 * status 200; other paths get index.html with 404, so the app shows its not-found page and
 * crawlers see the truth.
 */
export const STATIC_PAGE_PATHS: readonly string[] = PAGES.filter(isStatic).map((page) => page.path);

const STATIC_PAGES = new Map(PAGES.filter(isStatic).map((page) => [page.path, page]));
const PRODUCT_PAGE_PREFIX = paths.product.path.slice(0, paths.product.path.indexOf(':'));

/**
 * The slug of a `/products/{slug}` address, or undefined when it is not one. Such a page exists
 * when a category has that slug (its list) or else the catalogue has a live product with that
 * path (its page); the static pages under /products come first.
 */
export function productPathOf(pathname: string): string | undefined {
  if (STATIC_PAGES.has(pathname) || !pathname.startsWith(PRODUCT_PAGE_PREFIX)) return undefined;
  const productPath = pathname.slice(PRODUCT_PAGE_PREFIX.length);
  return PRODUCT_PATH_PATTERN.test(productPath) ? productPath : undefined;
}

/** The page at `pathname` (no query, no trailing slash), or undefined for an unknown address. */
export function findPage(pathname: string): Page | undefined {
  return STATIC_PAGES.get(pathname) ?? (productPathOf(pathname) ? PAGES.find((page) => page.path === paths.product.path) : undefined);
}

/**
 * The source file of the module that renders a page, relative to apps/web: the key of its chunk
 * in Vite's build manifest. The server preloads that chunk with the HTML, so the first page
 * does not wait for a second round trip.
 */
export function pageModule(pathname: string): string | undefined {
  if (isAdminPath(pathname)) return `src/app/routes/${ADMIN_MODULE}.tsx`;
  const page = findPage(pathname);
  return page && `src/app/routes/${page.module}.tsx`;
}
