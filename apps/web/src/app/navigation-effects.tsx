import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_PATH_PATTERN } from '@store/contracts/paths';
import { usePageviews } from './pageviews';

export const PENDING_REMIX_KEY = 'pendingRemix';

/**
 * docs/behaviour/site.md#scrolling-and-pending-remix: every path change scrolls to the top smoothly, and the `inspiration`
 * and `remix` query parameters on any page are kept in session storage as a pending remix.
 * Each new page is counted as a page view (first-party analytics, nothing kept in the browser).
 */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  usePageviews();

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

/** A remix a link asked for: what to wish for, and the product whose key and tempo seed it. */
export interface PendingRemix {
  inspiration?: string;
  remix?: string;
}

/**
 * Reads the pending remix and forgets it, so it is acted on once (docs/behaviour/lyra.md#the-panel-and-the-page).
 * A `remix` that is not a product path is dropped; without an inspiration it becomes nothing to ask.
 */
export function takePendingRemix(): PendingRemix | undefined {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(PENDING_REMIX_KEY);
    sessionStorage.removeItem(PENDING_REMIX_KEY);
  } catch {
    return undefined;
  }
  if (stored === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { inspiration, remix } = value as Record<string, unknown>;
  const pending: PendingRemix = {
    ...(typeof inspiration === 'string' && inspiration.trim() !== '' && { inspiration: inspiration.trim() }),
    ...(typeof remix === 'string' && PRODUCT_PATH_PATTERN.test(remix) && { remix }),
  };
  return pending.inspiration || pending.remix ? pending : undefined;
}
