import { describe, expect, it } from 'vitest';
import { nextDay, startOfStoreDay, storeDateTime, storeDayOf, storeDayRange, storeTime } from './store-days';

describe('the store calendar', () => {
  it('starts a day at local midnight in the store time zone', () => {
    expect(startOfStoreDay('2026-11-24', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(startOfStoreDay('2026-11-24', 'Europe/Berlin').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(startOfStoreDay('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('counts the days either side of a daylight-saving change correctly', () => {
    // Berlin moves to summer time at 02:00 on 29 March 2026: that day has 23 hours.
    const start = startOfStoreDay('2026-03-29', 'Europe/Berlin');
    const end = startOfStoreDay('2026-03-30', 'Europe/Berlin');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it('turns an inclusive range of days into a half-open range of instants', () => {
    const { start, end } = storeDayRange({ from: '2026-11-01', to: '2026-11-30' }, 'America/New_York');
    expect(start?.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(end?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(storeDayRange({}, 'UTC')).toEqual({ start: undefined, end: undefined });
  });

  it('names the store day of an instant', () => {
    expect(storeDayOf(new Date('2026-11-24T01:30:00Z'), 'America/New_York')).toBe('2026-11-23');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('store date and time', () => {
  it('gives the wall clock the time-zone database gives, every 7 minutes across DST changes and half-hour zones', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Australia/Adelaide',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Pacific/Chatham',
    ];
    // Spring and autumn changes of both hemispheres in 2026.
    const spans = [
      '2026-03-08T00:00:00Z',
      '2026-03-29T00:00:00Z',
      '2026-04-04T12:00:00Z',
      '2026-10-03T12:00:00Z',
      '2026-10-25T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ];
    for (const timeZone of zones) {
      const reference = new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      for (const span of spans) {
        for (let minute = 0; minute < 48 * 60; minute += 7) {
          const at = new Date(Date.parse(span) + minute * 60_000 + 13_000);
          const { date, time } = storeDateTime(at, timeZone);
          expect(`${date} ${time}`, `${timeZone} at ${at.toISOString()}`).toBe(reference.format(at));
        }
      }
    }
  });

  it('gives the wall-clock date and time in the store time zone, zero-padded', () => {
    expect(storeDateTime(new Date('2026-11-24T01:05:09Z'), 'America/New_York')).toEqual({ date: '2026-11-23', time: '20:05:09' });
    expect(storeTime(new Date('2026-03-01T00:00:00Z'), 'Europe/Berlin')).toBe('2026-03-01 01:00');
  });
});
