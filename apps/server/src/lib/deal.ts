import { applyPercentDiscount } from '@store/contracts';

/** A product's deal as stored: a percentage or a fixed amount, between optional dates. */
export interface DealTerms {
  priceMinor: number;
  discountPercent: number;
  discountAmountMinor: number | null;
  discountReason: string | null;
  dealStartsAt: Date | null;
  dealEndsAt: Date | null;
}

/** What a product sells for at one moment: the storefront, checkout and Lyra all read this. */
export interface CurrentPrice {
  /** What one unit costs now, in minor units. */
  totalMinor: number;
  /** The deal's percent off now: the stored percent, or a fixed amount's share of the price rounded to a whole percent; 0 without a running deal. */
  percent: number;
  /** The fixed amount taken off now, when the running deal is one. */
  amountMinor: number | null;
  /** The running deal's reason, if it gives one. */
  reason: string | null;
  /** When the running deal ends (null: open-ended); undefined when no deal is running. */
  endsAt?: Date | null;
}

/** Whether the deal runs at `at`: from its start (inclusive) to its end (exclusive). */
export function dealRunsAt(terms: DealTerms, at: Date): boolean {
  const hasDeal = terms.discountPercent > 0 || (terms.discountAmountMinor ?? 0) > 0;
  if (!hasDeal) return false;
  if (terms.dealStartsAt && at < terms.dealStartsAt) return false;
  return !(terms.dealEndsAt && at >= terms.dealEndsAt);
}

export function currentPrice(terms: DealTerms, at: Date): CurrentPrice {
  if (!dealRunsAt(terms, at)) return { totalMinor: terms.priceMinor, percent: 0, amountMinor: null, reason: null };
  const common = { reason: terms.discountReason, endsAt: terms.dealEndsAt };
  const amount = terms.discountAmountMinor ?? 0;
  if (amount > 0) {
    const off = Math.min(amount, terms.priceMinor);
    const percent = terms.priceMinor === 0 ? 0 : Math.round((off / terms.priceMinor) * 100);
    return { totalMinor: terms.priceMinor - off, percent, amountMinor: off, ...common };
  }
  return { totalMinor: applyPercentDiscount(terms.priceMinor, terms.discountPercent), percent: terms.discountPercent, amountMinor: null, ...common };
}

/**
 * The next moment after `at` when the deal starts or ends, so an answer built now can expire
 * then; undefined when its price no longer changes.
 */
export function nextDealChange(terms: DealTerms, at: Date): Date | undefined {
  const hasDeal = terms.discountPercent > 0 || (terms.discountAmountMinor ?? 0) > 0;
  if (!hasDeal) return undefined;
  return [terms.dealStartsAt, terms.dealEndsAt].filter((moment): moment is Date => moment !== null && moment > at).sort((a, b) => a.getTime() - b.getTime())[0];
}
