import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminPath, pageModule, productPathOf, STATIC_PAGE_PATHS, type ImageVariant, type PublicStoreConfig } from '@store/contracts';
import { imageSrcSet, PRODUCT_CARD_IMAGE_SIZES } from '@store/contracts/catalog/card-image';
import { renderIndexHtml, summaryToDescription, type PageMeta } from './index-html';
import { notFoundMessage, sendError } from './errors';
import { sendBestEncoding } from '#server/lib/send-cached-body.ts';
import { pageModulePreloads, parseViteManifest, type ViteManifest } from './page-preloads';
import type { ServerRenderer } from '@store/contracts/server-rendering';
import { createRenderedPageCache, toPageBody, type PageBody } from './rendered-pages';
import {
  answersVersion,
  deferPageCode,
  fetchApiAnswers,
  importServerRenderer,
  insertRenderedPage,
  isServerRenderedPage,
  RENDER_ABANDON_MS,
  RENDER_TIMEOUT_MS,
  renderTargetOf,
  serverEntryOf,
  toApiAnswers,
  withTimeout,
} from './server-rendering';

/** Paths owned by the server, never by the app's history fallback. */
const SERVER_PREFIXES = ['/api/', '/status', '/webhooks/', '/idp/', '/media/', '/content/', '/files/', '/sandbox/', '/dev/', '/assets/'];
const STATIC_PAGES = new Set<string>(STATIC_PAGE_PATHS);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long after listening the server renderer is loaded. */
const RENDERER_WARM_UP_MS = 500;
/** Every storefront page's navigation lists the categories, and a `/products/{slug}` page needs them to know what it is. */
const CATEGORIES_API = '/api/categories';

