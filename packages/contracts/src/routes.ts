/**
 * Every page of the storefront. The server answers
 * these with the app's index.html and status 200; other paths get index.html with 404,
 * so the app shows its not-found page and crawlers see the truth.
 */
export const STATIC_PAGE_PATHS = [
  '/',
  '/about',
  '/support',
  '/products',
  '/products/plugins',
  '/products/sample-packs',
  '/products/free-downloads',
  '/products/deals',
  '/products/purchase-success',
  '/cart',
  '/checkout',
  '/callback',
  '/account',
  '/privacy-policy',
  '/cookie-policy',
  '/terms-and-conditions',
  '/refund-policy',
  '/marketing-policy',
  '/remidi-4-installation',
  '/user-manuals',
  '/user-manuals/remidi-4-user-manual',
] as const;

/** `/products/{path}`: a product page, which exists when the catalogue has that live product. */
export const PRODUCT_PAGE_PATTERN = /^\/products\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

const PAGE_MODULE_BY_PATH: Readonly<Record<string, string>> = {
  '/': 'home',
  '/products': 'product-list',
  '/products/plugins': 'product-list',
  '/products/sample-packs': 'product-list',
  '/products/free-downloads': 'product-list',
  '/products/deals': 'product-list',
  '/products/purchase-success': 'purchase-success',
  '/cart': 'cart',
  '/checkout': 'checkout',
  '/callback': 'callback',
  '/account': 'account',
};

/**
 * The web app's module that renders a page (a lazy route of apps/web/src/app/router.tsx,
 * relative to apps/web; a test there keeps the two in step). The server preloads that
 * module's code with the HTML, so the first page does not wait for a second round trip.
 */
export function pageModule(pathname: string): string | undefined {
  const name =
    PAGE_MODULE_BY_PATH[pathname] ??
    ((STATIC_PAGE_PATHS as readonly string[]).includes(pathname) ? 'content-page' : PRODUCT_PAGE_PATTERN.test(pathname) ? 'product' : undefined);
  return name && `src/app/routes/${name}.tsx`;
}
