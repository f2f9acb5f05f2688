import { describe, expect, it } from 'vitest';
import {
  applyPercentDiscount,
  currencyExponent,
  currencyFromText,
  formatMoney,
  isUnderOneUnitText,
  majorToMinor,
  minorToMajor,
  parsePriceText,
  zeroMoney,
} from './money';

describe('formatMoney', () => {
  it('formats minor units as the shopper reads them', () => {
    expect(formatMoney(7900, 'USD')).toBe('$79.00');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(2499, 'CAD')).toBe('$24.99');
    expect(formatMoney(2499, 'EUR')).toBe('€24.99');
  });

  it('respects currencies without minor units', () => {
    expect(formatMoney(2499, 'JPY')).toBe('¥2,499');
    expect(minorToMajor(2499, 'JPY')).toBe(2499);
  });

  it('formats every amount right however many it has remembered, in each currency and locale apart', () => {
    for (let minor = 0; minor < 5_000; minor += 1) formatMoney(minor, 'USD');
    expect(formatMoney(4_999, 'USD')).toBe('$49.99');
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(4_999, 'JPY')).toBe('¥4,999');
    expect(formatMoney(4_999, 'EUR', 'de-DE')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(49.99));
  });

  it('refuses fractional minor units instead of hiding a rounding bug', () => {
    expect(() => formatMoney(10.5, 'USD')).toThrow(RangeError);
  });
});

describe('minor and major units', () => {
  it('knows the decimals Intl writes for every currency it knows, and two for any other code', () => {
    const currencies = Intl.supportedValuesOf('currency');
    expect(currencies.length).toBeGreaterThan(100);
    for (const currency of currencies) {
      const decimals = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
      expect({ currency, decimals: currencyExponent(currency) }).toEqual({ currency, decimals });
    }
    expect(currencyExponent('XYZ')).toBe(2);
  });

  it('converts both ways without float drift', () => {
    expect(minorToMajor(1999, 'USD')).toBe(19.99);
    expect(majorToMinor(19.99, 'USD')).toBe(1999);
    expect(majorToMinor(0.1 + 0.2, 'USD')).toBe(30);
  });
});

describe('parsePriceText', () => {
  it.each([
    ['$79.00', 79],
    ['$1,234.50', 1234.5],
    ['CA$ 12.00', 12],
    ['USD 0.99', 0.99],
    ['12,00 €', 12],
    ['1.234', 1.234],
    ['-$5.00', -5],
  ])('reads %s as %s', (text, value) => {
    expect(parsePriceText(text)).toBe(value);
  });

  it.each([['Free'], [''], [null], [undefined], [{}], [Number.NaN]])('gives null for %s', (text) => {
    expect(parsePriceText(text)).toBeNull();
  });

  it('passes finite numbers through', () => {
    expect(parsePriceText(42.5)).toBe(42.5);
  });
});

describe('currencyFromText', () => {
  it('finds a three-letter code or falls back', () => {
    expect(currencyFromText('USD 12.00', 'CAD')).toBe('USD');
    expect(currencyFromText('12.00 EUR', 'CAD')).toBe('EUR');
    expect(currencyFromText('$12.00', 'CAD')).toBe('CAD');
    expect(currencyFromText(undefined, 'CAD')).toBe('CAD');
  });
});

describe('applyPercentDiscount', () => {
  it('rounds half up to the minor unit', () => {
    expect(applyPercentDiscount(2900, 20)).toBe(2320);
    expect(applyPercentDiscount(2499, 15)).toBe(2124); // 2124.15
    expect(applyPercentDiscount(999, 50)).toBe(500); // 499.5
  });

  it('handles the edges', () => {
    expect(applyPercentDiscount(2900, 0)).toBe(2900);
    expect(applyPercentDiscount(2900, 100)).toBe(0);
    expect(applyPercentDiscount(2900, -5)).toBe(2900);
  });
});

describe('zero amounts in the store currency', () => {
  it('writes zero as the currency does', () => {
    expect(zeroMoney('USD')).toBe('$0.00');
    expect(zeroMoney('EUR')).toBe('€0.00');
    expect(zeroMoney('JPY')).toBe('¥0');
  });

  it('knows an amount under one unit, in that currency only', () => {
    expect(isUnderOneUnitText('$0.00', 'USD')).toBe(true);
    expect(isUnderOneUnitText('$0.99', 'USD')).toBe(true);
    expect(isUnderOneUnitText('$1.00', 'USD')).toBe(false);
    expect(isUnderOneUnitText('€0.00', 'USD')).toBe(false);
    expect(isUnderOneUnitText('€0.50', 'EUR')).toBe(true);
    expect(isUnderOneUnitText('¥0', 'JPY')).toBe(true);
    expect(isUnderOneUnitText('¥5', 'JPY')).toBe(false);
  });
});
