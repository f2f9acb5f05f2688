import { LIVE_VISITORS_MINUTES, type AnalyticsDashboard, type LiveVisitors } from '@store/contracts/admin';
import { nextDay, startOfStoreDay, storeDayOf } from '#server/lib/store-days.ts';
import type { AnalyticsDashboardRepository, FiguresRow, Span } from './analytics-dashboard.repository';
import { breakdownOf, daysOf, funnelProducts, funnelsOf, totalsOf } from './analytics-figures';
import { utcDay } from './visitor-id';

export interface AnalyticsRange {
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Days shown when the range is not given: the last 30 store days, today included. */
const DEFAULT_DAYS = 30;

const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** The rollup is by the UTC hour: a store day starting mid-hour (a half-hour time zone) is read from that hour. */
const hourOf = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);

/** The store days of a range, in order. */
export function storeDaysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** The range asked for, else 30 days ending today, or 30 days from `from` or ending at `to` when only one is given. */
export function resolveRange(range: AnalyticsRange, today: string) {
  const to = range.to ?? (range.from ? addDays(range.from, DEFAULT_DAYS - 1) : today);
  const from = range.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const length = daysBetween(from, to) + 1;
  return { from, to, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

/** The UTC days touching `[start, end)` that are not rolled up, as runs of whole days to read from the raw events. */
export function rawSpansOf(span: Span, rolledDays: Iterable<string>): Span[] {
  const rolled = new Set(rolledDays);
  const spans: Span[] = [];
  const last = utcDay(new Date(span.end.getTime() - 1));
  for (let day = utcDay(span.start); day <= last; day = nextDay(day)) {
    if (rolled.has(day)) continue;
    const [start, end] = [new Date(`${day}T00:00:00Z`), new Date(`${nextDay(day)}T00:00:00Z`)];
    const previous = spans.at(-1);
    if (previous && previous.end.getTime() === start.getTime()) previous.end = end;
    else spans.push({ start, end });
  }
  return spans;
}

/**
 * The back office's analytics page: traffic, sources and the purchase funnel over store days,
 * compared with the period before; finished UTC days come from the hourly rollup, the others
 * from the raw events through the same SQL. Read-only.
 */
export function createAnalyticsDashboardService(options: {
  repository: AnalyticsDashboardRepository;
  timeZone: string;
  /** Whether the store records events now (ANALYTICS). */
  recording: boolean;
  now?: () => Date;
}) {
  const { repository, timeZone, recording } = options;
  const now = options.now ?? (() => new Date());
  const startOf = (day: string) => hourOf(startOfStoreDay(day, timeZone));

  async function figures(previousStart: Date, current: Span): Promise<FiguresRow[]> {
    const whole = { start: previousStart, end: current.end };
    const rolled = await repository.rolledDays(utcDay(whole.start), utcDay(new Date(whole.end.getTime() - 1)));
    return repository.figures({ previousStart, current, timeZone, rawSpans: rawSpansOf(whole, rolled) });
  }

  return {
    async dashboard(range: AnalyticsRange): Promise<AnalyticsDashboard> {
      const { from, to, previousFrom, previousTo } = resolveRange(range, storeDayOf(now(), timeZone));
      const current = { start: startOf(from), end: startOf(nextDay(to)) };
      const rows = await figures(startOf(previousFrom), current);
      const currentRows = rows.filter((row) => row.current);
      const names = await repository.productNames(funnelProducts(currentRows));
      const totalOf = (part: FiguresRow[]) => totalsOf(part.filter((row) => row.dimension === 'total'));
      return {
        scope: { from, to, timeZone, previousFrom, previousTo, recording },
        totals: totalOf(currentRows),
        previousTotals: totalOf(rows.filter((row) => !row.current)),
        days: daysOf(
          currentRows.filter((row) => row.dimension === 'total'),
          storeDaysOf(from, to),
        ),
        pages: breakdownOf(currentRows, 'page', { rank: 'pageviews' }),
        entryPages: breakdownOf(currentRows, 'entry_page'),
        referrers: breakdownOf(currentRows, 'referrer'),
        utmSources: breakdownOf(currentRows, 'utm_source', { taggedOnly: true }),
        devices: breakdownOf(currentRows, 'device'),
        browsers: breakdownOf(currentRows, 'browser'),
        operatingSystems: breakdownOf(currentRows, 'os'),
        ...funnelsOf(currentRows, names),
      };
    },

    async live(): Promise<LiveVisitors> {
      const since = new Date(now().getTime() - LIVE_VISITORS_MINUTES * 60_000);
      return { visitors: await repository.visitorsSince(since), since: since.toISOString(), recording };
    },
  };
}

export type AnalyticsDashboardService = ReturnType<typeof createAnalyticsDashboardService>;
