import {
  formatMoney,
  SESSION_TAGS_MAX,
  type sandboxContactRequestSchema,
  type SandboxCouponError,
  type SandboxErrorCode,
  type SandboxOrderReceived,
  type SandboxPayRequest,
  type sandboxPushRequestSchema,
  type SblCartData,
} from '@store/contracts';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { SandboxCartRow } from '#server/db/schema.ts';
import type { CouponEvaluation } from '#server/modules/coupons/coupon-rules.ts';
import type { CouponService } from '#server/modules/coupons/coupons.service.ts';
import { checkCard, DECLINE_MESSAGES, type CardField } from './cards';
import { isCountryCode } from './countries';
import { buildOrderData, newSessionId, orderReference, randomId, webhookBody } from './order-data';
import { couponLines, priceCart, priceLines, toSblCartData, type CartItem, type PricedCart, type PricedProduct } from './pricing';
import type { LiveCatalogue } from './live-catalogue';
import type { CartContact, SandboxOrderRow, SandboxRepository } from './sandbox.repository';

export type SandboxContactInput = z.infer<typeof sandboxContactRequestSchema>;
export type SandboxPushInput = z.infer<typeof sandboxPushRequestSchema>;

/** An expected refusal; the routes turn it into a 4xx answer with this code. */
export class SandboxError extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export interface SandboxServiceOptions {
  /** Opens the payment's transaction. */
  db: Database;
  /** The sandbox's own tables, on the database or a transaction. */
  repository: (db: Database) => SandboxRepository;
  /** The coupons module, on the database or the payment's transaction (a payment reserves a use under the coupon's lock). */
  coupons: (db: Database) => Pick<CouponService, 'evaluateCoupon' | 'reserve'>;
  /**
   * The live products, cached between catalogue writes. Without it every pricing reads the
   * products table (on the request's transaction).
   */
  catalogue?: Pick<LiveCatalogue, 'at'>;
  /** The store currency: carts are priced in it. */
  currency: string;
  /** Its first letters start every order reference. */
  storeName: string;
  now?: () => Date;
  /** Called after an order is committed (the webhook deliverer is kicked). */
  onOrderCompleted?: () => void;
}

export interface SessionView {
  session: string;
  cart: SblCartData;
  couponError?: SandboxCouponError;
}

export interface CheckoutView {
  session: string;
  cart: PricedCart;
  contact: CartContact;
  /** The order this session completed last, when its cart has not been filled again since. */
  completedOrder: SandboxOrderReceived | null;
  /** How the webhook announcing that order to the store is going. */
  completedOrderDelivery: OrderDelivery | null;
}

/** Where the webhook announcing an order stands: delivered, or still being retried and why. */
export interface OrderDelivery {
  delivered: boolean;
  attempts: number;
  lastError: string | null;
  /** When the next attempt is due, while not delivered. */
  nextAttemptAt: Date | null;
}

export interface PayResult {
  order: SandboxOrderReceived;
  /** False when this answers a repeated request for an order already made. */
  created: boolean;
}

const MAX_CART_LINES = 100;
const CONTACT_KEYS = ['email', 'firstName', 'lastName', 'company', 'phone', 'country', 'region', 'city', 'postalCode', 'addressLine1'] as const;

/** What a cart change inside its transaction works with: the products were read before it opened. */
interface CartChange {
  db: Database;
  at: Date;
  catalogue: PricedProduct[];
}

/**
 * The sandbox payment provider's logic: cart sessions priced from the catalogue, promo
 * codes, contact pre-fill, and payment with test cards. A completed payment writes the
 * provider's order, the webhook it owes, and the emptied cart in one transaction.
 */
