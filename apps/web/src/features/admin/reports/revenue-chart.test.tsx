import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RevenueChart } from './revenue-chart';

// uPlot reads the pixel ratio with matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
});

describe('the revenue chart', () => {
  it('hides the drawing from screen readers and gives them the same numbers as a table', () => {
    const { container } = render(
      <RevenueChart
        points={[
          { label: '2025-03-01', value: 1999 },
          { label: '2025-03-02', value: 0 },
        ]}
        format={(minor) => `$${(minor / 100).toFixed(2)}`}
        summary="Net revenue per day: $19.99 in all."
      />,
    );
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Net revenue per day: $19.99 in all.' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PeriodNet revenue', '2025-03-01$19.99', '2025-03-02$0.00']);
  });
});
