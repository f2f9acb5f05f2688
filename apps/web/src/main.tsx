import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { createAppRouter, loadMatchedRouteModules } from './app/router';
import { SERVER_RENDERED_ATTRIBUTE } from '@store/contracts/server-rendering';
import { readServerQueryState } from './app/server-rendered-state';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createQueryClient();

if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  void hydrateServerPage(container);
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
 * Adopts the HTML the server rendered: the same answers in the query cache and the page's code
 * loaded before the first render, so React's first render is exactly the server's HTML.
 */
async function hydrateServerPage(root: HTMLElement) {
  hydrate(queryClient, readServerQueryState(document));
  await loadMatchedRouteModules(window.location.pathname);
  // No route has a loader: the router starts with nothing to wait for.
  const router = createAppRouter({ loaderData: {}, actionData: null, errors: null });
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
