import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const PENDING_REMIX_KEY = 'pendingRemix';

/**
 * docs/behaviour/site.md#scrolling-and-pending-remix: every path change scrolls to the top smoothly, and the `inspiration`
 * and `remix` query parameters on any page are kept in session storage as a pending remix.
 */
export function NavigationEffects() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);

  useEffect(() => {
    storePendingRemix(search);
  }, [search]);

  return null;
}

export function storePendingRemix(search: string) {
  const params = new URLSearchParams(search);
  const inspiration = params.get('inspiration');
  const remix = params.get('remix');
  if (inspiration === null && remix === null) return;
  const pending = {
    ...(inspiration !== null && { inspiration: inspiration.slice(0, 500) }),
    ...(remix !== null && { remix: remix.slice(0, 500) }),
    savedAt: new Date().toISOString(),
  };
  try {
    sessionStorage.setItem(PENDING_REMIX_KEY, JSON.stringify(pending));
  } catch {
    // Storage can be full or disabled (private mode); the remix is a convenience only.
  }
}
