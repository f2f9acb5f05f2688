import { describe, expect, it } from 'vitest';
import { DAY_RANGE_ORDER_MESSAGE, REPORT_RANGE_TOO_LONG_MESSAGE } from '@store/contracts/admin';
import { reportQueryString, searchFor, selectionFromSearch } from './report-range';

const select = (query: string, today = '2025-03-15') => selectionFromSearch(new URLSearchParams(query), today);

describe('the reports page range', () => {
  it('defaults to this month, by day, leaving the month to the server (store time zone)', () => {
    expect(select('')).toMatchObject({ preset: 'this-month', interval: 'day', range: {}, problem: null });
  });

  it('turns the presets into store days, across a year boundary too', () => {
    expect(select('range=last-month').range).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(select('range=last-month', '2025-01-10').range).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(select('range=this-year').range).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('takes custom dates from the URL and refuses them in the wrong order, incomplete or too long', () => {
    expect(select('from=2025-01-05&to=2025-02-01')).toMatchObject({ preset: 'custom', range: { from: '2025-01-05', to: '2025-02-01' }, problem: null });
    expect(select('range=custom&from=2025-02-01&to=2025-01-05')).toMatchObject({ range: {}, problem: DAY_RANGE_ORDER_MESSAGE });
    expect(select('range=custom&from=2025-02-01').problem).toBe('Enter both dates to see the reports.');
    expect(select('range=custom&from=2015-01-01&to=2025-01-01').problem).toBe(REPORT_RANGE_TOO_LONG_MESSAGE);
  });

  it('ignores an unknown interval or range, and writes back only what differs from the defaults', () => {
    expect(select('interval=year&range=forever')).toMatchObject({ preset: 'this-month', interval: 'day' });
    expect(searchFor({ preset: 'this-month', interval: 'day', customFrom: '', customTo: '' })).toEqual({});
    expect(searchFor({ preset: 'custom', interval: 'week', customFrom: '2025-01-01', customTo: '' })).toEqual({
      range: 'custom',
      from: '2025-01-01',
      interval: 'week',
    });
    expect(searchFor({ preset: 'last-month', interval: 'month', customFrom: '2025-01-01', customTo: '2025-01-02' })).toEqual({
      range: 'last-month',
      interval: 'month',
    });
    expect(reportQueryString({ from: '2025-01-01', to: '2025-01-31' })).toBe('from=2025-01-01&to=2025-01-31');
  });
});
