import type { TrafficTotals } from '@store/contracts/admin';

const whole = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
// Days are calendar days of the store, not instants: formatted as UTC so the browser's zone cannot shift them.
const calendarDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 1,234 */
export const formatCount = (value: number) => whole.format(value);

/** A share from 0 to 1 as "42.5%"; "—" when there was nothing to divide by. */
export const formatShare = (value: number | null) => (value === null ? '—' : percent.format(value));

/** '2026-11-03' as '3 Nov 2026'. */
export const formatDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

/** Two store days as '3 Nov 2026 to 9 Nov 2026', or one day when they are the same. */
export const formatDays = (from: string, to: string) => (from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`);

/** A visit's length both ways: `short` for the eye ("1:05"), `spoken` for screen readers ("1 min 5 s"). */
export function formatDuration(seconds: number): { short: string; spoken: string } {
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return {
    short: `${minutes}:${String(rest).padStart(2, '0')}`,
    spoken: minutes === 0 ? `${rest} s` : `${minutes} min ${rest} s`,
  };
}

export type TotalName = keyof TrafficTotals;

/** How a figure moved against the previous period, and whether that is good news. */
export interface Change {
  /** 'new' when there was nothing before to compare with; 'none' when there is nothing now. */
  direction: 'up' | 'down' | 'same' | 'new' | 'none';
  /** "12%" (or "4.5 pts" for the bounce rate, a share already); empty for 'same', 'new' and 'none'. */
  amount: string;
  /** Whether the move is good for the store: more visitors, fewer bounces; null when neither. */
  better: boolean | null;
}

/**
 * The change of one total. The bounce rate is a share itself, so it moves in percentage points
 * (40% to 50% is "10 pts", not "25%"), and for it lower is better.
 */
export function changeOf(name: TotalName, current: number | null, previous: number | null): Change {
  if (current === null) return { direction: 'none', amount: '', better: null };
  if (previous === null || (previous === 0 && current > 0 && name !== 'bounceRate')) return { direction: 'new', amount: '', better: null };
  if (current === previous) return { direction: 'same', amount: '', better: null };
  const direction = current > previous ? 'up' : 'down';
  const lowerIsBetter = name === 'bounceRate';
  const better = (direction === 'up') !== lowerIsBetter;
  const amount =
    name === 'bounceRate' ? `${Number((Math.abs(current - previous) * 100).toFixed(1))} pts` : percent.format(Math.abs(current - previous) / previous);
  return { direction, amount, better };
}
