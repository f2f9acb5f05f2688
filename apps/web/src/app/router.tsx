import { paths } from '@store/contracts/paths';
import { ADMIN_MODULE, PAGES, type PageHandle } from '@store/contracts/routes';
import { createBrowserRouter, matchRoutes, type DataRouter, type HydrationState, type LazyRouteFunction, type RouteObject } from 'react-router';
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

/**
 * The browser's router. A page the server rendered is adopted as it is: its lazy page module is
 * loaded first (`loadMatchedRouteModules`), and `hydrationData` says no route waits for data, so
 * the first render is the page itself, not the HydrateFallback the server never sent.
 */
export function createAppRouter(hydrationData?: HydrationState): DataRouter {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/** Loads the code of the routes matching `pathname` into the route objects, before hydrating the server's HTML. */
export async function loadMatchedRouteModules(pathname: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((match) => match.route).filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const module = await (route.lazy as () => Promise<PageModuleExports>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
