import type { CouponReport, Dashboard, ProductReport, ReportInterval, ReportScope, RevenueFigures, RevenueReport, TrialReport } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { nextDay, startOfStoreDay, storeDayOf } from '#server/lib/store-days.ts';
import type { MissingFilesCheck } from './missing-files';
import type { PeriodRow, ReportWindow, ReportsRepository } from './reports.repository';

export interface ReportRange {
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const lastOfMonth = (day: string) => addDays(firstOfMonth(addDays(firstOfMonth(day), 31)), -1);
/** The Monday of an ISO week. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const periodStart = (day: string, interval: ReportInterval) => (interval === 'day' ? day : interval === 'week' ? mondayOf(day) : firstOfMonth(day));
const nextPeriod = (start: string, interval: ReportInterval) =>
  interval === 'day' ? nextDay(start) : interval === 'week' ? addDays(start, 7) : firstOfMonth(addDays(start, 31));

/** Every period's first day from the one holding `from` to the one holding `to`. */
export function periodsBetween(from: string, to: string, interval: ReportInterval): string[] {
  const periods: string[] = [];
  for (let period = periodStart(from, interval); period <= to; period = nextPeriod(period, interval)) periods.push(period);
  return periods;
}

const zeroFigures = (): RevenueFigures => ({ orders: 0, units: 0, revenueMinor: 0, refundedMinor: 0, netMinor: 0 });
const figuresOf = (row: PeriodRow | undefined): RevenueFigures =>
  row
    ? { orders: row.orders, units: row.units, revenueMinor: row.revenueMinor, refundedMinor: row.refundedMinor, netMinor: row.revenueMinor - row.refundedMinor }
    : zeroFigures();
/** Each of the figures named by `keys` added up over `rows`. */
function addUp<Key extends string>(rows: ReadonlyArray<Record<Key, number>>, keys: readonly Key[]): Record<Key, number> {
  const total = Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
  for (const row of rows) for (const key of keys) total[key] += row[key];
  return total;
}
const REVENUE_FIGURES = ['orders', 'units', 'revenueMinor', 'refundedMinor', 'netMinor'] as const satisfies ReadonlyArray<keyof RevenueFigures>;
const PRODUCT_FIGURES = ['unitsSold', 'unitsRefunded', 'revenueMinor', 'refundedMinor', 'netMinor'] as const satisfies ReadonlyArray<
  keyof ProductReport['totals']
>;
const sumFigures = (rows: RevenueFigures[]): RevenueFigures => addUp(rows, REVENUE_FIGURES);

/**
 * The back office's numbers: the dashboard and the sales reports, in the store currency and the
 * store's time zone (docs/behaviour/back-office.md#reports). Read-only.
 */
export function createReportsService(options: {
  repository: ReportsRepository;
  missingFiles: MissingFilesCheck;
  currency: string;
  timeZone: string;
  now?: () => Date;
}) {
  const { repository, currency, timeZone } = options;
  const now = options.now ?? (() => new Date());

  /** The range asked for, or this month (in the store's time zone), as store days and instants. */
  function resolve(range: ReportRange): { from: string; to: string; window: ReportWindow } {
    const today = storeDayOf(now(), timeZone);
    const from = range.from ?? (range.to ? firstOfMonth(range.to) : firstOfMonth(today));
    const to = range.to ?? lastOfMonth(range.from ?? today);
    return { from, to, window: windowOf(from, to) };
  }
  const windowOf = (from: string, to: string): ReportWindow => ({
    start: startOfStoreDay(from, timeZone),
    end: startOfStoreDay(nextDay(to), timeZone),
    timeZone,
    currency,
  });
  async function scopeOf(from: string, to: string, window: ReportWindow): Promise<ReportScope> {
    return { from, to, timeZone, currency, otherCurrencyOrders: await repository.otherCurrencyOrders(window) };
  }

  return {
    resolve,

    async revenue(range: ReportRange, interval: ReportInterval): Promise<RevenueReport> {
      const { from, to, window } = resolve(range);
      const [rows, scope] = await Promise.all([repository.revenueByPeriod(window, interval), scopeOf(from, to, window)]);
      const byPeriod = new Map(rows.map((row) => [row.period, row]));
      const periods = periodsBetween(from, to, interval).map((period) => ({ period, ...figuresOf(byPeriod.get(period)) }));
      return { scope, interval, periods, totals: sumFigures(periods) };
    },

    async products(range: ReportRange): Promise<ProductReport> {
      const { from, to, window } = resolve(range);
      const [rows, scope] = await Promise.all([repository.byProduct(window), scopeOf(from, to, window)]);
      const products = rows.map((row) => ({ ...row, netMinor: row.revenueMinor - row.refundedMinor }));
      const totals = addUp(products, PRODUCT_FIGURES);
      return { scope, products, totals };
    },

    async coupons(range: ReportRange): Promise<CouponReport> {
      const { from, to, window } = resolve(range);
      const [coupons, scope] = await Promise.all([repository.byCoupon(window), scopeOf(from, to, window)]);
      return { scope, coupons };
    },

    async trials(range: ReportRange): Promise<TrialReport> {
      const { from, to, window } = resolve(range);
      const [rows, scope] = await Promise.all([repository.trials(window), scopeOf(from, to, window)]);
      return {
        scope,
        products: rows.map(({ medianDays, ...row }) => ({
          ...row,
          conversionRate: row.trials === 0 ? 0 : row.converted / row.trials,
          medianDaysToConvert: medianDays === null ? null : Math.round(medianDays * 10) / 10,
        })),
      };
    },

    async dashboard(): Promise<Dashboard> {
      const today = storeDayOf(now(), timeZone);
      const monthFrom = firstOfMonth(today);
      const seriesFrom = addDays(today, -29);
      const earliest = seriesFrom < monthFrom ? seriesFrom : monthFrom;
      const month = windowOf(monthFrom, today);
      const thirtyDaysAgo = new Date(now().getTime() - 30 * DAY_MS);
      const [days, topProducts, refundCount, otherCurrencyOrders, failedEmails, webhookEvents, lyra] = await Promise.all([
        repository.revenueByPeriod(windowOf(earliest, today), 'day'),
        repository.byProduct(month),
        repository.refundCount(month),
        repository.otherCurrencyOrders(month),
        repository.failedEmails(5),
        repository.webhookProblems(thirtyDaysAgo, 5),
        repository.unansweredQuestions(thirtyDaysAgo, 5),
      ]);
      const byDay = new Map(days.map((row) => [row.period, figuresOf(row)]));
      const figuresFor = (day: string) => byDay.get(day) ?? zeroFigures();
      const monthFigures = sumFigures(periodsBetween(monthFrom, today, 'day').map(figuresFor));
      const missing = options.missingFiles.latest();
      return {
        currency,
        timeZone,
        today: { day: today, ...figuresFor(today) },
        month: { from: monthFrom, to: today, ...monthFigures },
        series: periodsBetween(seriesFrom, today, 'day').map((day) => ({
          day,
          revenueMinor: figuresFor(day).revenueMinor,
          netMinor: figuresFor(day).netMinor,
        })),
        topProducts: topProducts
          .filter((row) => row.unitsSold > 0)
          .slice(0, 5)
          .map((row) => ({ productId: row.productId, name: row.name, units: row.unitsSold, revenueMinor: row.revenueMinor })),
        refunds: { count: refundCount, amountMinor: monthFigures.refundedMinor },
        otherCurrencyOrders,
        problems: {
          failedEmails: {
            count: failedEmails.count,
            latest: failedEmails.latest.map(({ orderId, ...email }) => ({ ...email, href: orderId ? paths.admin.order.getHref(orderId) : null })),
          },
          webhookEvents: {
            count: webhookEvents.count,
            latest: webhookEvents.latest.map(({ orderId, providerOrderId, ...event }) => ({
              ...event,
              href: orderId ? paths.admin.order.getHref(orderId) : providerOrderId ? paths.admin.orders.getHref({ q: providerOrderId }) : null,
            })),
          },
          missingFiles: {
            checkedAt: missing.checkedAt?.toISOString() ?? null,
            count: missing.files.length,
            files: missing.files.slice(0, 10).map((file) => ({
              productName: file.productName,
              version: file.version,
              filename: file.filename,
              href: paths.admin.releases.getHref(file.productId),
            })),
          },
        },
        lyra,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
