/**
 * Every page address of the storefront, in one place (bulletproof-react's `config/paths.ts`).
 * `path` is the route table's pattern (`routes.ts` builds the page list from it); a link asks
 * `getHref()` instead of typing the address, so moving a page is one edit.
 */
/**
 * A product path is the URL slug and the payment provider's product id: lowercase words joined
 * by hyphens. It lives here, beside the product page's address and away from the zod schemas,
 * so the web app's first chunk holds it without zod and no page waits on a chunk of its own.
 */
export const PRODUCT_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const fixed = <Path extends string>(path: Path) => ({ path, getHref: (): Path => path });

/** A list page's address with its filters in the query; empty filters are left out. */
function withQuery(path: string, filters?: Record<string, string>) {
  const query = new URLSearchParams(Object.entries(filters ?? {}).filter(([, value]) => value !== '')).toString();
  return query ? `${path}?${query}` : path;
}

export const paths = {
  home: fixed('/'),
  /** The product list and its fixed filtered views, keyed by the view the page shows; categories are data (`category`). */
  productLists: {
    all: fixed('/products'),
    freeDownloads: fixed('/products/free-downloads'),
    deals: fixed('/products/deals'),
  },
  product: {
    path: '/products/:productPath',
    getHref: (productPath: string) => `/products/${encodeURIComponent(productPath)}`,
  },
  /**
   * A category's list (`GET /api/categories` gives the slugs). It shares the product page's
   * pattern, so it is not a page of its own: `/products/{slug}` is the category when one has
   * that slug, else the product with that path.
   */
  category: {
    getHref: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  },
  /** Where a completed order lands. */
  purchaseSuccess: {
    path: '/products/purchase-success',
    getHref: (orderReference: string) => `/products/purchase-success?order=${encodeURIComponent(orderReference)}`,
  },
  cart: fixed('/cart'),
  checkout: fixed('/checkout'),
  /** The sign-in provider's redirect back to the store. */
  callback: fixed('/callback'),
  account: {
    path: '/account',
    getHref: (tab?: string) => (tab ? `/account?tab=${encodeURIComponent(tab)}` : '/account'),
  },
  /** Lyra, the store's assistant, on a page of its own with the sketch studio. */
  lyra: fixed('/lyra'),
  /**
   * The maker's back office: its own frame and lazily loaded chunks; every address below
   * `/admin` is one of its pages (`isAdminPath`). Each area adds its pages here.
   */
  admin: {
    home: fixed('/admin'),
    audit: fixed('/admin/audit'),
    administrators: fixed('/admin/administrators'),
    products: {
      path: '/admin/products',
      /** The list, with its filters in the query (`?search=&category=&status=&deal=`). */
      getHref: (filters?: Record<string, string>) => {
        const query = new URLSearchParams(filters).toString();
        return query ? `/admin/products?${query}` : '/admin/products';
      },
    },
    newProduct: fixed('/admin/products/new'),
    product: {
      path: '/admin/products/:productId',
      getHref: (productId: number) => `/admin/products/${productId}`,
    },
    categories: fixed('/admin/products/categories'),
    coupons: fixed('/admin/coupons'),
    newCoupon: fixed('/admin/coupons/new'),
    coupon: {
      path: '/admin/coupons/:couponId',
      getHref: (couponId: number) => `/admin/coupons/${couponId}`,
    },
    /** A product's versions and their files. */
    releases: {
      path: '/admin/products/:productId/releases',
      getHref: (productId: number) => `/admin/products/${productId}/releases`,
    },
    orders: {
      path: '/admin/orders',
      /** The list, with its search and filters in the query (`?q=&from=&to=&productId=&status=&coupon=&kind=`). */
      getHref: (filters?: Record<string, string>) => withQuery('/admin/orders', filters),
    },
    order: {
      path: '/admin/orders/:orderId',
      getHref: (orderId: number) => `/admin/orders/${orderId}`,
    },
    customers: {
      path: '/admin/customers',
      getHref: (filters?: Record<string, string>) => withQuery('/admin/customers', filters),
    },
    customer: {
      path: '/admin/customers/:customerId',
      getHref: (customerId: number) => `/admin/customers/${customerId}`,
    },
    /** The licence desk: find a licence by key or email, and act on it. */
    licences: {
      path: '/admin/licences',
      getHref: (filters?: Record<string, string>) => withQuery('/admin/licences', filters),
    },
    licence: {
      path: '/admin/licences/:licenceId',
      getHref: (licenceId: number) => `/admin/licences/${licenceId}`,
    },
    newComplimentaryLicence: fixed('/admin/licences/complimentary'),
    reports: {
      path: '/admin/reports',
      getHref: (filters?: Record<string, string>) => withQuery('/admin/reports', filters),
    },
    /** Visitors, sources and the purchase funnel, from the store's own analytics. */
    analytics: {
      path: '/admin/analytics',
      getHref: (filters?: Record<string, string>) => withQuery('/admin/analytics', filters),
    },
  },
  /** The Markdown pages of `@store/content`, keyed by their slug there. */
  content: {
    about: fixed('/about'),
    support: fixed('/support'),
    'privacy-policy': fixed('/privacy-policy'),
    'refund-policy': fixed('/refund-policy'),
    'terms-and-conditions': fixed('/terms-and-conditions'),
    'marketing-policy': fixed('/marketing-policy'),
    'cookie-policy': fixed('/cookie-policy'),
    'remidi-4-installation': fixed('/remidi-4-installation'),
    'user-manuals': fixed('/user-manuals'),
    'remidi-4-user-manual': fixed('/user-manuals/remidi-4-user-manual'),
  },
} as const;

/** A product list view (`/products` and its filters). */
export type ProductListView = keyof typeof paths.productLists;

/** A Markdown content page's slug. */
export type ContentSlug = keyof typeof paths.content;

/** Whether an address belongs to the back office (`/admin` and everything below it). */
export function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin.home.path || pathname.startsWith(`${paths.admin.home.path}/`);
}
