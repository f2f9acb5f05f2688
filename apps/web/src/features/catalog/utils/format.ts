/** `4049` → `'4.0 KB'`, `2820253` → `'2.7 MB'` (binary units, as operating systems show download sizes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

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
