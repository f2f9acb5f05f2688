import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUPlot, type ChartTheme } from './use-uplot';

const plots = vi.hoisted(() => [] as Array<{ options: { width: number; height: number; series: unknown[] }; destroyed: boolean }>);
vi.mock('uplot', () => ({
  default: class {
    record: (typeof plots)[number];
    constructor(options: (typeof plots)[number]['options']) {
      this.record = { options, destroyed: false };
      plots.push(this.record);
    }
    destroy() {
      this.record.destroyed = true;
    }
    setSize() {}
  },
}));

class NoopResizeObserver {
  observe() {}
  disconnect() {}
}

const configure = (theme: ChartTheme) => ({ options: { series: [{}, { stroke: theme.success }] }, data: [[0], [1]] as [number[], number[]] });

function Chart() {
  const box = useUPlot(180, configure);
  return <div ref={box} />;
}

afterEach(() => {
  plots.length = 0;
  document.documentElement.className = '';
  document.documentElement.style.removeProperty('--success');
  vi.unstubAllGlobals();
});

describe('useUPlot', () => {
  it('draws once at the given height, redraws in the new colours when the theme changes, and cleans up on unmount', async () => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    document.documentElement.style.setProperty('--success', '#00aa00');
    const { unmount } = render(<Chart />);
    expect(plots).toHaveLength(1);
    expect(plots[0]!.options).toMatchObject({ height: 180, width: 200, series: [{}, { stroke: '#00aa00' }] });

    document.documentElement.style.setProperty('--success', '#55ff55');
    await act(async () => {
      document.documentElement.classList.add('dark');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(plots).toHaveLength(2);
    expect(plots[0]!.destroyed).toBe(true);
    expect(plots[1]!.options.series).toEqual([{}, { stroke: '#55ff55' }]);

    unmount();
    expect(plots[1]!.destroyed).toBe(true);
  });
});
