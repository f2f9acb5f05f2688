import type { NewAnalyticsEventRow } from '../src/db/schema';

/** A stored analytics event as the collector writes it, from a desktop Firefox on Windows unless `extra` says otherwise. */
export const analyticsEvent = (
  instant: string,
  visitorId: string,
  name: string,
  pathname: string,
  extra: Partial<NewAnalyticsEventRow> = {},
): NewAnalyticsEventRow => ({
  occurredAt: new Date(instant),
  name,
  visitorId,
  pathname,
  device: 'desktop',
  browser: 'Firefox',
  os: 'Windows',
  ...extra,
});
