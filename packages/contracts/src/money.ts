/**
 * Money travels as integer minor units plus an ISO 4217 code; display strings are
 * derived from those, never the other way round (except when parsing text that a
 * payment provider sends, see `parsePriceText`).
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The currencies whose amounts `Intl` writes with other than two decimals (CLDR's digits, which
 * `formatMoney` follows; `money.test.ts` checks these lists against `Intl` for every currency it
 * knows). Lists rather than `Intl` itself: a browser builds its first number formatter slowly, tens
 * of milliseconds of a phone's main thread, and a product page needs the exponent while it loads.
 * Literals rather than a table built at load: a module with work at its top level is one the bundler
 * no longer shares freely between chunks (the home page then fetched one file more).
 */
const NO_DECIMALS = /^(?:AFN|ALL|BIF|CLP|COP|DJF|GNF|HUF|IDR|IQD|IRR|ISK|JPY|KMF|KPW|KRW|LAK|LBP|MGA|MMK|PKR|PYG|RWF|SLL|SOS|SYP|UGX|VND|VUV|XAF|XOF|XPF|YER)$/;
const THREE_DECIMALS = /^(?:BHD|JOD|KWD|LYD|OMR|TND)$/;

/** Number of decimal places a currency uses (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  return NO_DECIMALS.test(currency) ? 0 : THREE_DECIMALS.test(currency) ? 3 : 2;
}

export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

export function majorToMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

const formatted = new Map<string, string>();
/** How many formatted amounts are kept; a full memory starts over. */
const FORMATTED_KEPT = 2_000;

/**
 * `formatMoney(7900, 'USD')` → `'$79.00'`. Remembered per amount: a cart answer formats each
 * catalogue price several times, the same few prices on every request, and `Intl`'s format is the
 * slow part.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount must be an integer number of minor units, got ${minor}`);
  const key = formattedKey(minor, currency, locale);
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatterFor(currency, locale).format(minorToMajor(minor, currency));
    if (formatted.size >= FORMATTED_KEPT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

const formattedKey = (minor: number, currency: string, locale: string) => `${locale}:${currency}:${minor}`;

/**
 * Tells `formatMoney` how an amount is written (as the server wrote it), so that it answers without
 * building a formatter: a browser builds its first one slowly, tens of milliseconds of a phone's
 * main thread while the page loads.
 */
export function rememberFormatted(minor: number, currency: string, text: string, locale = 'en-US'): void {
  formatted.set(formattedKey(minor, currency, locale), text);
}

/** The zero amount as `formatMoney` writes it: `'$0.00'` for USD, `'¥0'` for JPY. */
export function zeroMoney(currency: string, locale = 'en-US'): string {
  return formatMoney(0, currency, locale);
}

/**
 * Whether a price text is under one whole unit of `currency` as `formatMoney` writes it: the
 * zero amount itself, or any text starting like it up to the decimal separator (`'$0.'` for USD).
 */
export function isUnderOneUnitText(text: string, currency: string): boolean {
  const zero = zeroMoney(currency);
  if (text === zero) return true;
  const separator = zero.search(/0[.,]/);
  return separator >= 0 && text.startsWith(zero.slice(0, separator + 2));
}

/**
 * Reads a number out of a price text such as `'$1,234.50'`, `'CA$ 12.00'` or `'12,00 €'`.
 * Returns `null` when the text holds no number. A comma followed by exactly two digits at
 * the end is read as a decimal comma; every other comma is a thousands separator.
 */
export function parsePriceText(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  let cleaned = text.replace(/[^\d.,-]/g, '');
  if (/,\d{2}$/.test(cleaned) && !cleaned.includes('.')) cleaned = cleaned.replace(/,(\d{2})$/, '.$1');
  cleaned = cleaned.replace(/,/g, '');
  if (!/\d/.test(cleaned)) return null;
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Three-letter currency code found in a price text (`'USD 12.00'` → `'USD'`), else the fallback. */
export function currencyFromText(text: unknown, fallback: string): string {
  if (typeof text !== 'string') return fallback;
  const match = /\b([A-Z]{3})\b/.exec(text);
  return match?.[1] ?? fallback;
}

/** Applies a whole-number percentage discount, rounding half up to the minor unit. */
export function applyPercentDiscount(minor: number, percent: number): number {
  if (percent <= 0) return minor;
  if (percent >= 100) return 0;
  return Math.round((minor * (100 - percent)) / 100);
}
