import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsDashboard } from '@store/contracts/admin';
import { formatCount, formatDay } from './analytics-format';

type Day = AnalyticsDashboard['days'][number];

/** The theme's colours, read from its CSS variables (they change with the `dark` class). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--secondary', '#575757'),
    grid: read('--border', '#575757'),
    visitors: read('--success', '#15803d'),
    pageviews: read('--warning', '#a16207'),
  };
}

const SERIES = [
  { key: 'visitors', label: 'Visitors', colour: 'visitors', swatch: 'bg-success' },
  { key: 'pageviews', label: 'Pageviews', colour: 'pageviews', swatch: 'bg-warning' },
] as const;

/**
 * Visitors and pageviews per store day, drawn with uPlot in the theme's colours. The drawing is
 * hidden from screen readers: they get the same numbers as a table.
 */
export function TrafficChart({ days, summary, height = 240 }: { days: Day[]; summary: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const colours = themeColours();
      const axis = { stroke: colours.text, grid: { stroke: `${colours.grid}40`, width: 1 }, ticks: { stroke: `${colours.grid}60`, width: 1 } };
      plot = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            { ...axis, values: (_, ticks) => ticks.map((tick) => days[Math.round(tick)]?.day.slice(5) ?? '') },
            { ...axis, size: 56, values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? formatCount(tick) : '')) },
          ],
          series: [
            {},
            ...SERIES.map((series) => ({
              label: series.label,
              stroke: colours[series.colour],
              width: 2,
              fill: series.key === 'visitors' ? `${colours.visitors}22` : undefined,
              points: { show: days.length <= 31 },
            })),
          ],
        },
        [days.map((_, index) => index), ...SERIES.map((series) => days.map((day) => day[series.key]))],
        element,
      );
    };
    draw();
    const resized = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resized.observe(element);
    // Redrawn when the theme changes (the `dark` class on <html>).
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      plot?.destroy();
    };
  }, [days, height]);

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
