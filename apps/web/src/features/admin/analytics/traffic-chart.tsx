import { useCallback } from 'react';
import type { AnalyticsDashboard } from '@store/contracts/admin';
import { useUPlot, type ChartTheme } from '../components/use-uplot';
import { formatCount, formatDay } from './analytics-format';

type Day = AnalyticsDashboard['days'][number];

const SERIES = [
  { key: 'visitors', label: 'Visitors', colour: 'success', swatch: 'bg-success' },
  { key: 'pageviews', label: 'Pageviews', colour: 'warning', swatch: 'bg-warning' },
] as const;

/**
 * Visitors and pageviews per store day, drawn with uPlot in the theme's colours. The drawing is
 * hidden from screen readers: they get the same numbers as a table.
 */
export function TrafficChart({ days, summary, height = 240 }: { days: Day[]; summary: string; height?: number }) {
  const box = useUPlot(
    height,
    useCallback(
      (theme: ChartTheme) => ({
        options: {
          axes: [
            { ...theme.axis, values: (_, ticks) => ticks.map((tick) => days[Math.round(tick)]?.day.slice(5) ?? '') },
            { ...theme.axis, size: 56, values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? formatCount(tick) : '')) },
          ],
          series: [
            {},
            ...SERIES.map((series) => ({
              label: series.label,
              stroke: theme[series.colour],
              width: 2,
              fill: series.key === 'visitors' ? `${theme.success}22` : undefined,
              points: { show: days.length <= 31 },
            })),
          ],
        },
        data: [days.map((_, index) => index), ...SERIES.map((series) => days.map((day) => day[series.key]))],
      }),
      [days],
    ),
  );

  return (
    <figure className="relative m-0 flex min-w-0 flex-col gap-2">
      <ul aria-hidden="true" className="flex flex-wrap gap-4 text-sm text-secondary">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span className={`inline-block h-1 w-5 rounded-full ${series.swatch}`} />
            {series.label}
          </li>
        ))}
      </ul>
      <div ref={box} aria-hidden="true" className="w-full" style={{ minHeight: height }} />
      <figcaption className="sr-only">{summary}</figcaption>
      {/* A table is never narrower than its cells: the 1px clip goes on a box around it, or it widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Pageviews</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{formatCount(day.visitors)}</td>
                <td>{formatCount(day.pageviews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
