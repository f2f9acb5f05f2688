import { describe, expect, it } from 'vitest';
import { changeOf, formatDay, formatDays, formatDuration, formatShare } from './analytics-format';

describe('analytics figures', () => {
  it('writes a visit length as m:ss for the eye and in words for screen readers', () => {
    expect(formatDuration(65)).toEqual({ short: '1:05', spoken: '1 min 5 s' });
    expect(formatDuration(9.6)).toEqual({ short: '0:10', spoken: '10 s' });
    expect(formatDuration(3725)).toEqual({ short: '62:05', spoken: '62 min 5 s' });
  });

  it('names store days without letting the time zone move them', () => {
    expect(formatDay('2026-11-01')).toBe('1 Nov 2026');
    expect(formatDays('2026-10-02', '2026-10-31')).toBe('2 Oct 2026 to 31 Oct 2026');
    expect(formatDays('2026-10-02', '2026-10-02')).toBe('2 Oct 2026');
    expect(formatShare(0.425)).toBe('42.5%');
    expect(formatShare(null)).toBe('—');
  });

  it('compares counts in percent, more being better', () => {
    expect(changeOf('visitors', 120, 100)).toEqual({ direction: 'up', amount: '20%', better: true });
    expect(changeOf('pageviews', 50, 200)).toEqual({ direction: 'down', amount: '75%', better: false });
    expect(changeOf('visits', 7, 7)).toEqual({ direction: 'same', amount: '', better: null });
    expect(changeOf('visitors', 0, 0)).toEqual({ direction: 'same', amount: '', better: null });
  });

  it('says "new" when the previous period had nothing, and nothing when this one has nothing', () => {
    expect(changeOf('visitors', 5, 0)).toEqual({ direction: 'new', amount: '', better: null });
    expect(changeOf('visitDurationSeconds', 30, null)).toEqual({ direction: 'new', amount: '', better: null });
    expect(changeOf('bounceRate', null, 0.5)).toEqual({ direction: 'none', amount: '', better: null });
  });

  it('moves the bounce rate in points, lower being better', () => {
    expect(changeOf('bounceRate', 0.4, 0.5)).toEqual({ direction: 'down', amount: '10 pts', better: true });
    expect(changeOf('bounceRate', 0.555, 0.5)).toEqual({ direction: 'up', amount: '5.5 pts', better: false });
    expect(changeOf('bounceRate', 0.2, 0)).toEqual({ direction: 'up', amount: '20 pts', better: false });
  });
});
