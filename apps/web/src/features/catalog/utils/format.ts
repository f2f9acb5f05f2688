export { formatBytes } from '@store/contracts/format';

// The catalogue's dates are written with these names rather than by `Intl`: a browser builds its
// first date formatter slowly (tens of milliseconds of a phone's main thread while a product page
// loads), and the server and the browser then write the same words whatever ICU data each ships.
// `utils.test.ts` checks them against `Intl` for every day of several years, as it does the deal's last day.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `'2026-10-20T10:00:00.000Z'` → `'October 20, 2026'` (in UTC, as en-US writes a long date); an unreadable date gives `''`. */
export function formatReleaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const OS_LABELS: Record<string, string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux', any: 'All systems' };

export function operatingSystemLabel(os: string): string {
  return OS_LABELS[os] ?? os;
}
