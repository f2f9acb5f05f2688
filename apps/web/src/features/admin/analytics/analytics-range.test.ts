import { describe, expect, it } from 'vitest';
import { DAY_RANGE_ORDER_MESSAGE, REPORT_RANGE_TOO_LONG_MESSAGE } from '@store/contracts/admin';
import { analyticsSearchFor, analyticsSelectionFromSearch } from './analytics-range';

const select = (query: string, today = '2025-03-15') => analyticsSelectionFromSearch(new URLSearchParams(query), today);

describe('the analytics page range', () => {
  it('defaults to the last 30 days, leaving the days to the server (store time zone)', () => {
    expect(select('')).toMatchObject({ preset: 'last-30-days', range: {}, problem: null });
    expect(select('range=forever')).toMatchObject({ preset: 'last-30-days', range: {} });
  });

  it('turns the presets into days ending today, across month and year boundaries', () => {
    expect(select('range=today').range).toEqual({ from: '2025-03-15', to: '2025-03-15' });
    expect(select('range=last-7-days').range).toEqual({ from: '2025-03-09', to: '2025-03-15' });
    expect(select('range=last-7-days', '2025-01-03').range).toEqual({ from: '2024-12-28', to: '2025-01-03' });
    expect(select('range=this-month').range).toEqual({ from: '2025-03-01', to: '2025-03-15' });
    expect(select('range=last-12-months').range).toEqual({ from: '2024-03-16', to: '2025-03-15' });
    expect(select('range=last-12-months', '2024-12-31').range).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('takes custom dates from the URL and refuses them in the wrong order, incomplete or too long', () => {
    expect(select('from=2025-01-05&to=2025-02-01')).toMatchObject({ preset: 'custom', range: { from: '2025-01-05', to: '2025-02-01' }, problem: null });
    expect(select('range=custom&from=2025-02-01&to=2025-01-05')).toMatchObject({ range: {}, problem: DAY_RANGE_ORDER_MESSAGE });
    expect(select('range=custom&from=2025-02-01').problem).toBe('Enter both dates to see the analytics.');
    expect(select('range=custom&from=2015-01-01&to=2025-01-01').problem).toBe(REPORT_RANGE_TOO_LONG_MESSAGE);
  });

  it('writes back only what differs from the default', () => {
    expect(analyticsSearchFor({ preset: 'last-30-days', customFrom: '2025-01-01', customTo: '' })).toEqual({});
    expect(analyticsSearchFor({ preset: 'today', customFrom: '2025-01-01', customTo: '' })).toEqual({ range: 'today' });
    expect(analyticsSearchFor({ preset: 'custom', customFrom: '2025-01-01', customTo: '' })).toEqual({ range: 'custom', from: '2025-01-01' });
  });
});