export interface WebApp {
  /** Folder of the built app, or undefined when it has not been built. */
  distDir: string | undefined;
  indexHtml: string;
  /** CSP hashes of the inline scripts of index.html (the theme script runs before first paint). */
  inlineScriptHashes: string[];
  /** Vite's build manifest: which chunks each page's code needs (undefined: nothing is preloaded). */
  manifest?: ViteManifest;
  /** Why there is no manifest, for the start-up log. */
  manifestProblem?: string;
  /** The web app's server bundle, which renders the storefront's public pages (undefined: none built). */
  serverEntry?: string;
  /** Renders pages instead of the server bundle (tests). */
  renderer?: ServerRenderer;
  /** How long a render may take before the page is sent unrendered (tests on a busy machine give more). */
  renderTimeoutMs?: number;
}

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store</title></head>
<body><main><h1>The web app is not built yet</h1><p>Run <code>npm run build</code>, then restart the server.</p></main></body></html>`;

/** Finds and reads the built web app (`apps/web/dist`) or the folder configured in WEB_DIST_DIR. */
export function loadWebApp(configured: string | undefined): WebApp {
  const candidates = configured ? [configured] : ['../../../web/dist', '../../web/dist'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  const distDir = candidates.find((folder) => existsSync(path.join(folder, 'index.html')));
  const indexHtml = distDir ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : NOT_BUILT_HTML;
  const manifestFile = distDir && path.join(distDir, '.vite', 'manifest.json');
  const { manifest, problem } = parseViteManifest(manifestFile && existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : undefined);
  return {
    distDir,
    indexHtml,
    inlineScriptHashes: inlineScriptHashes(indexHtml),
    manifest,
    manifestProblem: distDir ? problem : undefined,
    serverEntry: distDir && serverEntryOf(distDir),
  };
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

export interface ProductPreview {
  display: string;
  summaryHtml: string;
  image: string;
  imageVariants: ImageVariant[];
  /** For a free trial: the paid product whose page the trial's address shows. */
  trialOf?: string;
}

export interface SpaOptions {
  webApp: WebApp;
  publicConfig: PublicStoreConfig;
  publicUrl: string;
  /** The live product with this path, or undefined; decides 200 or 404 for /products/{path}. */
  findProduct: (productPath: string) => Promise<ProductPreview | undefined>;
  /** The category whose list is `/products/{slug}`; it comes before a product with the same path. */
  findCategory: (slug: string) => Promise<{ name: string; intro: string } | undefined>;
  /** The first product of the full list, whose card image is that page's largest paint. */
  firstListedProduct: () => Promise<ProductPreview | undefined>;
}

/**
 * Serves the built app: hashed assets cached forever, index.html never cached, and the
 * history fallback for every page of the app.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const { webApp } = options;
  if (webApp.distDir) {
    // The build writes .br and .gz beside every file; nothing is compressed per request.
    const builtFiles = { index: false, cacheControl: false, preCompressed: true } as const;
    // The hashed assets (some two hundred files) under one route: a route per file was most
    // of the routes a start had to build.
    await app.register(fastifyStatic, {
      ...builtFiles,
      root: path.join(webApp.distDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
    });
    // The few files beside index.html (icons, robots' images): a route each, so every other
    // address goes on to the app's pages below.
    await app.register(fastifyStatic, {
      ...builtFiles,
      root: webApp.distDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // The compressed copies are served for their file's address, and the assets above.
      globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
      // index.html is only ever served by the fallback below, uncached.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=3600'),
    });
  }

  if (webApp.manifestProblem) app.log.warn(`Pages will load their code one round trip later: ${webApp.manifestProblem}`);
  const preloadCache = new Map<string, string[]>();
  const preloadsFor = (module: string | undefined): string[] => {
    if (!module || !webApp.manifest) return [];
    let files = preloadCache.get(module);
    if (!files) preloadCache.set(module, (files = pageModulePreloads(webApp.manifest, module)));
    return files;
  };

  // The renderer is a large module graph (React's server renderer and the whole app): the store
  // serves before it loads, and loads it a moment after listening; a page asked for sooner loads it then.
  let rendererLoad: Promise<ServerRenderer | undefined> | undefined;
  const importRenderer = async () => (webApp.distDir ? (webApp.renderer ?? importServerRenderer(webApp.serverEntry, app.log)) : undefined);
  const loadRenderer = () => (rendererLoad ??= importRenderer());
  let rendererWarmUp: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    rendererWarmUp = setTimeout(() => void loadRenderer(), RENDERER_WARM_UP_MS);
    rendererWarmUp.unref();
  });
  app.addHook('onClose', async () => clearTimeout(rendererWarmUp));

  const renderedPages = createRenderedPageCache();

  /**
   * The storefront's public page at this URL, rendered: from the cache while the answers it was
   * rendered from are unchanged, else rendered anew. Undefined when the page is not one the
   * server renders, one of its answers was an error, or rendering failed or was slow: the page is
   * then sent unrendered as before, and the browser asks and retries as it does for any page.
   */
  const renderedPage = async (request: FastifyRequest, meta: PageMeta): Promise<PageBody | undefined> => {
    const pathname = pathOf(request.url);
    if (!isServerRenderedPage(pathname)) return undefined;
    const renderer = await loadRenderer();
    if (!renderer) return undefined;
    try {
      const fetched = await fetchApiAnswers(app, meta.preload?.fetch ?? []);
      // Kept, a page rendered from a failing answer would be every visitor's until the answer changed.
      if (fetched.some((answer) => answer.status !== 200)) return undefined;
      const target = renderTargetOf(pathname, request.url);
      const render = async () => {
        const page = await renderer.renderPage({
          url: `${options.publicUrl}${target.url}`,
          config: options.publicConfig,
          answers: toApiAnswers(fetched),
          signal: AbortSignal.timeout(RENDER_ABANDON_MS),
        });
        // The answers are in the page: preloading them too would only compete with its first paint.
        const shell = renderIndexHtml(webApp.indexHtml, options.publicConfig, { ...meta, preload: { ...meta.preload, fetch: [] } });
        return toPageBody(deferPageCode(insertRenderedPage(shell, page)));
      };
      const rendering = target.shared ? renderedPages.get(target.url, answersVersion(fetched), render) : render();
      // A visitor waits so long at most; a slow rendering goes on, and is kept for the next one.
      return await withTimeout(rendering, webApp.renderTimeoutMs ?? RENDER_TIMEOUT_MS);
    } catch (error) {
      // The path only: a page's query may carry an order reference.
      request.log.warn({ err: error, page: pathname }, 'rendering the page failed; sent it unrendered');
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsPage(request)) return sendError(reply, 404, notFoundMessage(request));
    const page = await describePage(request.url, options);
    const modules = preloadsFor(pageModule(pathOf(request.url)));
    if (modules.length) page.meta.preload = { ...page.meta.preload, modules };
    if (isAdminPath(pathOf(request.url))) reply.header('x-robots-tag', 'noindex');
    const rendered = page.found ? await renderedPage(request, page.meta) : undefined;
    if (rendered) return sendPageBody(request, reply, rendered);
    return sendIndex(reply, renderIndexHtml(webApp.indexHtml, options.publicConfig, page.meta), page.found ? 200 : 404);
  });
});

/** Whether the URL is a page of the app, and what its link preview says. */
async function describePage(url: string, options: SpaOptions): Promise<{ found: boolean; meta: PageMeta }> {
  const { publicConfig, publicUrl } = options;
  const pathname = pathOf(url);
  const siteMeta: PageMeta = {
    title: `${publicConfig.storeName} — MIDI plugins and sample packs`,
    description: 'MIDI plugins, sample packs, free downloads and deals for music producers.',
    url: `${publicUrl}${pathname}`,
    type: 'website',
    image: `${publicUrl}/og-image.png`,
  };
  // The back office finds out in the browser whether its page exists (and who may see it).
  if (isAdminPath(pathname)) return { found: true, meta: { ...siteMeta, title: `Back office — ${publicConfig.storeName}` } };
  if (STATIC_PAGES.has(pathname)) {
    const listsProducts = pathname === '/' || pathname.startsWith('/products');
    if (!listsProducts) return { found: true, meta: { ...siteMeta, preload: { fetch: [CATEGORIES_API] } } };
    // The full list's first card is in view on every screen; the filtered lists start elsewhere.
    const first = pathname === '/products' ? await options.firstListedProduct() : undefined;
    const image = first?.image ? [{ href: first.image, srcset: imageSrcSet(first.imageVariants), sizes: PRODUCT_CARD_IMAGE_SIZES }] : undefined;
    return { found: true, meta: { ...siteMeta, preload: { fetch: ['/api/products/', CATEGORIES_API], image } } };
  }
  const productPath = productPathOf(pathname);
  const category = productPath ? await options.findCategory(productPath) : undefined;
  if (category) {
    const meta = { ...siteMeta, title: `${category.name} — ${publicConfig.storeName}`, description: category.intro || siteMeta.description };
    return { found: true, meta: { ...meta, preload: { fetch: ['/api/products/', CATEGORIES_API] } } };
  }
  // A trial's page shows its paid product (docs/behaviour/catalogue.md#product-pages).
  const product = productPath ? await options.findProduct(productPath) : undefined;
  if (!product) return { found: false, meta: { ...siteMeta, title: `Page not found — ${publicConfig.storeName}` } };
  return {
    found: true,
    meta: {
      title: `${product.display} — ${publicConfig.storeName}`,
      description: summaryToDescription(product.summaryHtml),
      image: product.image.startsWith('/') ? `${publicUrl}${product.image}` : product.image,
      url: `${publicUrl}${pathname}`,
      type: 'product',
      preload: {
        // A trial's page shows its paid product: the browser asks for both answers at once.
        fetch: [`/api/products/${productPath}`, ...(product.trialOf ? [`/api/products/${product.trialOf}`] : []), '/api/products/', CATEGORIES_API],
        image: [{ href: product.image }],
      },
    },
  };
}

/** The page's path without query or trailing slash. */
function pathOf(url: string): string {
  return (url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
}

function wantsPage(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/** A rendered page in the best encoding the browser accepts (HTML is about five times smaller compressed). */
function sendPageBody(request: FastifyRequest, reply: FastifyReply, body: PageBody) {
  reply.code(200).header('cache-control', 'no-store').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  return sendBestEncoding(request, reply, { plain: body.html, gzip: body.gzip, brotli: body.brotli });
}

export function sendIndex(reply: FastifyReply, html: string, status: number) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
