import { applyPercentDiscount, formatMoney, minorToMajor, type SblCartData, type SblItem } from '@store/contracts';
import type { CouponEvaluation, CouponLine } from '#server/modules/coupons/coupon-rules.ts';

/** The catalogue facts pricing needs about a live product. */
export interface PricedProduct {
  id: number;
  path: string;
  sku: string;
  displayName: string;
  summaryHtml: string;
  imagePath: string;
  priceMinor: number;
  currency: string;
  /** The deal running at the moment priced (`currentPrice`): its rounded percent, 0 without one. */
  discountPercent: number;
  /** The running deal's fixed amount off, when it is one; takes precedence over the percent. */
  discountAmountMinor: number | null;
  discountReason: string | null;
}

export interface CartItem {
  path: string;
  quantity: number;
}

export interface PricedLine {
  product: PricedProduct;
  quantity: number;
  /** Unit price before / after the catalogue discount. */
  unitListMinor: number;
  unitNetMinor: number;
  /** unitList × quantity. */
  listMinor: number;
  /** unitNet × quantity: what the line costs before the coupon. */
  netMinor: number;
  couponDiscountMinor: number;
  /** What the shopper pays for the line. */
  totalMinor: number;
}

export interface PricedCart {
  currency: string;
  lines: PricedLine[];
  /** Sum of list prices. */
  listMinor: number;
  /** Sum of lines after catalogue discounts, before the coupon. */
  netMinor: number;
  couponDiscountMinor: number;
  totalMinor: number;
  /** The applied coupon's code, when one applies. */
  coupon: string | null;
}

/**
 * The cart's lines priced from the catalogue. Items whose product is no longer live or
 * sold in another currency are left out: nothing the browser says about money is used.
 */
export function priceLines(items: CartItem[], products: Map<string, PricedProduct>, currency: string): PricedLine[] {
  const lines: PricedLine[] = [];
  for (const item of items) {
    const product = products.get(item.path);
    if (!product || product.currency !== currency || item.quantity <= 0) continue;
    const unitNetMinor =
      product.discountAmountMinor !== null
        ? Math.max(0, product.priceMinor - product.discountAmountMinor)
        : applyPercentDiscount(product.priceMinor, product.discountPercent);
    lines.push({
      product,
      quantity: item.quantity,
      unitListMinor: product.priceMinor,
      unitNetMinor,
      listMinor: product.priceMinor * item.quantity,
      netMinor: unitNetMinor * item.quantity,
      couponDiscountMinor: 0,
      totalMinor: unitNetMinor * item.quantity,
    });
  }
  return lines;
}

export function couponLines(lines: PricedLine[]): CouponLine[] {
  return lines.map((line) => ({ productId: line.product.id, path: line.product.path, amountMinor: line.netMinor }));
}

/** Totals of the lines, with the coupon's discount when it applies. */
export function priceCart(lines: PricedLine[], currency: string, coupon: CouponEvaluation | null): PricedCart {
  const applied = coupon?.ok ? coupon : null;
  const priced = lines.map((line, index) => {
    const couponDiscountMinor = applied?.discounts[index] ?? 0;
    return { ...line, couponDiscountMinor, totalMinor: line.netMinor - couponDiscountMinor };
  });
  const sum = (pick: (line: PricedLine) => number) => priced.reduce((total, line) => total + pick(line), 0);
  return {
    currency,
    lines: priced,
    listMinor: sum((line) => line.listMinor),
    netMinor: sum((line) => line.netMinor),
    couponDiscountMinor: sum((line) => line.couponDiscountMinor),
    totalMinor: sum((line) => line.totalMinor),
    coupon: applied ? applied.code : null,
  };
}

type SblCartItem = SblItem & { sku: string; coupon: string | null };

/**
 * A product not in the cart as every cart view lists it (one unit, unselected), kept with the
 * priced product it was made from: the cached catalogue hands out the same objects until a
 * catalogue write or a deal's start or end, and every cart view lists them all.
 */
const unselectedItems = new WeakMap<PricedProduct, SblCartItem>();

function unselectedItem(product: PricedProduct, item: (line: PricedLine, selected: boolean) => SblCartItem): SblCartItem {
  let made = unselectedItems.get(product);
  if (!made) {
    const [line] = priceLines([{ path: product.path, quantity: 1 }], new Map([[product.path, product]]), product.currency);
    made = item(line!, false);
    unselectedItems.set(product, made);
  }
  return made;
}

/**
 * The cart in the SBL's shape. Like FastSpring, every live product of the storefront is
 * listed: the cart's lines with `selected: true` first, then the others with
 * `selected: false` (quantity 1, priced for one). Only selected items count.
 */
export function toSblCartData(cart: PricedCart, catalogue: PricedProduct[]): SblCartData {
  const { currency } = cart;
  const money = (minor: number) => formatMoney(minor, currency);
  const value = (minor: number) => minorToMajor(minor, currency);
  const item = (line: PricedLine, selected: boolean): SblCartItem => ({
    path: line.product.path,
    display: line.product.displayName,
    image: line.product.imagePath,
    description: { summary: line.product.summaryHtml },
    sku: line.product.sku,
    selected,
    quantity: line.quantity,
    price: money(line.unitListMinor),
    priceValue: value(line.unitListMinor),
    unitPrice: money(line.unitNetMinor),
    unitPriceValue: value(line.unitNetMinor),
    priceTotal: money(line.listMinor),
    priceTotalValue: value(line.listMinor),
    total: money(line.totalMinor),
    totalValue: value(line.totalMinor),
    discountPercent: line.product.discountPercent,
    discountTotal: money(line.listMinor - line.totalMinor),
    discountTotalValue: value(line.listMinor - line.totalMinor),
    discountReason: line.product.discountReason,
    coupon: line.couponDiscountMinor > 0 ? cart.coupon : null,
  });
  const inCart = new Set(cart.lines.map((line) => line.product.path));
  const others = catalogue.filter((product) => !inCart.has(product.path) && product.currency === currency).map((product) => unselectedItem(product, item));
  const discountMinor = cart.listMinor - cart.totalMinor;
  return {
    currency,
    total: money(cart.totalMinor),
    totalValue: value(cart.totalMinor),
    subtotal: money(cart.listMinor),
    subtotalValue: value(cart.listMinor),
    discountTotal: money(discountMinor),
    discountTotalValue: value(discountMinor),
    tax: money(0),
    taxValue: 0,
    totalWithTax: money(cart.totalMinor),
    totalWithTaxValue: value(cart.totalMinor),
    coupons: cart.coupon ? [cart.coupon] : [],
    selections: cart.lines.length,
    groups: [
      {
        display: 'Products',
        items: [...cart.lines.map((line) => item(line, true)), ...others],
      },
    ],
  };
}
