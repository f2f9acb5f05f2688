/**
 * Every page of the storefront (both spec documents' route tables). The server answers
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
