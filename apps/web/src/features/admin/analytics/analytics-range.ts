import { customRange, dayOf, type ReportRangeQuery } from '../reports/report-range';

/** The ranges offered; 'last-30-days' leaves the days to the server, which counts them in the store's time zone. */
export const ANALYTICS_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom dates' },
] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number]['value'];
const DEFAULT_PRESET: AnalyticsPreset = 'last-30-days';

export interface AnalyticsSelection {
  preset: AnalyticsPreset;
  /** What the dashboard is asked for; empty for the server's default. */
  range: ReportRangeQuery;
  /** The custom dates as typed (kept while they are incomplete or wrong). */
  customFrom: string;
  customTo: string;
  /** Why the custom dates cannot be shown; the dashboard is not asked then. */
  problem: string | null;
}

/** The days of a preset ending `today` (`YYYY-MM-DD`), today included. */
function presetRange(preset: Exclude<AnalyticsPreset, 'custom' | 'last-30-days'>, today: string): ReportRangeQuery {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const from = {
    today,
    'last-7-days': dayOf(year, month - 1, date - 6),
    'this-month': dayOf(year, month - 1, 1),
    // A year back plus a day: twelve months of days, ending today.
    'last-12-months': dayOf(year - 1, month - 1, date + 1),
  }[preset];
  return { from, to: today };
}

/** The page's state from its URL (`?range=&from=&to=`); `today` is `YYYY-MM-DD`. */
export function analyticsSelectionFromSearch(search: URLSearchParams, today: string): AnalyticsSelection {
  const rangeParam = search.get('range');
  const preset: AnalyticsPreset = ANALYTICS_PRESETS.some((option) => option.value === rangeParam)
    ? (rangeParam as AnalyticsPreset)
    : search.get('from') || search.get('to')
      ? 'custom'
      : DEFAULT_PRESET;
  const customFrom = search.get('from') ?? '';
  const customTo = search.get('to') ?? '';
  if (preset === 'custom') return { preset, customFrom, customTo, ...customRange(customFrom, customTo, 'the analytics') };
  const range = preset === 'last-30-days' ? {} : presetRange(preset, today);
  return { preset, range, customFrom, customTo, problem: null };
}

/** The URL query for a change of the page's state (the default left out). */
export function analyticsSearchFor(selection: Pick<AnalyticsSelection, 'preset' | 'customFrom' | 'customTo'>): Record<string, string> {
  const query: Record<string, string> = {};
  if (selection.preset !== DEFAULT_PRESET) query.range = selection.preset;
  if (selection.preset === 'custom') {
    if (selection.customFrom) query.from = selection.customFrom;
    if (selection.customTo) query.to = selection.customTo;
  }
  return query;
}
