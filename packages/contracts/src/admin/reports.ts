import { z } from 'zod';
import { DAY_RANGE_ORDER_MESSAGE, dayRangeFields, isOrderedRange } from './orders';

/**
 * The back office's dashboard and sales reports. Amounts are integer minor units of the store
 * currency; days, weeks (ISO, from Monday) and months are counted in the store's time zone.
 */

/** The longest range a report covers: about three years. */
export const REPORT_MAX_DAYS = 1100;
export const REPORT_RANGE_TOO_LONG_MESSAGE = 'Pick at most three years: a longer report would be slow to read. Narrow the dates.';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Whether `from`…`to` spans at most REPORT_MAX_DAYS days (an open side counts as within). */
export const isReportRangeShortEnough = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || dayNumber(range.to) - dayNumber(range.from) < REPORT_MAX_DAYS;

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export const reportIntervalSchema = z.enum(REPORT_INTERVALS, { error: 'Choose day, week or month.' });
export type ReportInterval = z.infer<typeof reportIntervalSchema>;

const withRangeChecks = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object(shape)
    .refine(isOrderedRange, { message: DAY_RANGE_ORDER_MESSAGE, path: ['to'] })
    .refine(isReportRangeShortEnough, { message: REPORT_RANGE_TOO_LONG_MESSAGE, path: ['from'] });

/** `GET /api/admin/reports/<name>` (and `<name>.csv`): store days, inclusive; default: this month. */
export const reportQuerySchema = withRangeChecks({ ...dayRangeFields });
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const revenueReportQuerySchema = withRangeChecks({ ...dayRangeFields, interval: reportIntervalSchema.default('day') });
export type RevenueReportQuery = z.input<typeof revenueReportQuerySchema>;

/** What every report states about itself: the days it covers and what it left out. */
export const reportScopeSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  currency: z.string().length(3),
  /** Orders in the range paid in another currency: not counted. */
  otherCurrencyOrders: z.number().int().nonnegative(),
});
export type ReportScope = z.infer<typeof reportScopeSchema>;

const moneyFigures = {
  revenueMinor: z.number().int(),
  refundedMinor: z.number().int(),
  netMinor: z.number().int(),
};

export const revenueFiguresSchema = z.object({ orders: z.number().int().nonnegative(), units: z.number().int().nonnegative(), ...moneyFigures });
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const revenueReportSchema = z.object({
  scope: reportScopeSchema,
  interval: reportIntervalSchema,
  /** Every period of the range, in order, empty ones included; `period` is its first day. */
  periods: z.array(revenueFiguresSchema.extend({ period: z.iso.date() })),
  totals: revenueFiguresSchema,
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const productReportRowSchema = z.object({
  productId: z.number().int().positive(),
  name: z.string(),
  unitsSold: z.number().int().nonnegative(),
  unitsRefunded: z.number().int().nonnegative(),
  ...moneyFigures,
});
export const productReportSchema = z.object({
  scope: reportScopeSchema,
  products: z.array(productReportRowSchema),
  totals: productReportRowSchema.omit({ productId: true, name: true }),
});
export type ProductReport = z.infer<typeof productReportSchema>;

export const couponReportRowSchema = z.object({
  code: z.string(),
  orders: z.number().int().nonnegative(),
  /** The line discounts of the orders that used the code. */
  discountMinor: z.number().int(),
  /** Those orders' revenue (after discounts, before tax). */
  revenueMinor: z.number().int(),
});
export const couponReportSchema = z.object({ scope: reportScopeSchema, coupons: z.array(couponReportRowSchema) });
export type CouponReport = z.infer<typeof couponReportSchema>;

export const trialReportRowSchema = z.object({
  productId: z.number().int().positive(),
  name: z.string(),
  /** Trial licences started in the range. */
  trials: z.number().int().nonnegative(),
  /** Of which a paid licence of the same product for the same email followed. */
  converted: z.number().int().nonnegative(),
  /** converted ÷ trials, 0…1. */
  conversionRate: z.number().min(0).max(1),
  medianDaysToConvert: z.number().nonnegative().nullable(),
});
export const trialReportSchema = z.object({ scope: reportScopeSchema, products: z.array(trialReportRowSchema) });
export type TrialReport = z.infer<typeof trialReportSchema>;

export const REPORT_NAMES = ['revenue', 'products', 'coupons', 'trials'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** `GET /api/admin/dashboard`: the back office's home. */
export const dashboardSchema = z.object({
  currency: z.string().length(3),
  timeZone: z.string(),
  today: revenueFiguresSchema.extend({ day: z.iso.date() }),
  month: revenueFiguresSchema.extend({ from: z.iso.date(), to: z.iso.date() }),
  /** The last 30 store days, oldest first, every day present. */
  series: z.array(z.object({ day: z.iso.date(), revenueMinor: z.number().int(), netMinor: z.number().int() })),
  topProducts: z.array(
    z.object({ productId: z.number().int().positive(), name: z.string(), units: z.number().int().nonnegative(), revenueMinor: z.number().int() }),
  ),
  /** Refunds made this month. */
  refunds: z.object({ count: z.number().int().nonnegative(), amountMinor: z.number().int() }),
  /** Orders this month in another currency (not counted above). */
  otherCurrencyOrders: z.number().int().nonnegative(),
  problems: z.object({
    failedEmails: z.object({
      count: z.number().int().nonnegative(),
      latest: z.array(
        z.object({
          id: z.number().int().positive(),
          kind: z.string(),
          subject: z.string(),
          lastError: z.string().nullable(),
          createdAt: z.iso.datetime({ offset: true }),
          /** The order page, when the message was about an order. */
          href: z.string().nullable(),
        }),
      ),
    }),
    webhookEvents: z.object({
      count: z.number().int().nonnegative(),
      latest: z.array(
        z.object({
          eventId: z.string(),
          type: z.string(),
          outcome: z.string(),
          message: z.string().nullable(),
          receivedAt: z.iso.datetime({ offset: true }),
          href: z.string().nullable(),
        }),
      ),
    }),
    missingFiles: z.object({
      /** When storage was last checked (every 10 minutes at most); null until the first check ends. */
      checkedAt: z.iso.datetime({ offset: true }).nullable(),
      count: z.number().int().nonnegative(),
      files: z.array(z.object({ productName: z.string(), version: z.string(), filename: z.string(), href: z.string() })),
    }),
  }),
  lyra: z.object({
    /** Questions Lyra could not answer in the last 30 days. */
    count: z.number().int().nonnegative(),
    latest: z.array(z.object({ id: z.number().int().positive(), question: z.string(), createdAt: z.iso.datetime({ offset: true }) })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
