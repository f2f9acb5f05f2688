import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The theme's chart colours, read from its CSS variables (they change with the `dark` class). */
export interface ChartTheme {
  success: string;
  warning: string;
  /** Axis style in those colours, for every axis of a chart. */
  axis: uPlot.Axis;
}

function readTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const [text, grid] = [read('--secondary', '#575757'), read('--border', '#575757')];
  return {
    success: read('--success', '#15803d'),
    warning: read('--warning', '#a16207'),
    axis: { stroke: text, grid: { stroke: `${grid}40`, width: 1 }, ticks: { stroke: `${grid}60`, width: 1 } },
  };
}

/**
 * Draws a uPlot chart into the returned box: as wide as the box, `height` tall, without uPlot's
 * legend or drag-zoom, and redrawn when the theme changes. `configure` (memoised by the caller)
 * gives the axes, series and data in the theme's colours.
 */
export function useUPlot(height: number, configure: (theme: ChartTheme) => { options: Pick<uPlot.Options, 'axes' | 'series'>; data: uPlot.AlignedData }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let plot: uPlot | undefined;
    const width = () => Math.max(element.clientWidth, 200);
    const draw = () => {
      plot?.destroy();
      const { options, data } = configure(readTheme());
      plot = new uPlot(
        { width: width(), height, legend: { show: false }, cursor: { drag: { x: false, y: false } }, scales: { x: { time: false } }, ...options },
        data,
        element,
      );
    };
    draw();
    const resized = new ResizeObserver(() => plot?.setSize({ width: width(), height }));
    resized.observe(element);
    // Redrawn when the theme changes (the `dark` class on <html>).
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      plot?.destroy();
    };
  }, [configure, height]);

  return box;
}
