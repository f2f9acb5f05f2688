import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptedServerPage } from './app/adopt-server-page';
import { App, createQueryClient } from './app/app';
import { createAppRouter, loadMatchedRouteModules } from './app/router';
import { SERVER_RENDERED_ATTRIBUTE } from '@store/contracts/server-rendering';
import { readServerQueryState } from './app/server-rendered-state';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createQueryClient();

if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // The page's code first (its chunks are modulepreloaded with the HTML): until hydrateRoot runs,
  // nothing on the server's HTML responds, so nothing else waits in front of it.
  const pageCode = loadMatchedRouteModules(window.location.pathname);
  hydrate(queryClient, readServerQueryState(document));
  // Should the page's code fail to load (a deploy replaced it, the network dropped), the app starts
  // anyway: its router loads the page again and shows its error page if that fails too, rather
  // than leaving the server's HTML with buttons that never answer.
  void pageCode.catch(() => undefined).then(() => hydrateServerPage(container));
} else {
  // The server wrote the page's title and description for link previews and first paint;
  // from here on each page renders its own (React 19 <title>/<meta>), so hand over to them.
  document.head.querySelectorAll('title, meta[name="description"]').forEach((node) => node.remove());
  const root = createRoot(container);
  // A transition lets React yield to the browser while it builds the first page, instead of
  // blocking the main thread in one long task (measured by Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

/**
 * Adopts the HTML the server rendered, once the matched page's code is loaded and its answers
 * are in the query cache, so React's first render is exactly the server's HTML. Controls that
 * need JavaScript render disabled until then (`useHydrated`).
 */
function hydrateServerPage(root: HTMLElement) {
  // No route has a loader: the router starts with nothing to wait for.
  const router = createAppRouter({ loaderData: {}, actionData: null, errors: null });
  // A transition keeps hydration in short tasks (Total Blocking Time); a click meanwhile makes
  // React finish hydrating at once and then handles it.
  startTransition(() => {
    hydrateRoot(root, adoptedServerPage(root, <App router={router} queryClient={queryClient} />));
  });
}
