import { paths } from '@store/contracts/paths';
import { ADMIN_MODULE, PAGES, type PageHandle } from '@store/contracts/routes';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { PageFallback } from './routes/page-fallback';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Which content page a route shows (packages/content registry slug). */
export type ContentHandle = Extract<PageHandle, { contentSlug: unknown }>;

/** Which product list view a route shows. */
export type ProductListHandle = Extract<PageHandle, { productList: unknown }>;

/** What a page module exports for the router (its `Component`). */
type PageModuleExports = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/**
 * The page modules, one lazily loaded chunk each, keyed by file (`./routes/{module}.tsx`): the
 * module a page names is the file it loads, and that file's path is the chunk's key in Vite's
 * build manifest, which the server preloads. The frame around the pages is not a page.
 */
export const pageModuleLoaders = import.meta.glob<PageModuleExports>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/page-fallback.tsx',
  '!./routes/root-layout.tsx',
  '!./routes/route-error.tsx',
]);

function loaderOf(module: string): () => Promise<PageModuleExports> {
  const loader = pageModuleLoaders[`./routes/${module}.tsx`];
  if (!loader) throw new Error(`No page module apps/web/src/app/routes/${module}.tsx`);
  return loader;
}

/** Every page of the store (`PAGES` in @store/contracts/routes), then the not-found page; the back office beside them in a frame of its own. */
export const routes: RouteObject[] = [
  { path: `${paths.admin.home.path}/*`, errorElement: <RouteError />, HydrateFallback: PageFallback, lazy: loaderOf(ADMIN_MODULE) },
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
          ...PAGES.map((page): RouteObject => ({ path: page.path, handle: page.handle, lazy: loaderOf(page.module) })),
          { path: '*', lazy: loaderOf('not-found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
