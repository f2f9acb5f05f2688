import { isRecord } from '@store/contracts/is-record';
import { currencyFromText, formatMoney, isUnderOneUnitText, majorToMinor, parsePriceText } from '@store/contracts/money';
import { storeConfig } from '#web/lib/store-config.ts';
import { DEFAULT_CART_CURRENCY, ZERO_TOTAL } from '../constants';
import type { CartLine } from '#web/types/cart-line.ts';
import type { CartSnapshot } from '../types';

/** The cart before the provider has said anything, and after it was emptied. */
export const EMPTY_CART: CartSnapshot = {
  items: [],
  count: 0,
  total: ZERO_TOTAL,
  totalValue: 0,
  totalPending: false,
  subtotal: ZERO_TOTAL,
  currency: DEFAULT_CART_CURRENCY,
  coupons: [],
};

function nonEmptyText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Quantity parsed as an integer, default 1 (docs/behaviour/cart.md#quantities). */
export function parseQuantity(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 1;
  const parsed = Number.parseInt(String(value), 10);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
}

/**
 * An order total that is zero in the store currency, or under one unit of it ('$0.…' for USD),
 * is ignored (docs/behaviour/cart.md#totals).
 */
export function usableOrderTotal(value: unknown, currency: string = storeConfig.currency): string | null {
  const text = nonEmptyText(value);
  if (text === null || isUnderOneUnitText(text, currency)) return null;
  return text;
}

function formatAmount(value: number, currency: string): string {
  try {
    return formatMoney(majorToMinor(value, currency), currency);
  } catch {
    return `${currency} ${value.toFixed(2)}`;
  }
}

/** An item names its product by `path` or `product` (docs/behaviour/cart.md#cart-data). */
function itemPath(raw: Record<string, unknown>): string | null {
  return nonEmptyText(raw.path) ?? nonEmptyText(raw.product);
}

function parseLine(raw: Record<string, unknown>): CartLine | null {
  const path = itemPath(raw);
  if (path === null) return null;
  const quantity = parseQuantity(raw.quantity);
  const description = isRecord(raw.description) ? raw.description : {};
  const price = nonEmptyText(raw.price) ?? '';
  const unitPrice = nonEmptyText(raw.unitPrice) ?? price;
  const unitValue = finiteNumber(raw.unitPriceValue) ?? parsePriceText(unitPrice);
  // The line total after discounts when the provider sends one, else before discounts.
  const afterDiscount = nonEmptyText(raw.total);
  const beforeDiscount = nonEmptyText(raw.priceTotal);
  let totalText: string | null = null;
  let totalValue: number | null;
  if (afterDiscount !== null) {
    totalText = afterDiscount;
    totalValue = finiteNumber(raw.totalValue) ?? parsePriceText(afterDiscount);
  } else if (beforeDiscount !== null) {
    totalText = beforeDiscount;
    totalValue = finiteNumber(raw.priceTotalValue) ?? parsePriceText(beforeDiscount);
  } else {
    totalValue = unitValue === null ? null : unitValue * quantity;
  }
  return {
    path,
    display: nonEmptyText(raw.display) ?? path,
    image: nonEmptyText(raw.image),
    summaryHtml: typeof description.summary === 'string' ? description.summary : '',
    quantity,
    unitPrice,
    price,
    total: totalText ?? (totalValue === null ? '' : formatAmount(totalValue, currencyFromText(unitPrice, DEFAULT_CART_CURRENCY))),
    totalValue,
  };
}

export interface ParseProblem {
  (message: string): void;
}

/**
 * Reads the object the provider passes to its data callback
 * (docs/behaviour/cart.md#cart-data). Nothing in it is trusted: a non-object answers null; malformed groups, items
 * and fields are skipped or defaulted, and reported through `problem`.
 *
 * - Only items whose `selected` is true count; an item is identified by `path`, else `product`;
 *   quantity is an integer, default 1.
 * - The order total is `total`, else `orderTotal`, ignoring zero and under one unit of the store currency; otherwise
 *   the sum of the line totals, in the three-letter currency found in a line total's text
 *   (else the cart's `currency`, else CAD).
 */
export function parseCartData(raw: unknown, problem: ParseProblem = () => undefined): CartSnapshot | null {
  if (!isRecord(raw)) {
    problem(`cart data is not an object (${raw === null ? 'null' : typeof raw})`);
    return null;
  }
  const items: CartLine[] = [];
  const groups = Array.isArray(raw.groups) ? raw.groups : [];
  if (!Array.isArray(raw.groups)) problem('cart data has no groups array');
  for (const group of groups) {
    if (!isRecord(group) || !Array.isArray(group.items)) {
      problem('skipped a cart group without an items array');
      continue;
    }
    for (const item of group.items) {
      if (!isRecord(item)) {
        problem('skipped a cart item that is not an object');
        continue;
      }
      if (item.selected !== true) continue;
      const line = parseLine(item);
      if (line === null) problem('skipped a selected cart item without a path or product');
      else items.push(line);
    }
  }

  const declaredCurrency = nonEmptyText(raw.currency);
  const textWithCode = items.map((line) => line.total).find((text) => currencyFromText(text, '') !== '');
  const currency =
    (textWithCode && currencyFromText(textWithCode, '')) ||
    (declaredCurrency && /^[A-Z]{3}$/.test(declaredCurrency) ? declaredCurrency : DEFAULT_CART_CURRENCY);

  let total: string;
  let totalValue: number | null;
  const orderTotal = usableOrderTotal(raw.total);
  const fallbackTotal = orderTotal === null ? usableOrderTotal(raw.orderTotal) : null;
  if (orderTotal !== null) {
    total = orderTotal;
    totalValue = finiteNumber(raw.totalValue) ?? parsePriceText(orderTotal);
  } else if (fallbackTotal !== null) {
    total = fallbackTotal;
    totalValue = finiteNumber(raw.orderTotalValue) ?? parsePriceText(fallbackTotal);
  } else {
    const values = items.map((line) => line.totalValue);
    totalValue = values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    total = totalValue === null ? '' : formatAmount(totalValue, currency);
  }

  const selections = finiteNumber(raw.selections);
  const count = items.length > 0 ? items.reduce((sum, line) => sum + line.quantity, 0) : selections !== null && selections > 0 ? Math.floor(selections) : 0;
  const coupons = Array.isArray(raw.coupons) ? raw.coupons.map(nonEmptyText).filter((code): code is string => code !== null) : [];

  return {
    items,
    count,
    total: total || (items.length === 0 ? ZERO_TOTAL : ''),
    totalValue: items.length === 0 && totalValue === null ? 0 : totalValue,
    totalPending: items.length > 0 && totalValue === null,
    subtotal: nonEmptyText(raw.subtotal) ?? total,
    currency,
    coupons,
  };
}

/** Whether a cart's total is nothing to pay: 'Get Free Products' (docs/behaviour/cart.md#totals). */
export function isFreeCart(cart: CartSnapshot): boolean {
  return cart.items.length > 0 && !cart.totalPending && (cart.totalValue === 0 || cart.total === ZERO_TOTAL);
}
