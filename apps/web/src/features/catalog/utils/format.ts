export { formatBytes } from '@store/contracts/format';

const releaseDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** `'2026-10-20T10:00:00.000Z'` → `'October 20, 2026'`; an unreadable date gives `''`. */
export function formatReleaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : releaseDateFormat.format(date);
}

const OS_LABELS: Record<string, string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux', any: 'All systems' };

export function operatingSystemLabel(os: string): string {
  return OS_LABELS[os] ?? os;
}
