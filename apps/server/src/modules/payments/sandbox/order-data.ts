import { createHash, randomBytes, randomInt } from 'node:crypto';
import { formatMoney, majorToMinor, minorToMajor, type FastspringOrder } from '@store/contracts';
import type { PricedCart } from './pricing';

/** 16 random bytes in base64url: FastSpring-like opaque ids for orders and events. */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/** A cart session id: 24 random bytes (192 bits) in base64url, 32 characters. */
export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/** Three letters of the store's name, upper-cased ('SongWish' → 'SON'), padded with X. */
export function referencePrefix(storeName: string): string {
  const letters = storeName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}

/** A FastSpring-like order reference: `SON251121-4821-17305` (prefix, UTC date, 4 and 5 random digits). */
export function orderReference(storeName: string, now: Date, random: (max: number) => number = randomInt): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const four = String(random(10_000)).padStart(4, '0');
  const five = String(random(100_000)).padStart(5, '0');
  return `${referencePrefix(storeName)}${date}-${four}-${five}`;
}

export interface OrderContact {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  region: string;
  city: string;
  postalCode: string;
}

/** FastSpring's account id is stable per customer; the sandbox derives one from the email. */
export function accountIdFor(email: string): string {
  return createHash('sha256').update(`sandbox-account:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);
}

/**
 * The `data` of an `order.completed` event, as FastSpring sends it: amounts are decimal
 * numbers in major units with `*Display` twins. An item's `subtotal` is its price after the
 * catalogue discount; `discount` is what the coupon took off it; the order's `total` is
 * `subtotal - discount + tax`.
 */
export function buildOrderData(input: {
  id: string;
  reference: string;
  cart: PricedCart;
  contact: OrderContact;
  now: Date;
  /** The session's tags, on the order as FastSpring puts them. */
  tags?: Record<string, string>;
}): FastspringOrder & Record<string, unknown> {
  const { id, reference, cart, contact, now, tags } = input;
  const { currency } = cart;
  const major = (minor: number) => minorToMajor(minor, currency);
  const display = (minor: number) => formatMoney(minor, currency);
  const person = { first: contact.firstName, last: contact.lastName, email: contact.email, company: null, phone: null };
  return {
    id,
    order: id,
    reference,
    completed: true,
    live: false,
    currency,
    changed: now.getTime(),
    total: major(cart.totalMinor),
    totalDisplay: display(cart.totalMinor),
    subtotal: major(cart.netMinor),
    subtotalDisplay: display(cart.netMinor),
    discount: major(cart.couponDiscountMinor),
    discountDisplay: display(cart.couponDiscountMinor),
    tax: 0,
    taxDisplay: display(0),
    customer: person,
    account: { id: accountIdFor(contact.email), contact: person },
    address: {
      country: contact.country,
      region: contact.region || null,
      city: contact.city || null,
      postalCode: contact.postalCode,
    },
    coupons: cart.coupon ? [cart.coupon] : [],
    items: cart.lines.map((line) => ({
      product: line.product.path,
      quantity: line.quantity,
      display: line.product.displayName,
      sku: line.product.sku,
      subtotal: major(line.netMinor),
      subtotalDisplay: display(line.netMinor),
      discount: major(line.couponDiscountMinor),
      discountDisplay: display(line.couponDiscountMinor),
      coupon: line.couponDiscountMinor > 0 ? cart.coupon : null,
    })),
    ...(tags && Object.keys(tags).length > 0 ? { tags } : {}),
  };
}

/** The exact body the webhook carries: FastSpring's envelope with one event (`order.completed` unless told). */
export function webhookBody(eventId: string, created: Date, data: Record<string, unknown>, type = 'order.completed'): string {
  return JSON.stringify({ events: [{ id: eventId, type, created: created.getTime(), live: false, data }] });
}

/**
 * The `data` of a `return.created` event, as FastSpring sends it: the return's id, the
 * original order, the returned items with their share of the order's amounts, a reason.
 */
export function buildReturnData(input: {
  id: string;
  order: { id: string; reference: string; currency: string; eventData: Record<string, unknown> };
  items: Array<{ product: string; quantity: number }>;
  reason: string;
  now: Date;
}): Record<string, unknown> {
  const { order, now } = input;
  const sold = (order.eventData.items ?? []) as Array<{ product: string; quantity: number; display?: string; subtotal: number; discount?: number }>;
  const items = input.items.map((item) => {
    const line = sold.find((candidate) => candidate.product === item.product)!;
    const paidMinor = majorToMinor(line.subtotal - (line.discount ?? 0), order.currency);
    const minor = Math.round((paidMinor * item.quantity) / line.quantity);
    return { product: item.product, quantity: item.quantity, display: line.display ?? item.product, subtotal: minorToMajor(minor, order.currency), minor };
  });
  const totalMinor = items.reduce((sum, item) => sum + item.minor, 0);
  return {
    return: input.id,
    reference: `${order.reference}R`,
    completed: true,
    changed: now.getTime(),
    live: false,
    currency: order.currency,
    totalReturn: minorToMajor(totalMinor, order.currency),
    totalReturnDisplay: formatMoney(totalMinor, order.currency),
    reason: input.reason,
    note: null,
    type: 'RETURN',
    original: { id: order.id, order: order.id, reference: order.reference },
    customer: (order.eventData.customer as Record<string, unknown> | undefined) ?? null,
    items: items.map(({ minor: _minor, ...item }) => item),
  };
}
