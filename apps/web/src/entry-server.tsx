import { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { contentPages, type ContentSlug } from '@store/content';
import type { RenderedPage, RenderPageInput } from '@store/contracts/server-rendering';
import { AppProviders, createQueryClient } from './app/app';
import { routes, type ContentHandle } from './app/router';
import { seedContentPage, seedPageQueries } from './app/seed-page-queries';
import { setServerStoreConfig } from './lib/store-config';

/**
 * Renders one page of the storefront to HTML on the server, from the API answers it needs
 * (`answers`) and nothing else: the same input gives the same HTML, so it can be cached.
 * Rejects when anything goes wrong; the server then sends the page unrendered.
 */
export async function renderPage({ url, config, answers, signal }: RenderPageInput): Promise<RenderedPage> {
  setServerStoreConfig(config);
  const queryClient = createQueryClient();
  seedPageQueries(queryClient, answers);
  const handler = createStaticHandler(routes);
  // Resolves the matched routes' lazy page modules; no route has a loader.
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Rendering ${new URL(url).pathname} answered a redirect`);
  if (context.errors) throw new Error(`Rendering ${new URL(url).pathname} reached an error boundary`);
  const slug = context.matches.map((match) => match.route.handle as Partial<ContentHandle> | undefined).findLast((handle) => handle?.contentSlug)?.contentSlug;
  if (slug && Object.hasOwn(contentPages, slug)) await seedContentPage(queryClient, slug as ContentSlug);
  signal?.throwIfAborted();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    signal,
  );
  return { ...splitHoisted(html), queryState: dehydrate(queryClient) };
}

/** React writes the tags it hoists (the page's `<title>`, `<meta>`, preloads) before the page. */
const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;

/** The hoisted tags, which belong in `<head>`, apart from the page's HTML. */
function splitHoisted(rendered: string): Pick<RenderedPage, 'head' | 'html'> {
  let rest = rendered;
  let head = '';
  for (let match = HOISTED_TAG.exec(rest); match; match = HOISTED_TAG.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, html: rest };
}

/**
 * The whole tree once every part is ready; any error (even one a Suspense boundary would hide)
 * rejects, and so does aborting `signal` before it is done.
 */
function renderToString(tree: React.ReactNode, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        done();
        if (failure === undefined) resolve(html);
        else reject(failure instanceof Error ? failure : new Error(String(failure)));
      },
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        failure ??= error;
      },
    });
    // React then reports what was still pending through onError (or onShellError) and ends the stream.
    signal?.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}
