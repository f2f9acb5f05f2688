import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageFallback } from './routes/page-fallback';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Which content page a route shows (packages/content registry slug). */
export interface ContentHandle {
  contentSlug: string;
}

/** Which product list view a route shows. */
export interface ProductListHandle {
  productList: 'all' | 'plugins' | 'samplePacks' | 'freeDownloads' | 'deals';
}

const contentPage = (path: string, contentSlug: string): RouteObject => ({
  path,
  handle: { contentSlug } satisfies ContentHandle,
  lazy: () => import('./routes/content-page'),
});

const productList = (path: string, productList: ProductListHandle['productList']): RouteObject => ({
  path,
  handle: { productList } satisfies ProductListHandle,
  lazy: () => import('./routes/product-list'),
});

/** Every page of the store; each is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page keep the navigation and footer around the error screen.
        errorElement: <RouteError />,
        // While the first page's code loads, the frame around it is already there.
        HydrateFallback: PageFallback,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          productList('products', 'all'),
          productList('products/plugins', 'plugins'),
          productList('products/sample-packs', 'samplePacks'),
          productList('products/free-downloads', 'freeDownloads'),
          productList('products/deals', 'deals'),
          { path: 'products/purchase-success', lazy: () => import('./routes/purchase-success') },
          { path: 'products/:productPath', lazy: () => import('./routes/product') },
          { path: 'cart', lazy: () => import('./routes/cart') },
          { path: 'checkout', lazy: () => import('./routes/checkout') },
          { path: 'callback', lazy: () => import('./routes/callback') },
          { path: 'account', lazy: () => import('./routes/account') },
          contentPage('about', 'about'),
          contentPage('support', 'support'),
          contentPage('privacy-policy', 'privacy-policy'),
          contentPage('refund-policy', 'refund-policy'),
          contentPage('terms-and-conditions', 'terms-and-conditions'),
          contentPage('marketing-policy', 'marketing-policy'),
          contentPage('cookie-policy', 'cookie-policy'),
          contentPage('remidi-4-installation', 'remidi-4-installation'),
          contentPage('user-manuals', 'user-manuals'),
          contentPage('user-manuals/remidi-4-user-manual', 'remidi-4-user-manual'),
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
