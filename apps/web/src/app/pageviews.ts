import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { claimLandingPageview, track } from '#web/lib/analytics.ts';

/**
 * One `pageview` per page the shopper lands on: the first load and every change of path. A
 * change of the query or the hash alone (a filter, an anchor) is the same page. Sent after the
 * route has rendered, so counting never delays a page. The first page view tells where the
 * visitor came from (the server keeps only another site's host); later ones the store page before.
 */
export function usePageviews() {
  const { pathname } = useLocation();
  const counted = useRef<{ pathname: string; url: string } | null>(null);

  useEffect(() => {
    if (counted.current?.pathname === pathname) return;
    // StrictMode runs effects twice: the first timer is cleared before it fires, so one event goes.
    const timer = setTimeout(() => {
      const landing = counted.current === null;
      const referrer = counted.current ? counted.current.url : document.referrer;
      counted.current = { pathname, url: window.location.href };
      if (landing && !claimLandingPageview()) return;
      track('pageview', undefined, referrer);
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}
