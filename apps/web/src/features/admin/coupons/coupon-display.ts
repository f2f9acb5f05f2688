import { formatMoney } from '@store/contracts/money';
import type { AdminCoupon, CouponStatus } from '@store/contracts/admin';
import { formatDateTime } from '../utils/format';

/** '10% off' or '$5.00 off'. */
export function discountLabel(coupon: Pick<AdminCoupon, 'kind' | 'percentOff' | 'amountOffMinor' | 'currency'>, storeCurrency: string): string {
  if (coupon.kind === 'percent') return `${coupon.percentOff ?? 0}% off`;
  return `${formatMoney(coupon.amountOffMinor ?? 0, coupon.currency ?? storeCurrency)} off`;
}

/** 'Every product', or the products named (the first two and how many more). */
export function appliesToLabel(coupon: Pick<AdminCoupon, 'products'>): string {
  const names = coupon.products.map((product) => product.name);
  if (names.length === 0) return 'Every product';
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/** When the coupon works, in the maker's own time zone. */
export function datesLabel(coupon: Pick<AdminCoupon, 'validFrom' | 'validUntil'>): string {
  const from = coupon.validFrom ? formatDateTime(coupon.validFrom) : null;
  const until = coupon.validUntil ? formatDateTime(coupon.validUntil) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'No end date';
}

/** 'uses / cap'. */
export function usageLabel(coupon: Pick<AdminCoupon, 'uses' | 'maxRedemptions'>): string {
  return `${coupon.uses} / ${coupon.maxRedemptions ?? 'no cap'}`;
}

export const STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used up': 'Used up',
  off: 'Off',
};

/** Text and background pairs that keep their contrast in both themes. */
export const STATUS_BADGE_CLASSES: Record<CouponStatus, string> = {
  active: 'bg-success/15 text-primary ring-success/50',
  scheduled: 'bg-accent/15 text-primary ring-accent/50',
  expired: 'bg-tertiary text-secondary ring-border',
  'used up': 'bg-warning/15 text-primary ring-warning/50',
  off: 'bg-tertiary text-secondary ring-border',
};
