import { useCallback } from 'react';
import { useUPlot, type ChartTheme } from '../components/use-uplot';

export interface ChartPoint {
  /** The period's first day, `YYYY-MM-DD`. */
  label: string;
  /** Minor units. */
  value: number;
}

/**
 * A line chart of money per period (uPlot, loaded with the admin's pages only). It is hidden from
 * screen readers: `summary` says what it shows, and the page shows the same numbers in a table.
 */
export function RevenueChart({
  points,
  format,
  summary,
  valueLabel = 'Net revenue',
  height = 240,
}: {
  points: ChartPoint[];
  format: (minor: number) => string;
  summary: string;
  valueLabel?: string;
  height?: number;
}) {
  const box = useUPlot(
    height,
    useCallback(
      (theme: ChartTheme) => ({
        options: {
          axes: [
            { ...theme.axis, values: (_, ticks) => ticks.map((tick) => points[Math.round(tick)]?.label.slice(5) ?? '') },
            { ...theme.axis, size: 70, values: (_, ticks) => ticks.map((tick) => format(tick)) },
          ],
          series: [{}, { label: 'Revenue', stroke: theme.success, width: 2, fill: `${theme.success}22`, points: { show: points.length <= 31 } }],
        },
        data: [points.map((_, index) => index), points.map((point) => point.value)],
      }),
      [points, format],
    ),
  );

  return (
    <figure className="relative m-0 min-w-0">
      <div ref={box} aria-hidden="true" className="w-full" style={{ minHeight: height }} />
      <figcaption className="sr-only">{summary}</figcaption>
      {/* A table is never narrower than its cells: the 1px clip goes on a box around it, or it widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
