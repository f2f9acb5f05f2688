import {
  DAY_RANGE_ORDER_MESSAGE,
  REPORT_INTERVALS,
  REPORT_RANGE_TOO_LONG_MESSAGE,
  isReportRangeShortEnough,
  type ReportInterval,
} from '@store/contracts/admin';

/** The ranges offered; 'this-month' lets the server pick the month in the store's time zone. */
export const RANGE_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-year', label: 'This year' },
  { value: 'custom', label: 'Custom dates' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export interface ReportRangeQuery {
  from?: string;
  to?: string;
}

export interface ReportSelection {
  preset: RangePreset;
  interval: ReportInterval;
  /** What the reports are asked for. */
  range: ReportRangeQuery;
  /** The custom dates as typed (kept while they are incomplete or wrong). */
  customFrom: string;
  customTo: string;
  /** Why the custom dates cannot be reported on; the reports are not asked then. */
  problem: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a calendar date; `month` counts from 0 and out-of-range parts roll over (day 0 is the month before's last). */
export const dayOf = (year: number, month: number, date: number) => {
  const day = new Date(Date.UTC(year, month, date));
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
};

/** The page's state from its URL (`?range=&from=&to=&interval=`); `today` is `YYYY-MM-DD`. */
export function selectionFromSearch(search: URLSearchParams, today: string): ReportSelection {
  const rangeParam = search.get('range');
  const preset: RangePreset = RANGE_PRESETS.some((option) => option.value === rangeParam)
    ? (rangeParam as RangePreset)
    : search.get('from') || search.get('to')
      ? 'custom'
      : 'this-month';
  const intervalParam = search.get('interval');
  const interval = (REPORT_INTERVALS as readonly string[]).includes(intervalParam ?? '') ? (intervalParam as ReportInterval) : 'day';
  const customFrom = search.get('from') ?? '';
  const customTo = search.get('to') ?? '';
  const [year, month] = today.split('-').map(Number) as [number, number];
  let range: ReportRangeQuery = {};
  let problem: string | null = null;
  if (preset === 'last-month') range = { from: dayOf(year, month - 2, 1), to: dayOf(year, month - 1, 0) };
  else if (preset === 'this-year') range = { from: `${year}-01-01`, to: `${year}-12-31` };
  else if (preset === 'custom') ({ range, problem } = customRange(customFrom, customTo, 'the reports'));
  return { preset, interval, range, customFrom, customTo, problem };
}

/** Typed dates as a range, or why they cannot be asked for (`what`: what the dates would show). */
export function customRange(from: string, to: string, what: string): { range: ReportRangeQuery; problem: string | null } {
  if (!DAY.test(from) || !DAY.test(to)) return { range: {}, problem: `Enter both dates to see ${what}.` };
  if (from > to) return { range: {}, problem: DAY_RANGE_ORDER_MESSAGE };
  if (!isReportRangeShortEnough({ from, to })) return { range: {}, problem: REPORT_RANGE_TOO_LONG_MESSAGE };
  return { range: { from, to }, problem: null };
}

/** The URL query for a change of the page's state (defaults left out). */
export function searchFor(selection: Pick<ReportSelection, 'preset' | 'interval' | 'customFrom' | 'customTo'>): Record<string, string> {
  const query: Record<string, string> = {};
  if (selection.preset !== 'this-month') query.range = selection.preset;
  if (selection.preset === 'custom') {
    if (selection.customFrom) query.from = selection.customFrom;
    if (selection.customTo) query.to = selection.customTo;
  }
  if (selection.interval !== 'day') query.interval = selection.interval;
  return query;
}

export const reportQueryString = (range: ReportRangeQuery) => new URLSearchParams(Object.entries(range).filter(([, value]) => value) as string[][]).toString();

/** Today in the browser's calendar, `YYYY-MM-DD`. */
export const localToday = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
