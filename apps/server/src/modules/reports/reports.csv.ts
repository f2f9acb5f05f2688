import { currencyExponent } from '@store/contracts';
import type { CouponReport, ProductReport, RevenueReport, TrialReport } from '@store/contracts/admin';
import { toCsv } from '#server/lib/csv.ts';

/** An amount in major units (19.99), a number a spreadsheet adds up. */
const major = (minor: number, currency: string) => {
  const exponent = currencyExponent(currency);
  return Number((minor / 10 ** exponent).toFixed(exponent));
};

/** One row per period; no totals row, so the columns add up to the report's totals. */
export function revenueCsv(report: RevenueReport): string {
  const { currency } = report.scope;
  return toCsv(
    [
      { key: 'period', header: report.interval === 'day' ? 'Day' : report.interval === 'week' ? 'Week starting' : 'Month starting' },
      { key: 'currency', header: 'Currency' },
      { key: 'orders', header: 'Orders' },
      { key: 'units', header: 'Units' },
      { key: 'revenue', header: 'Revenue' },
      { key: 'refunded', header: 'Refunded' },
      { key: 'net', header: 'Net' },
    ],
    report.periods.map((row) => ({
      period: row.period,
      currency,
      orders: row.orders,
      units: row.units,
      revenue: major(row.revenueMinor, currency),
      refunded: major(row.refundedMinor, currency),
      net: major(row.netMinor, currency),
    })),
  );
}

export function productsCsv(report: ProductReport): string {
  const { currency } = report.scope;
  return toCsv(
    [
      { key: 'name', header: 'Product' },
      { key: 'currency', header: 'Currency' },
      { key: 'unitsSold', header: 'Units sold' },
      { key: 'unitsRefunded', header: 'Units refunded' },
      { key: 'revenue', header: 'Revenue' },
      { key: 'refunded', header: 'Refunded' },
      { key: 'net', header: 'Net' },
    ],
    report.products.map((row) => ({
      name: row.name,
      currency,
      unitsSold: row.unitsSold,
      unitsRefunded: row.unitsRefunded,
      revenue: major(row.revenueMinor, currency),
      refunded: major(row.refundedMinor, currency),
      net: major(row.netMinor, currency),
    })),
  );
}

export function couponsCsv(report: CouponReport): string {
  const { currency } = report.scope;
  return toCsv(
    [
      { key: 'code', header: 'Coupon' },
      { key: 'currency', header: 'Currency' },
      { key: 'orders', header: 'Orders' },
      { key: 'discount', header: 'Discount given' },
      { key: 'revenue', header: 'Revenue of those orders' },
    ],
    report.coupons.map((row) => ({
      code: row.code,
      currency,
      orders: row.orders,
      discount: major(row.discountMinor, currency),
      revenue: major(row.revenueMinor, currency),
    })),
  );
}

export function trialsCsv(report: TrialReport): string {
  return toCsv(
    [
      { key: 'name', header: 'Product' },
      { key: 'trials', header: 'Trials started' },
      { key: 'converted', header: 'Converted' },
      { key: 'rate', header: 'Conversion rate (%)' },
      { key: 'median', header: 'Median days to convert' },
    ],
    report.products.map((row) => ({
      name: row.name,
      trials: row.trials,
      converted: row.converted,
      rate: Math.round(row.conversionRate * 1000) / 10,
      median: row.medianDaysToConvert ?? '',
    })),
  );
}
