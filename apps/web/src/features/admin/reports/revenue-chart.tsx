import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartPoint {
  /** The period's first day, `YYYY-MM-DD`. */
  label: string;
  /** Minor units. */
  value: number;
}

/** The theme's colours, read from its CSS variables (they change with the `dark` class). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: read('--secondary', '#575757'), line: read('--success', '#15803d'), grid: read('--border', '#575757') };
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
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let plot: uPlot | undefined;
    const xs = points.map((_, index) => index);
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
            { ...axis, values: (_, ticks) => ticks.map((tick) => points[Math.round(tick)]?.label.slice(5) ?? '') },
            { ...axis, size: 70, values: (_, ticks) => ticks.map((tick) => format(tick)) },
          ],
          series: [{}, { label: 'Revenue', stroke: colours.line, width: 2, fill: `${colours.line}22`, points: { show: points.length <= 31 } }],
        },
        [xs, points.map((point) => point.value)],
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
  }, [points, format, height]);

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
