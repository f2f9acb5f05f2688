import { describe, expect, it } from 'vitest';
import { rawSpansOf, resolveRange } from './analytics-dashboard.service';
import { lastFinishedDay, rollUpFinishedDays } from './analytics-rollups';

const utc = (instant: string) => new Date(instant);

describe('the dashboard range', () => {
  it('is the last 30 days with today by default, or 30 days from or to the one day given, with the period before', () => {
    expect(resolveRange({}, '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-11-24', previousFrom: '2026-09-26', previousTo: '2026-10-25' });
    expect(resolveRange({ from: '2026-01-01' }, '2026-11-24')).toMatchObject({ from: '2026-01-01', to: '2026-01-30' });
    expect(resolveRange({ to: '2026-03-01' }, '2026-11-24')).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
    expect(resolveRange({ from: '2026-03-10', to: '2026-03-10' }, '2026-11-24')).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
      previousFrom: '2026-03-09',
      previousTo: '2026-03-09',
    });
  });
});

describe('the days read from the raw events', () => {
  it('are the UTC days touching the range that are not rolled up, joined into runs', () => {
    const spans = rawSpansOf({ start: utc('2026-11-19T23:00:00Z'), end: utc('2026-11-24T23:00:00Z') }, ['2026-11-21', '2026-11-22']);
    expect(spans).toEqual([
      { start: utc('2026-11-19T00:00:00Z'), end: utc('2026-11-21T00:00:00Z') },
      { start: utc('2026-11-23T00:00:00Z'), end: utc('2026-11-25T00:00:00Z') },
    ]);
    expect(rawSpansOf({ start: utc('2026-11-20T00:00:00Z'), end: utc('2026-11-21T00:00:00Z') }, ['2026-11-20'])).toEqual([]);
  });
});

describe('the rollup', () => {
  it('waits until a UTC day ended more than 30 minutes ago', () => {
    expect(lastFinishedDay(utc('2026-11-25T00:29:59Z'))).toBe('2026-11-23');
    expect(lastFinishedDay(utc('2026-11-25T00:30:00Z'))).toBe('2026-11-24');
  });

  it('rolls up at most the days of one run, counting only the ones this process claimed', async () => {
    const asked: Array<[string, number]> = [];
    const repository = {
      daysToRollUp: async (lastDay: string, limit: number) => {
        asked.push([lastDay, limit]);
        return ['2026-11-01', '2026-11-02', '2026-11-03'];
      },
      rollUpDay: async (day: string) => day !== '2026-11-02',
    };
    expect(await rollUpFinishedDays(repository, utc('2026-11-25T12:00:00Z'), 3)).toEqual(['2026-11-01', '2026-11-03']);
    expect(asked).toEqual([['2026-11-24', 3]]);
  });
});
