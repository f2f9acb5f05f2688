import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False in the server's HTML and while the browser adopts it, true once React runs the page:
 * a control that needs JavaScript (an add-to-cart button) renders disabled until then, so a
 * click on the server's HTML before hydration is not silently lost. The server snapshot is used
 * during hydration, so the first browser render matches the server's HTML (no mismatch); a page
 * rendered in the browser alone is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
