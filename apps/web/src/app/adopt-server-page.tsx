import { StrictMode, useEffect, type ReactNode } from 'react';
import { SERVER_RENDERED_ATTRIBUTE } from '@store/contracts/server-rendering';

/**
 * What the browser hydrates a server-rendered page with: the app in the same shape as the
 * server rendered it (StrictMode around one child), so every `useId` comes out the same on both
 * sides. A sibling beside the app would shift the browser's ids, leaving `aria-controls` and
 * labels on the server's HTML pointing at elements that mount with other ids.
 */
export function adoptedServerPage(root: HTMLElement, app: ReactNode) {
  return (
    <StrictMode>
      <AdoptedMark root={root}>{app}</AdoptedMark>
    </StrictMode>
  );
}

/**
 * Takes the server's mark off `#root` once React has adopted the page (a parent's effects run
 * after its children's, once hydration commits): the page's buttons, which take no clicks until
 * then (index.css), work. Renders only its child, so the server's HTML still matches.
 */
function AdoptedMark({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.removeAttribute(SERVER_RENDERED_ATTRIBUTE), [root]);
  return children;
}
