import type { LicensingPlatform } from '@store/contracts/licensing';

const PLATFORMS: Record<LicensingPlatform, string> = { macos: 'macOS', windows: 'Windows', linux: 'Linux' };

/** 'macOS', 'Windows', 'Linux'; null when the plugin did not say. */
export function platformLabel(platform: LicensingPlatform | null): string | null {
  return platform ? PLATFORMS[platform] : null;
}

/** '8 December 2026' (docs/behaviour/account.md#computers). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 months ago'. */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** 'Trial · ends 8 December 2026' or 'Trial ended'; null for a licence that does not end. */
export function trialLabel(licence: { type: string; expiresAt: string | null }, now: Date): string | null {
  if (licence.type !== 'trial' || !licence.expiresAt) return null;
  return new Date(licence.expiresAt) <= now ? 'Trial ended' : `Trial · ends ${formatLongDate(licence.expiresAt)}`;
}

/** '2 of 3 computers'. */
export function activationsLabel(used: number, max: number): string {
  return `${used} of ${max} computer${max === 1 ? '' : 's'}`;
}

/** How many deactivations are left now; each counts against the licence for 30 days (a rolling window, not a calendar month). */
export function deactivationsLeftText(left: number): string {
  return `${left} deactivation${left === 1 ? '' : 's'} left; each counts for 30 days.`;
}

/** The toast after freeing a computer: its name and the deactivations left. */
export function freedMessage(name: string, left: number): string {
  return `Freed “${name}”. ${left === 0 ? 'That was the last deactivation for now; each counts for 30 days.' : deactivationsLeftText(left)}`;
}
