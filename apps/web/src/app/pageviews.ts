import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { claimLandingPageview, track } from '#web/lib/analytics.ts';

/**
 * One `pageview` per page the shopper lands on: the first load and every change of path. A
 * change of the query or the hash alone (a filter, an anchor) is the same page. Sent from an
 * effect, after the route has rendered, so counting never delays a page; and at once, not on a
 * timer, which a click as the page comes alive would cancel (the landing page and its campaign
 * would be lost). The first page view tells where the visitor came from (the server keeps only
 * another site's host); later ones the store page before.
 */
export function usePageviews() {
  const { pathname, search, hash } = useLocation();
  // The page this render shows. Not the address bar's: a click replayed as the page comes alive
  // may have moved it on to the next page before this effect runs, and the landing page's
  // campaign would be counted for a page without it.
  const shown = `${pathname}${search}${hash}`;
  const counted = useRef<{ pathname: string; url: string } | null>(null);

  useEffect(() => {
    // The ref outlives StrictMode's second run of this effect, so one event goes.
    if (counted.current?.pathname === pathname) return;
    const previous = counted.current;
    const url = new URL(shown, window.location.origin).href;
    counted.current = { pathname, url };
    if (!previous && !claimLandingPageview()) return;
    track('pageview', undefined, { url, referrer: previous ? previous.url : document.referrer });
  }, [pathname, shown]);
}