export function createSandboxService(options: SandboxServiceOptions) {
  const { db, currency, storeName } = options;
  const now = options.now ?? (() => new Date());
  const repository = options.repository(db);
  /**
   * Read before a cart's transaction opens, never inside it: the cached copy reads the products
   * table on the database when it is cold, which on PGlite (one connection) would wait for that
   * transaction forever.
   */
  const liveProducts = (at: Date) => (options.catalogue ? options.catalogue.at(at) : repository.listLiveProducts(at));

  async function price(
    database: Database,
    cart: { items: CartItem[]; couponCode: string | null; contact: CartContact | null },
    at: Date,
    catalogue: PricedProduct[],
    payment?: { email: string },
  ): Promise<{ priced: PricedCart; evaluation: CouponEvaluation | null }> {
    const lines = priceLines(cart.items, byPath(catalogue), currency);
    const evaluation = cart.couponCode
      ? await options.coupons(database).evaluateCoupon(cart.couponCode, couponLines(lines), {
          now: at,
          currency,
          email: payment?.email ?? cart.contact?.email ?? null,
          // A payment counts the coupon's uses under its row lock and reserves one.
          lock: payment !== undefined,
        })
      : null;
    return { priced: priceCart(lines, currency, evaluation), evaluation };
  }

  async function view(row: SandboxCartRow, couponError?: SandboxCouponError): Promise<SessionView> {
    const at = now();
    const catalogue = await liveProducts(at);
    const { priced } = await price(db, row, at, catalogue);
    return { session: row.id, cart: toSblCartData(priced, catalogue), ...(couponError ? { couponError } : {}) };
  }

  /**
   * Changes one cart under a row lock. `change` returns the new state (or null to write
   * nothing) and may report a refused coupon.
   */
  async function mutate(
    sessionId: string,
    change: (row: SandboxCartRow, tx: CartChange) => Promise<{ changes: Partial<SandboxCartRow> | null; couponError?: SandboxCouponError }>,
  ): Promise<SessionView> {
    const at = now();
    const catalogue = await liveProducts(at);
    const { row, couponError } = await db.transaction(async (tx) => {
      const repo = options.repository(tx);
      const current = await repo.lockCart(sessionId);
      if (!current) throw unknownSession();
      const result = await change(current, { db: tx, at, catalogue });
      const { changes } = result;
      if (!changes) return { row: current, couponError: result.couponError };
      await repo.updateCart(current.id, changes, at);
      return { row: { ...current, ...changes }, couponError: result.couponError };
    });
    return view(row, couponError);
  }

  /** Null when no webhook about this order is known (e.g. made by a version that did not link them). */
  async function orderDelivery(orderId: string): Promise<OrderDelivery | null> {
    const delivery = await repository.findOrderAnnouncement(orderId);
    if (!delivery) return null;
    const delivered = delivery.status === 'delivered';
    return { delivered, attempts: delivery.attempts, lastError: delivery.lastError, nextAttemptAt: delivered ? null : delivery.nextAttemptAt };
  }

  function requireLive(catalogue: PricedProduct[], paths: string[]): void {
    if (paths.length === 0) return;
    const live = byPath(catalogue);
    const missing = [...new Set(paths)].filter((path) => live.get(path)?.currency !== currency);
    if (missing.length > 0) {
      throw new SandboxError(
        'unknown_product',
        missing.length === 1
          ? `No product with the path '${missing[0]}' is for sale`
          : `No products with the paths ${missing.map((path) => `'${path}'`).join(', ')} are for sale`,
      );
    }
  }

  async function isForSale(path: string): Promise<boolean> {
    return byPath(await liveProducts(now())).get(path)?.currency === currency;
  }

  async function evaluatePromo(code: string, items: CartItem[], contact: CartContact | null, tx: CartChange): Promise<CouponEvaluation> {
    const lines = priceLines(items, byPath(tx.catalogue), currency);
    return options.coupons(tx.db).evaluateCoupon(code, couponLines(lines), {
      now: tx.at,
      currency,
      email: contact?.email ?? null,
    });
  }

  return {
    async createSession(): Promise<SessionView> {
      const row = await repository.insertCart(newSessionId());
      return view(row);
    },

    /** Null when no session has this id. */
    async getSession(sessionId: string): Promise<SessionView | null> {
      const row = await repository.findCart(sessionId);
      return row ? view(row) : null;
    },

    /** `add(path)`: selects the product; a product already in the cart keeps its quantity (as in the SBL). */
    async addItem(sessionId: string, path: string): Promise<SessionView> {
      // The usual add (a product for sale, new to an existing cart with room) is one statement
      // instead of a transaction of three; every other case takes the locked path, which tells
      // which it is with the same answers as before.
      if (await isForSale(path)) {
        const added = await repository.appendItemIfAbsent(sessionId, path, MAX_CART_LINES, now());
        if (added) return view(added);
      }
      return mutate(sessionId, async (row, tx) => {
        requireLive(tx.catalogue, [path]);
        if (row.items.some((item) => item.path === path)) return { changes: null };
        return { changes: itemChanges(limitLines([...row.items, { path, quantity: 1 }])) };
      });
    },

    /** `update(path, quantity)`; 0 removes the product. */
    setQuantity(sessionId: string, path: string, quantity: number): Promise<SessionView> {
      return mutate(sessionId, async (row, tx) => {
        if (quantity > 0) requireLive(tx.catalogue, [path]);
        return { changes: itemChanges(setQuantity(row.items, path, quantity)) };
      });
    },

    reset(sessionId: string): Promise<SessionView> {
      return mutate(sessionId, async () => ({ changes: { ...itemChanges([]), couponCode: null } }));
    },

    /** `promo(code)`: a refused code leaves the cart as it was and is reported; an empty code removes the coupon. */
    applyPromo(sessionId: string, code: string): Promise<SessionView> {
      return mutate(sessionId, async (row, tx) => {
        if (code.trim() === '') return { changes: { couponCode: null } };
        const evaluation = await evaluatePromo(code, row.items, row.contact, tx);
        if (!evaluation.ok) return { changes: null, couponError: { code: evaluation.reason, message: evaluation.message } };
        return { changes: { couponCode: evaluation.code } };
      });
    },

    /** `recognize()` / the contact part of `secure()`: remembered to pre-fill the checkout. */
    setContact(sessionId: string, input: SandboxContactInput): Promise<SessionView> {
      return mutate(sessionId, async (row) => ({ changes: { contact: mergeContact(row.contact, input) } }));
    },

    /** `push()` / `secure()`: reset, products, coupon and contact at once; every product is checked before anything is written. */
    push(sessionId: string, input: SandboxPushInput): Promise<SessionView> {
      return mutate(sessionId, async (row, tx) => {
        const products = input.products ?? [];
        requireLive(
          tx.catalogue,
          products.filter((product) => product.quantity > 0).map((product) => product.path),
        );
        let items = input.reset ? [] : row.items;
        for (const product of products) items = setQuantity(items, product.path, product.quantity);
        let couponCode = input.reset ? null : row.couponCode;
        const contact = input.paymentContact || input.billingAddress ? mergeContact(row.contact, input) : row.contact;
        const tags = input.tags ? withTags(row.tags, input.tags) : row.tags;
        let couponError: SandboxCouponError | undefined;
        if (input.coupon !== undefined) {
          if (input.coupon.trim() === '') couponCode = null;
          else {
            const evaluation = await evaluatePromo(input.coupon, items, contact, tx);
            if (evaluation.ok) couponCode = evaluation.code;
            else couponError = { code: evaluation.reason, message: evaluation.message };
          }
        }
        const itemsChanged = input.reset || products.length > 0;
        return { changes: { ...(itemsChanged ? itemChanges(items) : {}), couponCode, contact, tags }, couponError };
      });
    },

    /** Everything the checkout page shows; null when no session has this id. */
    async getCheckout(sessionId: string): Promise<CheckoutView | null> {
      const row = await repository.findCart(sessionId);
      if (!row) return null;
      const at = now();
      const { priced } = await price(db, row, at, await liveProducts(at));
      const completedOrderId = completedOrderOf(row);
      const completed = completedOrderId ? await repository.findOrder(completedOrderId) : undefined;
      return {
        session: row.id,
        cart: priced,
        contact: row.contact ?? {},
        completedOrder: completed ? orderReceived(completed) : null,
        completedOrderDelivery: completed ? await orderDelivery(completed.id) : null,
      };
    },

    getOrderDelivery: orderDelivery,

    /**
     * Takes payment for the session's cart. Idempotent per session: a repeated request after
     * success finds the emptied cart and its completed order. The usual payment (no coupon to
     * reserve) is a read of the cart and one statement that writes the order only if the cart,
     * locked, still holds what was priced; a cart changed in between, a coupon or a repeated
     * request takes the transaction that locks the cart first.
     */
    async pay(sessionId: string, input: SandboxPayRequest): Promise<PayResult> {
      const at = now();
      const catalogue = await liveProducts(at);
      const seen = await repository.findCart(sessionId);
      if (!seen) throw unknownSession();
      if (!seen.couponCode && !completedOrderOf(seen)) {
        const { priced } = await price(db, seen, at, catalogue);
        const order = await placeOrder(repository, seen, priced, null, input, at);
        if (order) {
          options.onOrderCompleted?.();
          return { order: orderReceived(order), created: true };
        }
      }
      const result = await db.transaction(async (tx): Promise<PayResult> => {
        const repo = options.repository(tx);
        const row = await repo.lockCart(sessionId);
        if (!row) throw unknownSession();
        const completedOrderId = completedOrderOf(row);
        if (completedOrderId) {
          const existing = await repo.findOrder(completedOrderId);
          if (existing) return { order: orderReceived(existing), created: false };
        }
        const { priced, evaluation } = await price(tx, row, at, catalogue, { email: input.email });
        const order = await placeOrder(repo, row, priced, evaluation, input, at);
        // The row is locked by this transaction: nothing else can have changed it.
        if (!order) throw new Error('a locked cart changed during its payment');
        if (evaluation?.ok && priced.coupon) {
          await options.coupons(tx).reserve(evaluation, { providerOrderId: order.id, email: order.email });
        }
        return { order: orderReceived(order), created: true };
      });
      if (result.created) options.onOrderCompleted?.();
      return result;
    },
  };

  /** Refuses a payment that cannot go through (fields, card, coupon, changed total); the buyer's contact otherwise. */
  function checkPayment(priced: PricedCart, evaluation: CouponEvaluation | null, input: SandboxPayRequest, at: Date) {
    if (priced.lines.length === 0) throw new SandboxError('empty_cart', 'Your cart is empty. Add a product before you check out.');
    const fields: Partial<Record<CardField | 'country', string>> = {};
    if (!isCountryCode(input.country)) fields.country = 'Choose your country';
    const card = priced.totalMinor > 0 ? checkCard(input, at) : null;
    if (card && !card.ok) Object.assign(fields, card.fields);
    if (Object.keys(fields).length > 0) {
      throw new SandboxError('invalid_request', 'Check the highlighted fields and try again.', fields);
    }
    if (evaluation && !evaluation.ok && (evaluation.reason === 'used_up' || evaluation.reason === 'already_used')) {
      throw new SandboxError('coupon_refused', `${evaluation.message} (${evaluation.code}). Remove the code from your cart to pay without it.`);
    }
    if (input.expectedTotal !== undefined && input.expectedTotal !== priced.totalMinor) {
      throw new SandboxError('price_changed', `The total of your order changed to ${formatMoney(priced.totalMinor, currency)}. Check it and pay again.`);
    }
    if (card?.ok && card.outcome !== 'success')
      throw new SandboxError(card.outcome === 'declined' ? 'card_declined' : 'insufficient_funds', DECLINE_MESSAGES[card.outcome]);
    return {
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      country: input.country,
      region: input.region,
      city: input.city,
      postalCode: input.postalCode,
    };
  }

  /**
   * Checks the payment and writes the order, its webhook and the emptied cart, trying another
   * reference while the one drawn is taken. Null when the cart no longer holds what `paid` held.
   */
  async function placeOrder(
    repo: SandboxRepository,
    paid: SandboxCartRow,
    priced: PricedCart,
    evaluation: CouponEvaluation | null,
    input: SandboxPayRequest,
    at: Date,
  ): Promise<PlacedOrder | null> {
    const contact = checkPayment(priced, evaluation, input, at);
    const id = randomId();
    const eventId = randomId();
    const cartContact = mergeContact(paid.contact, { paymentContact: contact, billingAddress: contact });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const reference = orderReference(storeName, at);
      const eventData = buildOrderData({ id, reference, cart: priced, contact, now: at, tags: paid.tags });
      const order = { id, reference, cartId: paid.id, email: contact.email, totalMinor: priced.totalMinor, currency, eventData, createdAt: at };
      const outcome = await repo.completeCart(order, { eventId, body: webhookBody(eventId, at, eventData) }, paid, cartContact, at);
      if (outcome === 'completed') return order;
      if (outcome === 'cart-changed') return null;
    }
    throw new Error('could not find a free order reference');
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>;

function unknownSession() {
  return new SandboxError('unknown_session', 'This cart session does not exist or has expired. Start a new one.');
}

function byPath(products: PricedProduct[]): Map<string, PricedProduct> {
  return new Map(products.map((product) => [product.path, product]));
}

/** The cart's lines changed: a completed order it remembered is no longer what it holds. */
function itemChanges(items: CartItem[]): Partial<SandboxCartRow> {
  return { items, completedOrderId: null };
}

function setQuantity(items: CartItem[], path: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((item) => item.path !== path);
  if (items.some((item) => item.path === path)) return items.map((item) => (item.path === path ? { path, quantity } : item));
  return limitLines([...items, { path, quantity }]);
}

function limitLines(items: CartItem[]): CartItem[] {
  if (items.length > MAX_CART_LINES) throw new SandboxError('invalid_request', `A cart holds at most ${MAX_CART_LINES} different products`);
  return items;
}

/** Merges pushed contact fields into the stored ones; an empty value clears a field. */
function mergeContact(stored: CartContact | null, input: SandboxContactInput): CartContact {
  const merged: CartContact = { ...(stored ?? {}) };
  const given: Record<string, string | undefined> = { ...input.paymentContact, ...input.billingAddress };
  for (const key of CONTACT_KEYS) {
    const value = given[key];
    if (value === undefined) continue;
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Adds pushed tags to the session's (a later value replaces an earlier one), at most SESSION_TAGS_MAX in all. */
function withTags(stored: Record<string, string>, tags: Record<string, string>): Record<string, string> {
  const merged = { ...stored, ...tags };
  if (Object.keys(merged).length > SESSION_TAGS_MAX) {
    throw new SandboxError('invalid_request', `A session keeps at most ${SESSION_TAGS_MAX} tags.`);
  }
  return merged;
}

/** An order as the payment wrote it (what the webhook and the answer are made from). */
type PlacedOrder = Omit<SandboxOrderRow, 'returned'>;

/** The order a cart completed, while the cart has not been filled again since. */
function completedOrderOf(row: SandboxCartRow): string | null {
  return row.completedOrderId && row.items.length === 0 ? row.completedOrderId : null;
}

function orderReceived(order: PlacedOrder): SandboxOrderReceived {
  const data = order.eventData as {
    total: number;
    totalDisplay: string;
    items: Array<{ product: string; quantity: number; display: string }>;
  };
  return {
    id: order.id,
    reference: order.reference,
    live: false,
    currency: order.currency,
    total: data.total,
    totalDisplay: data.totalDisplay,
    items: data.items.map((item) => ({ product: item.product, quantity: item.quantity, display: item.display })),
  };
}
