import {
  fastspringOrderSchema,
  fastspringReturnSchema,
  formatBytes,
  formatMoney,
  majorToMinor,
  minorToMajor,
  normaliseCouponCode,
  type FastspringOrder,
  type FastspringReturn,
  type OrderSummary,
  type WebhookEvent,
} from '@store/contracts';
import { ANALYTICS_CHECKOUT_CODE, ANALYTICS_CHECKOUT_TAG } from '@store/contracts/analytics';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { signedDownloadPath } from '../downloads/signed-download-url';
import type { IssuedKeys, IssueRequest } from '../licensing/licence-issuing';
import type { NewOutboxMessage } from '../mail/mail.service';
import { renderOrderConfirmation } from '../mail/order-confirmation';
import { renderRefundConfirmation } from '../mail/refund-confirmation';
import { createOrdersRepository, type OrdersRepository } from './orders.repository';

/** Email download links stay valid this long; afterwards the account area signs new ones. */
export const EMAIL_LINK_VALID_DAYS = 30;

/** A problem with the event itself: retrying the same bytes cannot succeed. */
export class RejectedEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RejectedEventError';
  }
}

export type EventOutcome =
  | { eventId: string; result: 'order-created'; orderId: number; reference: string }
  | { eventId: string; result: 'order-already-recorded'; orderId: number }
  | { eventId: string; result: 'refund-recorded'; orderId: number; refundId: number }
  | { eventId: string; result: 'refund-already-recorded'; orderId: number }
  | { eventId: string; result: 'test-order-refused'; providerId: string }
  | { eventId: string; result: 'duplicate-event' }
  | { eventId: string; result: 'ignored' }
  /** Cannot be used as sent: not recorded, so the provider's retry succeeds once the cause is fixed. */
  | { eventId: string; result: 'rejected'; message: string }
  /** An unexpected fault (e.g. the database went away): not recorded, retried by the provider. */
  | { eventId: string; result: 'failed'; error: unknown };

/** An event the store has dealt with for good: the provider may stop sending it. */
export function isProcessed(outcome: EventOutcome): boolean {
  return outcome.result !== 'rejected' && outcome.result !== 'failed';
}

/** The event's transaction: every module an event touches writes in it, so an order is all or nothing. */
type Tx = Database;

/**
 * What the orders pipeline needs from the modules that own the other tables an order touches.
 * Each is handed the event's transaction; app.ts wires in the real modules.
 */
export interface OrdersModules {
  /** The orders module's own tables. */
  repository: (tx: Tx) => OrdersRepository;
  /**
   * The catalogue: the products an order names, and the files of their newest versions (one read
   * for all of an order's lines), listed in the confirmation email.
   */
  catalog: (tx: Tx) => {
    productsByPath(paths: string[]): Promise<Map<string, ProductRow>>;
    findLatestVersions(productIds: number[]): Promise<Map<number, LatestVersion>>;
  };
  /** The coupons module: counts the order's coupon uses and releases their reservations. */
  coupons: (tx: Tx) => { redeem(codes: string[], order: { orderId: number; providerOrderId: string; customerId: number }): Promise<string[]> };
  /**
   * The licensing module: issues the licence keys of a line and revokes those of refunded units.
   * `afterCommit` runs what it hands it once the event's transaction committed (not if it rolls back).
   */
  licensing: (
    tx: Tx,
    afterCommit: (step: () => void) => void,
  ) => {
    issue(request: IssueRequest): Promise<IssuedKeys>;
    revoke(request: { orderItemId: number; quantity: number; at: Date }): Promise<number>;
    /** The keys each line holds now (a resent confirmation lists them). */
    keysOf(orderItemIds: number[]): Promise<Map<number, IssuedKeys>>;
  };
  /** The mail module: queues an email in the transaction. */
  mail: { enqueue(tx: Tx, message: NewOutboxMessage): Promise<boolean> };
  /**
   * The analytics module: the order completes the checkout its session's tag names. Run after the
   * commit and not awaited: it never fails nor delays the webhook.
   */
  analytics: { purchaseCompleted(purchase: { checkoutCode: string; products: string[]; at: Date }): Promise<void> };
}

