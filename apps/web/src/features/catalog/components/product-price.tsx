import { discountPercentValue, type NormalizedProduct } from '@store/contracts/catalog/normalize';
import { parsePriceText } from '@store/contracts/money';

export interface PriceInfo {
  /** What the shopper pays: 'Free' or the formatted total. */
  current: string;
  /** The struck-through list price, when the total is lower. */
  original?: string;
  /** Whole-number discount for the badge ('-20%'), when there is one. */
  percentOff?: number;
  reason?: string;
  /** The last day of a dated deal ('30 Nov'), when the catalogue says when it ends. */
  until?: string;
}

/** Months as en-GB writes them short; not asked of `Intl`, as the release date's (`utils/format.ts`) are not. */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A day as en-GB writes it short, in UTC: `'30 Nov'`, `'5 Sept'`. */
export function formatShortDay(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}

/** The deal's last day: it runs until `endsAt`, exclusive, so a midnight end is the day before's. */
function dealLastDay(deal: unknown): string | undefined {
  const endsAt = typeof deal === 'object' && deal !== null ? (deal as { endsAt?: unknown }).endsAt : undefined;
  if (typeof endsAt !== 'string') return undefined;
  const end = Date.parse(endsAt);
  return Number.isNaN(end) ? undefined : formatShortDay(end - 1);
}

/** docs/behaviour/catalogue.md#prices-on-cards-and-pages: the total is what is paid; the price is the list price; discountPercent is a number or '20%'. */
export function priceInfo(product: NormalizedProduct): PriceInfo {
  const due = parsePriceText(product.total) ?? product.totalValue;
  const current = due === 0 ? 'Free' : product.total || product.price;
  const reduced = product.priceValue > due && product.price !== '';
  const declared = discountPercentValue(product.discountPercent);
  const computed = reduced && product.priceValue > 0 ? ((product.priceValue - due) / product.priceValue) * 100 : 0;
  const percent = Math.round(declared > 0 ? declared : computed);
  return {
    current,
    ...(reduced && { original: product.price }),
    ...(percent > 0 && percent <= 100 && { percentOff: percent }),
    ...(product.discount.reason && (reduced || percent > 0) && { reason: product.discount.reason }),
    ...((reduced || percent > 0) && { until: dealLastDay(product.deal) }),
  };
}

export function DiscountBadge({ percent, className = '' }: { percent: number; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-accent px-2.5 py-0.5 text-sm font-bold text-black ${className}`}>
      <span aria-hidden="true">-{percent}%</span>
      <span className="sr-only">{percent}% off</span>
    </span>
  );
}

/**
 * The price line: total in bold, the struck-through original with a 'was' label, and the
 * discount badge. The large (product page) size also names the discount's reason; cards
 * leave it out so every card's price line has one height.
 */
export function ProductPrice({ product, size = 'md' }: { product: NormalizedProduct; size?: 'md' | 'lg' }) {
  const info = priceInfo(product);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={size === 'lg' ? 'text-3xl font-bold' : 'text-xl font-bold'}>
          <span className="sr-only">Price: </span>
          {info.current}
        </span>
        {info.original && (
          <s className={`text-secondary ${size === 'lg' ? 'text-lg' : 'text-base'}`}>
            <span className="sr-only">was </span>
            {info.original}
          </s>
        )}
      </p>
      {info.percentOff !== undefined && <DiscountBadge percent={info.percentOff} />}
      {size === 'lg' && (info.reason || info.until) && (
        <p className="text-secondary">{[info.reason, info.until && `until ${info.until}`].filter(Boolean).join(' · ')}</p>
      )}
    </div>
  );
}
