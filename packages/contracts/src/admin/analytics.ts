import { z } from 'zod';
import { reportQuerySchema } from './reports';

/**
 * The back office's analytics (docs/decisions/0038-first-party-analytics.md). Days are store days
 * (its time zone), inclusive. A visitor is a visitor id of one UTC day: ids change daily, so the
 * same person on two days counts twice, and "visitors" over a range is the sum of each day's.
 */

/** `GET /api/admin/analytics?from&to`: default, the last 30 store days including today. */
export const analyticsQuerySchema = reportQuerySchema;
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** The funnel's steps, in order; `purchase` is recorded by the server from the payment webhook. */
export const FUNNEL_STEPS = ['product_view', 'add_to_cart', 'checkout_start', 'purchase'] as const;
export type FunnelStepName = (typeof FUNNEL_STEPS)[number];

/** How many rows each breakdown lists at most (the busiest first). */
export const ANALYTICS_TOP_ROWS = 10;
/** The live counter's window. */
export const LIVE_VISITORS_MINUTES = 30;

const count = z.number().int().nonnegative();
/** A share from 0 to 1; null when there is nothing to divide by. */
const share = z.number().min(0).max(1).nullable();

export const trafficTotalsSchema = z.object({
  visitors: count,
  visits: count,
  pageviews: count,
  /** Visits with a single pageview, as a share of visits. */
  bounceRate: share,
  /** Average visit length in seconds, first to last event; null without visits. */
  visitDurationSeconds: z.number().nonnegative().nullable(),
});
export type TrafficTotals = z.infer<typeof trafficTotalsSchema>;

/**
 * One row of a breakdown. `value` is null for "none": a visit without an external referrer
 * (direct), or a browser the parser did not know. Pages count visitors and pageviews; the others
 * count visitors and visits, each visit by its first event.
 */
export const breakdownRowSchema = z.object({
  value: z.string().nullable(),
  visitors: count,
  visits: count,
  pageviews: count,
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const funnelStepSchema = z.object({
  name: z.enum(FUNNEL_STEPS),
  /** Visitors who took this step after every step before it, on the same day. */
  visitors: count,
  /** Of the previous step's visitors, the share who took this one; null for the first step or after 0. */
  conversion: share,
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const productFunnelSchema = z.object({
  /** The product's catalogue path (`remidi-4`), as the events carry it. */
  product: z.string(),
  /** Its name in the catalogue now; null for a product no longer there. */
  name: z.string().nullable(),
  steps: z.array(funnelStepSchema).length(FUNNEL_STEPS.length),
  /** Purchases ÷ product views; null without views. */
  overallConversion: share,
});
export type ProductFunnel = z.infer<typeof productFunnelSchema>;

export const analyticsDashboardSchema = z.object({
  scope: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string(),
    /** The period just before, of the same length, that the totals are compared with. */
    previousFrom: z.iso.date(),
    previousTo: z.iso.date(),
    /** Whether the store records events now (ANALYTICS=off stops it; what was recorded stays readable). */
    recording: z.boolean(),
  }),
  totals: trafficTotalsSchema,
  previousTotals: trafficTotalsSchema,
  /** One entry per store day of the range, empty days included, in order. */
  days: z.array(z.object({ day: z.iso.date(), visitors: count, visits: count, pageviews: count })),
  pages: z.array(breakdownRowSchema),
  entryPages: z.array(breakdownRowSchema),
  referrers: z.array(breakdownRowSchema),
  /** Visits from links with a `utm_source` only: the untagged rest are not a source. */
  utmSources: z.array(breakdownRowSchema),
  devices: z.array(breakdownRowSchema),
  browsers: z.array(breakdownRowSchema),
  operatingSystems: z.array(breakdownRowSchema),
  /** Per product, the busiest first (by product views), then every product together. */
  funnels: z.array(productFunnelSchema),
  allProductsFunnel: productFunnelSchema.omit({ product: true, name: true }),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

/** `GET /api/admin/analytics/live`: distinct visitors with an event in the last 30 minutes. */
export const liveVisitorsSchema = z.object({
  visitors: count,
  since: z.iso.datetime({ offset: true }),
  recording: z.boolean(),
});
export type LiveVisitors = z.infer<typeof liveVisitorsSchema>;