interface LatestVersion {
  version: string;
  files: Array<{ id: number; os: string; filename: string; sizeBytes: number }>;
}

export interface OrdersServiceOptions {
  db: Database;
  modules: OrdersModules;
  provider: 'sandbox' | 'fastspring';
  storeName: string;
  publicUrl: string;
  supportEmail: string;
  downloadSigningSecret: string;
  /**
   * Whether the provider's test orders (`live: false`) grant licences and downloads. Always
   * true for the sandbox, whose orders are all test orders; with FastSpring only for a staging
   * store (FASTSPRING_ACCEPT_TEST_ORDERS).
   */
  acceptTestOrders: boolean;
  /** Called after an order's transaction committed (e.g. to send the queued email now). */
  onOrderCommitted?: (orderId: number) => void;
  /** Writing an event's line in the webhook log failed: the event's outcome stands, the log misses a line. */
  onWebhookLogFailed?: (error: unknown) => void;
  now?: () => Date;
}

export function createOrdersService(options: OrdersServiceOptions) {
  const { db, modules } = options;
  const now = options.now ?? (() => new Date());

  /**
   * Each event in its own transaction, and each judged alone: an event that breaks a rule of
   * the database (a reference another order has, a number out of range) is that event's
   * rejection, never the batch's, so the events after it are still recorded.
   */
  async function processEvents(events: WebhookEvent[]): Promise<EventOutcome[]> {
    const outcomes: EventOutcome[] = [];
    for (const event of events) {
      const committed: Array<() => void> = [];
      try {
        outcomes.push(
          await db.transaction((tx) => {
            afterCommitOf.set(tx, committed);
            return processEvent(tx, event);
          }),
        );
        for (const step of committed) step();
      } catch (error) {
        const rejection = rejectionOf(error, event.id);
        outcomes.push(rejection ? { eventId: event.id, result: 'rejected', message: rejection } : { eventId: event.id, result: 'failed', error });
      }
    }
    // After the events' transactions: a rejected event rolled back, and its line must stay.
    await logEvents(events, outcomes);
    for (const outcome of outcomes) {
      if (outcome.result === 'order-created' || outcome.result === 'refund-recorded') options.onOrderCommitted?.(outcome.orderId);
    }
    return outcomes;
  }

  let lastPrunedAt = 0;

  /**
   * One webhook log line per event received, whatever became of it, all of a post's lines in one
   * insert; a failure to write them never fails the webhook.
   */
  async function logEvents(events: WebhookEvent[], outcomes: EventOutcome[]) {
    try {
      const repo = modules.repository(db);
      await repo.logWebhookEvents(
        events.map((event, index) => {
          const outcome = outcomes[index]!;
          return {
            eventId: event.id.slice(0, 200),
            type: event.type.slice(0, 100),
            outcome: outcome.result,
            message: logMessage(outcome),
            orderId: 'orderId' in outcome ? outcome.orderId : null,
            providerOrderId: providerOrderIdOf(event),
          };
        }),
      );
      // The log keeps 13 months: pruned at most once a day, by the webhook traffic itself.
      if (now().getTime() - lastPrunedAt > 86_400_000) {
        lastPrunedAt = now().getTime();
        const before = new Date(now());
        before.setUTCMonth(before.getUTCMonth() - WEBHOOK_LOG_MONTHS);
        await repo.pruneWebhookLog(before);
      }
    } catch (error) {
      options.onWebhookLogFailed?.(error);
    }
  }

  /** What each event's transaction runs once it committed (a licence cache dropping the keys it revoked). */
  const afterCommitOf = new WeakMap<Tx, Array<() => void>>();
  const licensingOn = (tx: Tx) => modules.licensing(tx, (step) => afterCommitOf.get(tx)!.push(step));

  async function processEvent(tx: Tx, event: WebhookEvent): Promise<EventOutcome> {
    const repo = modules.repository(tx);
    // The event row is the lock: a concurrent delivery of the same id waits here for our
    // commit and then finds it recorded; if we roll back, it proceeds as the first.
    if (!(await repo.recordEvent({ id: event.id, type: event.type }))) {
      return { eventId: event.id, result: 'duplicate-event' };
    }
    if (event.type === 'return.created') return processReturn(tx, event);
    if (event.type !== 'order.completed') return { eventId: event.id, result: 'ignored' };

    const parsed = fastspringOrderSchema.safeParse(event.data);
    if (!parsed.success) throw invalidEvent(event.id, 'order', parsed.error.issues);
    const order = parsed.data;
    if (!order.completed) return { eventId: event.id, result: 'ignored' };
    // Seen (the event row stays), but grants nothing: a test card must not unlock real products.
    if (refusedAsTest(order, event)) {
      return { eventId: event.id, result: 'test-order-refused', providerId: order.id };
    }

    return recordOrder(tx, order, event);
  }

  /** A test order or refund (live: false on it or its event), unless this store takes them. */
  const refusedAsTest = (data: { live: boolean }, event: WebhookEvent) => !options.acceptTestOrders && !(data.live && event.live !== false);

  async function processReturn(tx: Tx, event: WebhookEvent): Promise<EventOutcome> {
    const parsed = fastspringReturnSchema.safeParse(event.data);
    if (!parsed.success) throw invalidEvent(event.id, 'return', parsed.error.issues);
    const refund = parsed.data;
    if (!refund.completed) return { eventId: event.id, result: 'ignored' };
    // The refund of a test order the store refused: there is nothing to take back.
    if (refusedAsTest(refund, event)) {
      return { eventId: event.id, result: 'test-order-refused', providerId: refund.return };
    }
    const outcome = await recordRefund(tx, refund, event);
    await modules.repository(tx).linkEventToOrder(event.id, outcome.orderId);
    return outcome;
  }

  /**
   * Marks the returned lines refunded, revokes their licence keys (downloads stop once every
   * unit of a line is returned) and queues one refund email. Idempotent by the return's id; a
   * refund of an order not recorded yet is rejected, so the provider retries it after the order.
   */
  async function recordRefund(
    tx: Tx,
    refund: FastspringReturn,
    event: WebhookEvent,
  ): Promise<Extract<EventOutcome, { result: 'refund-recorded' | 'refund-already-recorded' }>> {
    const repo = modules.repository(tx);
    const { original } = refund;
    const ids = [...new Set([original.id, original.order].filter((id): id is string => Boolean(id)))];
    const order = await repo.lockOrderForRefund(options.provider, { ids, reference: original.reference });
    const named = original.reference ?? ids[0];
    if (!order) throw new RejectedEventError(`Return ${refund.return} refunds order ${named}, which this store has not recorded (yet).`);

    const currency = refund.currency ?? order.currency;
    const amountMinor = refund.totalReturn == null ? null : majorToMinor(refund.totalReturn, currency);
    const refundId = await repo.insertRefund({
      provider: options.provider,
      providerReturnId: refund.return,
      orderId: order.id,
      reason: refund.reason?.trim() || null,
      amountMinor,
    });
    if (refundId === undefined) return { eventId: event.id, result: 'refund-already-recorded', orderId: order.id };
    await repo.completeRefundRequest(order.id, refund.return, now());

    const { refunded, everything } = await refundLines(tx, order, refund);
    await repo.setOrderStatus(order.id, everything ? 'refunded' : 'partially_refunded');
    if (refunded.length > 0) {
      const message = renderRefundConfirmation({
        storeName: options.storeName,
        storeUrl: options.publicUrl,
        supportEmail: options.supportEmail,
        reference: order.reference,
        customerName: order.firstName,
        amount: amountMinor === null ? null : formatMoney(amountMinor, currency),
        partial: !everything,
        items: refunded,
      });
      await modules.mail.enqueue(tx, {
        dedupeKey: `refund-confirmation:${refundId}`,
        orderId: order.id,
        kind: 'refund-confirmation',
        toAddress: order.email,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
    }
    return { eventId: event.id, result: 'refund-recorded', orderId: order.id, refundId };
  }

  /**
   * Records a paid order, one step per module that owns a part of it, all in the event's
   * transaction: who bought (customer) with the order itself, then per line what was bought
   * (line) with its download right, its licence keys, then the coupon uses and the email.
   */
  async function recordOrder(tx: Tx, order: FastspringOrder, event: WebhookEvent): Promise<Extract<EventOutcome, { orderId: number }>> {
    const repo = modules.repository(tx);
    const productRows = await knownProducts(tx, order);
    const contact = orderContact(order);
    const completedAt = order.changed ? new Date(order.changed) : now();
    const { customerId, orderId } = await recordOrderRow(repo, order, event, { contact, completedAt });
    if (orderId === undefined) {
      // The same order announced again under a new event id (FastSpring's manual resend).
      const existing = (await repo.findOrderId(options.provider, order.id))!;
      await repo.linkEventToOrder(event.id, existing);
      return { eventId: event.id, result: 'order-already-recorded', orderId: existing };
    }
    const orderCouponCodes = storedCouponCodes(order);
    const bought = mergeLines(order.items).map((item) => ({ item, product: productRows.get(item.product)! }));
    const lines = await recordLines(repo, { orderId, customerId, lines: bought, currency: order.currency });
    const issued: IssuedKeys[] = [];
    for (const { orderItemId, product, item } of lines) {
      issued.push(await licensingOn(tx).issue({ orderItemId, customerId, product, quantity: item.quantity, orderCouponCodes }));
    }
    const deliveries = await downloadLinks(tx, lines);
    const emailItems = lines.map(({ item, product }, index) => ({
      display: item.display || product.displayName,
      quantity: item.quantity,
      licenceKeys: issued[index]!.keys,
      licenceSeats: product.licenceSeats,
      ...(issued[index]!.trial ? { trial: issued[index]!.trial } : {}),
      ...deliveries[index]!,
    }));
    await modules.coupons(tx).redeem(order.coupons, { orderId, providerOrderId: order.id, customerId });
    await queueOrderConfirmation(tx, { order, orderId, contact, completedAt, items: emailItems });
    countPurchase(tx, order);
    return { eventId: event.id, result: 'order-created', orderId, reference: order.reference };
  }

  /** Analytics step: once the order committed, it completes the checkout its tag names (none without a tag). */
  function countPurchase(tx: Tx, order: FastspringOrder) {
    const checkoutCode = order.tags?.[ANALYTICS_CHECKOUT_TAG];
    if (!checkoutCode || !ANALYTICS_CHECKOUT_CODE.test(checkoutCode)) return;
    const products = mergeLines(order.items).map((item) => item.product);
    afterCommitOf.get(tx)!.push(() => void modules.analytics.purchaseCompleted({ checkoutCode, products, at: now() }));
  }

  /** Every product the order names, by path; an order for something this store does not sell is rejected. */
  async function knownProducts(tx: Tx, order: FastspringOrder) {
    const productRows = await modules.catalog(tx).productsByPath(order.items.map((item) => item.product));
    const unknown = order.items.filter((item) => !productRows.has(item.product)).map((item) => item.product);
    if (unknown.length > 0) {
      throw new RejectedEventError(`Order ${order.reference} names products this store does not sell: ${unknown.join(', ')}`);
    }
    return productRows;
  }

  function orderContact(order: FastspringOrder) {
    const contact = order.customer ?? (typeof order.account === 'object' ? order.account.contact : undefined);
    if (!contact) throw new RejectedEventError(`Order ${order.reference} has no customer email`);
    return contact;
  }

  /**
   * Customer and order step, one statement: one customer per email, filled in by each order, and
   * the order's row, linked to the event that announced it. `orderId` is undefined when the
   * provider's order is already recorded.
   */
  function recordOrderRow(
    repo: OrdersRepository,
    order: FastspringOrder,
    /** Without an id for an order no event announced (a complimentary one). */
    event: Pick<WebhookEvent, 'live'> & { id?: string },
    {
      contact,
      completedAt,
      madeByStore = false,
    }: { contact: OrderContact; completedAt: Date; /** A complimentary order the store made itself. */ madeByStore?: boolean },
  ) {
    const currency = order.currency;
    const customer = {
      email: contact.email.trim().toLowerCase(),
      firstName: contact.first?.trim() || null,
      lastName: contact.last?.trim() || null,
      country: order.address?.country || null,
      region: order.address?.region || null,
      city: order.address?.city || null,
      postalCode: order.address?.postalCode || null,
    };
    return repo.insertOrder(
      customer,
      {
        reference: order.reference,
        provider: madeByStore ? 'store' : options.provider,
        kind: madeByStore ? 'complimentary' : 'sale',
        providerOrderId: order.id,
        email: contact.email.trim().toLowerCase(),
        currency,
        subtotalMinor: majorToMinor(order.subtotal, currency),
        discountMinor: majorToMinor(order.discount, currency),
        taxMinor: majorToMinor(order.tax, currency),
        totalMinor: majorToMinor(order.total, currency),
        couponCodes: storedCouponCodes(order),
        live: order.live && event.live !== false,
        completedAt,
      },
      event.id,
    );
  }

  /**
   * Line and download-right step: one order line per product, and the right to download each
   * downloadable one, all of the order's in one statement; each line with its new ids.
   */
  async function recordLines(
    repo: OrdersRepository,
    { orderId, customerId, lines, currency }: { orderId: number; customerId: number; lines: Array<{ product: ProductRow; item: OrderLine }>; currency: string },
  ): Promise<Array<{ orderItemId: number; entitlementId: number | undefined; product: ProductRow; item: OrderLine }>> {
    const ids = await repo.insertItems(
      lines.map(({ product, item }) => ({
        orderId,
        productId: product.id,
        productPath: product.path,
        display: item.display || product.displayName,
        quantity: item.quantity,
        subtotalMinor: majorToMinor(item.subtotal, currency),
        discountMinor: majorToMinor(item.discount, currency),
      })),
      { customerId, downloadable: lines.filter(({ product }) => product.downloadable).map(({ product }) => product.id) },
    );
    return lines.map((line) => ({ ...line, ...ids.get(line.product.id)! }));
  }

  /**
   * Download step: the email's signed links to the newest files of each line's product, read
   * once for all of them. One delivery per line, in the lines' order (none for a product that
   * is not downloadable).
   */
  async function downloadLinks(
    tx: Tx,
    lines: Array<{ entitlementId: number | undefined; product: ProductRow }>,
  ): Promise<Array<{ version: string | null; downloads: Array<{ label: string; url: string; size: string }> }>> {
    const downloadable = lines.filter(({ product }) => product.downloadable);
    if (downloadable.length === 0) return lines.map(() => ({ version: null, downloads: [] }));
    const newest = await modules.catalog(tx).findLatestVersions(downloadable.map(({ product }) => product.id));
    const expires = Math.floor(now().getTime() / 1000) + EMAIL_LINK_VALID_DAYS * 86_400;
    return lines.map(({ entitlementId, product }) => {
      if (!product.downloadable || entitlementId === undefined) return { version: null, downloads: [] };
      const latest = newest.get(product.id);
      return {
        version: latest?.version ?? null,
        downloads: (latest?.files ?? []).map((file) => ({
          label: downloadLabel(file.os, file.filename),
          size: formatBytes(file.sizeBytes),
          url: `${options.publicUrl}${signedDownloadPath(options.downloadSigningSecret, { fileId: file.id, entitlementId, expires })}`,
        })),
      };
    });
  }

  /** Email step: the order confirmation, queued in the transaction and sent once it commits. */
  async function queueOrderConfirmation(
    tx: Tx,
    {
      order,
      orderId,
      contact,
      completedAt,
      items,
      complimentary = false,
    }: { order: FastspringOrder; orderId: number; contact: OrderContact; completedAt: Date; items: OrderConfirmationItem[]; complimentary?: boolean },
  ) {
    await enqueueConfirmation(tx, {
      dedupeKey: `order-confirmation:${orderId}`,
      orderId,
      toAddress: contact.email.trim(),
      reference: order.reference,
      completedAt,
      customerName: contact.first?.trim() || null,
      totalMinor: majorToMinor(order.total, order.currency),
      currency: order.currency,
      items,
      complimentary,
    });
  }

  /** The one renderer of the order confirmation, for a new order and for a copy sent again. */
  function enqueueConfirmation(
    tx: Tx,
    input: {
      dedupeKey: string;
      orderId: number;
      toAddress: string;
      reference: string;
      completedAt: Date;
      customerName: string | null;
      totalMinor: number;
      currency: string;
      items: OrderConfirmationItem[];
      /** A $0 order the store gave: its total says so. */
      complimentary?: boolean;
    },
  ) {
    const message = renderOrderConfirmation({
      storeName: options.storeName,
      storeUrl: options.publicUrl,
      supportEmail: options.supportEmail,
      reference: input.reference,
      completedAt: input.completedAt,
      customerName: input.customerName,
      total: input.complimentary ? `${formatMoney(input.totalMinor, input.currency)} (complimentary)` : formatMoney(input.totalMinor, input.currency),
      linkValidDays: EMAIL_LINK_VALID_DAYS,
      items: input.items,
    });
    return modules.mail.enqueue(tx, {
      dedupeKey: input.dedupeKey,
      orderId: input.orderId,
      kind: 'order-confirmation',
      toAddress: input.toAddress,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    });
  }

  /**
   * Queues the order's confirmation again under `dedupeKey`, rendered from what the database
   * holds now: the lines, the keys they still hold, and fresh links to the newest files of the
   * lines not fully refunded. False when there is no such order.
   */
  async function queueConfirmationAgain(tx: Tx, orderId: number, dedupeKey: string): Promise<boolean> {
    const repo = modules.repository(tx);
    const found = await repo.orderForConfirmation(orderId);
    if (!found) return false;
    const { order, lines } = found;
    const keys = await licensingOn(tx).keysOf(lines.map(({ line }) => line.id));
    const entitlementIds = await repo.entitlementsOfOrder(orderId);
    const expires = Math.floor(now().getTime() / 1000) + EMAIL_LINK_VALID_DAYS * 86_400;
    const linksOf = (line: (typeof lines)[number]['line']) =>
      entitlementIds.has(line.id) && order.status !== 'refunded' && line.refundedQuantity < line.quantity;
    const newest = await modules.catalog(tx).findLatestVersions(lines.filter(({ line }) => linksOf(line)).map(({ product }) => product.id));
    const items: OrderConfirmationItem[] = [];
    for (const { line, product } of lines) {
      const issued = keys.get(line.id) ?? { keys: [] };
      const entitlementId = entitlementIds.get(line.id);
      const latest = linksOf(line) ? newest.get(product.id) : undefined;
      items.push({
        display: line.display,
        quantity: line.quantity,
        licenceKeys: issued.keys,
        licenceSeats: product.licenceSeats,
        ...(issued.trial ? { trial: issued.trial } : {}),
        version: latest?.version ?? null,
        downloads: (latest?.files ?? []).map((file) => ({
          label: downloadLabel(file.os, file.filename),
          size: formatBytes(file.sizeBytes),
          url: `${options.publicUrl}${signedDownloadPath(options.downloadSigningSecret, { fileId: file.id, entitlementId: entitlementId!, expires })}`,
        })),
      });
    }
    await enqueueConfirmation(tx, {
      dedupeKey,
      orderId,
      toAddress: order.email,
      reference: order.reference,
      completedAt: order.completedAt,
      customerName: order.firstName,
      totalMinor: order.totalMinor,
      currency: order.currency,
      items,
      complimentary: order.kind === 'complimentary',
    });
    return true;
  }

  /**
   * Refunds the units the return lists (every line when it lists none), never more than a line
   * has left; says what was refunded now and whether the whole order now is.
   */
  async function refundLines(tx: Tx, order: { id: number; reference: string }, refund: FastspringReturn) {
    const repo = modules.repository(tx);
    const lines = await repo.orderLines(order.id);
    const requested = refund.items.length > 0 ? refund.items : lines.map((line) => ({ product: line.productPath, quantity: line.quantity }));
    const unknown = requested.filter((item) => !lines.some((line) => line.productPath === item.product)).map((item) => item.product);
    if (unknown.length > 0) {
      throw new RejectedEventError(`Return ${refund.return} names products that order ${order.reference} does not contain: ${unknown.join(', ')}`);
    }
    const refunded: Array<{ display: string; quantity: number }> = [];
    for (const line of lines) {
      const asked = requested.filter((item) => item.product === line.productPath).reduce((sum, item) => sum + item.quantity, 0);
      const quantity = Math.min(asked, line.quantity - line.refundedQuantity);
      if (quantity <= 0) continue;
      await repo.refundLine(line.id, quantity);
      await licensingOn(tx).revoke({ orderItemId: line.id, quantity, at: now() });
      line.refundedQuantity += quantity;
      refunded.push({ display: line.display, quantity });
    }
    return { refunded, everything: lines.every((line) => line.refundedQuantity >= line.quantity) };
  }

  /**
   * A $0 order the store makes itself to give a licence (not for resale, press, bundle partner),
   * through the same steps as a paid order: customer, order row (kind 'complimentary', provider
   * 'store'), line, licence key, download right and confirmation email, in one transaction.
   * `alsoInTransaction` runs last in it (the back office's audit record).
   */
  async function recordComplimentaryOrder(
    input: ComplimentaryOrderInput,
    alsoInTransaction?: (tx: Tx, recorded: ComplimentaryOrderRecorded) => Promise<void>,
  ): Promise<ComplimentaryOrderRecorded> {
    const committed: Array<() => void> = [];
    const completedAt = now();
    const order: FastspringOrder = {
      id: input.reference,
      reference: input.reference,
      completed: true,
      live: true,
      currency: input.currency,
      total: 0,
      subtotal: 0,
      discount: 0,
      tax: 0,
      customer: { email: input.email },
      coupons: [],
      items: [{ product: input.product.path, display: input.product.displayName, quantity: 1, subtotal: 0, discount: 0 }],
    };
    const contact = orderContact(order);
    const recorded = await db.transaction(async (tx) => {
      afterCommitOf.set(tx, committed);
      const repo = modules.repository(tx);
      const { customerId, orderId } = await recordOrderRow(repo, order, { live: true }, { contact, completedAt, madeByStore: true });
      if (orderId === undefined) throw new Error(`A complimentary order with the reference ${input.reference} exists already`);
      const item = order.items[0]!;
      const [line] = await recordLines(repo, { orderId, customerId, lines: [{ product: input.product, item }], currency: order.currency });
      const { orderItemId } = line!;
      const issued = await licensingOn(tx).issue({
        orderItemId,
        customerId,
        product: input.product,
        quantity: 1,
        orderCouponCodes: [],
        type: input.licenceType,
        ...(input.seats === undefined ? {} : { seats: input.seats }),
      });
      const [delivery] = await downloadLinks(tx, [line!]);
      const items = [
        {
          display: item.display || input.product.displayName,
          quantity: 1,
          licenceKeys: issued.keys,
          licenceSeats: input.seats ?? input.product.licenceSeats,
          ...delivery!,
        },
      ];
      await queueOrderConfirmation(tx, { order, orderId, contact, completedAt, items, complimentary: true });
      const result: ComplimentaryOrderRecorded = { orderId, reference: order.reference, customerId, keys: issued.keys, licenceIds: issued.licenceIds ?? [] };
      await alsoInTransaction?.(tx, result);
      return result;
    });
    for (const step of committed) step();
    options.onOrderCommitted?.(recorded.orderId);
    return recorded;
  }

  async function getSummary(reference: string): Promise<OrderSummary | undefined> {
    const found = await modules.repository(db).findByReference(reference);
    if (!found) return undefined;
    const { order, items } = found;
    return {
      reference: order.reference,
      completedAt: order.completedAt.toISOString(),
      currency: order.currency,
      total: formatMoney(order.totalMinor, order.currency),
      totalValue: minorToMajor(order.totalMinor, order.currency),
      items,
    };
  }

  return { processEvents, recordComplimentaryOrder, getSummary, queueConfirmationAgain };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** What the back office gives away: one licensed product to one address. */
export interface ComplimentaryOrderInput {
  email: string;
  product: ProductRow;
  /** The store currency: the order is $0 in it. */
  currency: string;
  /** A fresh reference, e.g. 'COMP-261121-7KQ2M'. */
  reference: string;
  licenceType: 'perpetual' | 'nfr';
  seats?: number;
}

export interface ComplimentaryOrderRecorded {
  orderId: number;
  reference: string;
  customerId: number;
  keys: string[];
  licenceIds: number[];
}

type OrderLine = FastspringOrder['items'][number];
type OrderContact = NonNullable<FastspringOrder['customer']>;
type OrderConfirmationItem = Parameters<typeof renderOrderConfirmation>[0]['items'][number];

/** The order's coupon codes as the coupons module stores them, so an order's codes match its redemptions. */
function storedCouponCodes(order: FastspringOrder): string[] {
  return order.coupons.map((code) => normaliseCouponCode(code) ?? code.trim().toUpperCase());
}

/** A provider may list one product on two lines; the store keeps one line per product. */
function mergeLines(items: FastspringOrder['items']): FastspringOrder['items'] {
  const merged = new Map<string, FastspringOrder['items'][number]>();
  for (const item of items) {
    const existing = merged.get(item.product);
    if (!existing) merged.set(item.product, { ...item });
    else {
      existing.quantity += item.quantity;
      existing.subtotal += item.subtotal;
      existing.discount += item.discount;
    }
  }
  return [...merged.values()];
}

function invalidEvent(eventId: string, kind: 'order' | 'return', issues: Array<{ path: PropertyKey[]; message: string }>) {
  const problems = issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || 'data'}: ${issue.message}`);
  return new RejectedEventError(`Event ${eventId} is not a valid ${kind}: ${problems.join('; ')}`);
}

/**
 * SQLSTATE classes that mean "this data can never be stored as sent": 22 (data exception, e.g.
 * a number out of range) and 23 (integrity constraint, e.g. a reference another order has).
 */
const DATA_FAULT = /^2[23][0-9A-Z]{3}$/;

const CONSTRAINT_MEANINGS: Record<string, string> = {
  orders_reference_unique: 'its order reference already belongs to another order',
  orders_amounts_nonnegative: 'an amount is negative',
};

/** The rejection message for an event whose data the database refused; undefined for any other fault. */
function rejectionOf(error: unknown, eventId: string): string | undefined {
  if (error instanceof RejectedEventError) return error.message;
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && DATA_FAULT.test(code)) {
      const known = typeof constraint === 'string' ? CONSTRAINT_MEANINGS[constraint] : undefined;
      const rule = known ?? (typeof constraint === 'string' ? `it breaks the rule ${constraint}` : 'the database refused its data');
      return `Event ${eventId} cannot be recorded as sent: ${rule}.`;
    }
  }
  return undefined;
}

/** How long the webhook log keeps a line: a year and a month, to compare a month with the same month last year. */
export const WEBHOOK_LOG_MONTHS = 13;

/** The log's message: the rejection as the provider was told it; for a fault, a sentence without the error's values. */
function logMessage(outcome: EventOutcome): string | null {
  if (outcome.result === 'rejected') return outcome.message.slice(0, 2000);
  if (outcome.result === 'failed') return 'The store could not record this event because of an unexpected error; the provider sends it again.';
  if (outcome.result === 'test-order-refused') return 'A test order or refund: it grants and takes back nothing on this store.';
  return null;
}

/** The provider's order id the event names (an order's id, or a return's original order), when it can be read. */
function providerOrderIdOf(event: WebhookEvent): string | null {
  const data = event.data as { id?: unknown; reference?: unknown; original?: { id?: unknown; order?: unknown; reference?: unknown } } | null;
  if (!data || typeof data !== 'object') return null;
  const candidates = event.type === 'return.created' ? [data.original?.id, data.original?.order, data.original?.reference] : [data.id, data.reference];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.length > 0);
  return found ? found.slice(0, 200) : null;
}

const OS_LABELS: Record<string, string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux' };

function downloadLabel(os: string, filename: string) {
  return OS_LABELS[os] ? `${filename} for ${OS_LABELS[os]}` : filename;
}

/**
 * What the orders know about sales, for other modules (the back office's product list and the
 * rule that a sold product keeps its path), on the database or a caller's transaction.
 */
export function salesOn(db: Database) {
  const repository = createOrdersRepository(db);
  return { soldCounts: (productIds?: number[]) => repository.soldCounts(productIds) };
}

export type Sales = ReturnType<typeof salesOn>;
