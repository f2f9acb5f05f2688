import type { AnalyticsEvent, AnalyticsEventName } from '@store/contracts/analytics';
import { PAGEVIEW_COUNTED_ATTRIBUTE } from '@store/contracts/server-rendering';
// Not imported from the API client: this module is in the first chunk, and importing the client
// here splits it and its imports into extra files the first page must fetch.
const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

/**
 * The storefront's side of first-party analytics (docs/decisions/0038-first-party-analytics.md):
 * one small request per event, nothing kept in the browser. A shopper who asked not to be tracked
 * (Do Not Track, Global Privacy Control) sends nothing at all; the server would ignore it anyway.
 */

const EVENT_PATH = '/api/analytics/event';

type AnalyticsProps = NonNullable<AnalyticsEvent['props']>;

/** Whether this browser may send events: not when the shopper asked not to be tracked. */
export function analyticsAllowed(): boolean {
  if (typeof navigator === 'undefined') return false;
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return navigator.doNotTrack !== '1' && privacy.globalPrivacyControl !== true;
}

/** The page an event is about: `url` when not the address bar's now, `referrer` the page the visitor came from, when there is one to tell. */
interface EventPage {
  url?: string;
  referrer?: string;
}

/** Sends one event. Never throws and never waits: analytics must not break or slow a page. */
export function track(name: AnalyticsEventName, props?: AnalyticsProps, { url, referrer }: EventPage = {}): void {
  try {
    if (!analyticsAllowed()) return;
    const event: AnalyticsEvent = {
      name,
      url: url ?? window.location.href,
      ...(referrer ? { referrer } : {}),
      ...(props && Object.keys(props).length > 0 ? { props } : {}),
    };
    send(JSON.stringify(event));
  } catch {
    // Analytics is never worth an error on the shopper's page.
  }
}

/**
 * Claims the page view of the page the shopper landed on. False when index.html's loader already
 * sent it (the shopper left a rendered page before this code ran, and came back to it).
 */
export function claimLandingPageview(): boolean {
  const html = document.documentElement;
  if (html.hasAttribute(PAGEVIEW_COUNTED_ATTRIBUTE)) return false;
  html.setAttribute(PAGEVIEW_COUNTED_ATTRIBUTE, '');
  return true;
}

/** sendBeacon survives the page being left; a string body goes as text/plain, which the route reads as JSON. */
function send(body: string): void {
  const url = `${API_BASE_URL}${EVENT_PATH}`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain' }, body }).catch(() => {
    // Lost events are acceptable; the page must not notice.
  });
}

/**
 * A random code for one checkout, linking its `checkout_start` to the order the payment webhook
 * brings back. Kept in memory only; none when the shopper is not tracked.
 */
export function newCheckoutCode(): string | undefined {
  if (!analyticsAllowed()) return undefined;
  try {
    return crypto.randomUUID().replaceAll('-', '');
  } catch {
    // randomUUID needs a secure context; without it the checkout is simply not linked.
    return undefined;
  }
}
