import {
  fastspringOrderSchema,
  formatBytes,
  formatMoney,
  majorToMinor,
  minorToMajor,
  type FastspringOrder,
  type OrderSummary,
  type WebhookEvent,
} from '@store/contracts';
import type { Database } from '../../db/client';
import { findLatestVersion } from '../catalog/catalog.repository';
import { signedDownloadPath } from '../downloads/signed-download-url';
import { renderOrderConfirmation } from '../mail/order-confirmation';
import { generateLicenceKey } from './licence-key';
import { ordersRepository as repo, type Executor } from './orders.repository';

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
  | { eventId: string; result: 'duplicate-event' }
  | { eventId: string; result: 'ignored' }
  | { eventId: string; result: 'rejected'; message: string };

export interface OrdersServiceOptions {
  db: Database;
  provider: 'sandbox' | 'fastspring';
  storeName: string;
  publicUrl: string;
  supportEmail: string;
  downloadSigningSecret: string;
  /** Called after an order's transaction committed (e.g. to send the queued email now). */
  onOrderCommitted?: (orderId: number) => void;
  now?: () => Date;
}

export function createOrdersService(options: OrdersServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** Each event in its own transaction: one bad event does not undo the others. */
  async function processEvents(events: WebhookEvent[]): Promise<EventOutcome[]> {
    const outcomes: EventOutcome[] = [];
    for (const event of events) {
      try {
        outcomes.push(await db.transaction((tx) => processEvent(tx, event)));
      } catch (error) {
        if (!(error instanceof RejectedEventError)) throw error;
        outcomes.push({ eventId: event.id, result: 'rejected', message: error.message });
      }
    }
    for (const outcome of outcomes) {
      if (outcome.result === 'order-created') options.onOrderCommitted?.(outcome.orderId);
    }
    return outcomes;
  }

  async function processEvent(tx: Executor, event: WebhookEvent): Promise<EventOutcome> {
    // The event row is the lock: a concurrent delivery of the same id waits here for our
    // commit and then finds it recorded; if we roll back, it proceeds as the first.
    if (!(await repo.recordEvent(tx, { id: event.id, type: event.type }))) {
      return { eventId: event.id, result: 'duplicate-event' };
    }
    if (event.type !== 'order.completed') return { eventId: event.id, result: 'ignored' };

    const parsed = fastspringOrderSchema.safeParse(event.data);
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`);
      throw new RejectedEventError(`Event ${event.id} is not a valid order: ${problems.join('; ')}`);
    }
    const order = parsed.data;
    if (!order.completed) return { eventId: event.id, result: 'ignored' };

    const outcome = await recordOrder(tx, order, event);
    await repo.linkEventToOrder(tx, event.id, outcome.orderId);
    return outcome;
  }

  async function recordOrder(
    tx: Executor,
    order: FastspringOrder,
    event: WebhookEvent,
  ): Promise<Extract<EventOutcome, { orderId: number }>> {
    const productRows = await repo.productsByPath(tx, order.items.map((item) => item.product));
    const unknown = order.items.filter((item) => !productRows.has(item.product)).map((item) => item.product);
    if (unknown.length > 0) {
      throw new RejectedEventError(`Order ${order.reference} names products this store does not sell: ${unknown.join(', ')}`);
    }

    const contact = order.customer ?? (typeof order.account === 'object' ? order.account.contact : undefined);
    if (!contact) throw new RejectedEventError(`Order ${order.reference} has no customer email`);
    const email = contact.email.trim().toLowerCase();
    const customerId = await repo.upsertCustomer(tx, {
      email,
      firstName: contact.first?.trim() || null,
      lastName: contact.last?.trim() || null,
      country: order.address?.country || null,
      region: order.address?.region || null,
      city: order.address?.city || null,
      postalCode: order.address?.postalCode || null,
    });

    const currency = order.currency;
    const completedAt = order.changed ? new Date(order.changed) : now();
    const orderId = await repo.insertOrder(tx, {
      reference: order.reference,
      provider: options.provider,
      providerOrderId: order.id,
      customerId,
      email,
      currency,
      subtotalMinor: majorToMinor(order.subtotal, currency),
      discountMinor: majorToMinor(order.discount, currency),
      taxMinor: majorToMinor(order.tax, currency),
      totalMinor: majorToMinor(order.total, currency),
      couponCodes: order.coupons.map((code) => code.toUpperCase()),
      live: order.live && event.live !== false,
      completedAt,
    });
    if (orderId === undefined) {
      // The same order announced again under a new event id (FastSpring's manual resend).
      const existing = await repo.findOrderId(tx, options.provider, order.id);
      return { eventId: event.id, result: 'order-already-recorded', orderId: existing! };
    }

    const emailItems = [];
    for (const item of mergeLines(order.items)) {
      const product = productRows.get(item.product)!;
      const orderItemId = await repo.insertItem(tx, {
        orderId,
        productId: product.id,
        productPath: product.path,
        display: item.display || product.displayName,
        quantity: item.quantity,
        subtotalMinor: majorToMinor(item.subtotal, currency),
        discountMinor: majorToMinor(item.discount, currency),
      });
      const licenceKeys = product.licenceSeats
        ? Array.from({ length: item.quantity }, () => generateLicenceKey())
        : [];
      await repo.insertLicences(
        tx,
        licenceKeys.map((key) => ({ key, orderItemId, customerId, productId: product.id, seats: product.licenceSeats! })),
      );
      let downloads: Array<{ label: string; url: string; size: string }> = [];
      let version: string | null = null;
      if (product.downloadable) {
        const entitlementId = await repo.insertEntitlement(tx, { orderItemId, customerId, productId: product.id });
        const latest = await findLatestVersion(tx, product.id);
        version = latest?.version ?? null;
        const expires = Math.floor(now().getTime() / 1000) + EMAIL_LINK_VALID_DAYS * 86_400;
        downloads = (latest?.files ?? []).map((file) => ({
          label: downloadLabel(file.os, file.filename),
          size: formatBytes(file.sizeBytes),
          url: `${options.publicUrl}${signedDownloadPath(options.downloadSigningSecret, { fileId: file.id, entitlementId, expires })}`,
        }));
      }
      emailItems.push({
        display: item.display || product.displayName,
        quantity: item.quantity,
        licenceKeys,
        licenceSeats: product.licenceSeats,
        version,
        downloads,
      });
    }

    await repo.redeemCoupons(tx, order.coupons, orderId, customerId);

    const message = renderOrderConfirmation({
      storeName: options.storeName,
      storeUrl: options.publicUrl,
      supportEmail: options.supportEmail,
      reference: order.reference,
      completedAt,
      customerName: contact.first?.trim() || null,
      total: formatMoney(majorToMinor(order.total, currency), currency),
      linkValidDays: EMAIL_LINK_VALID_DAYS,
      items: emailItems,
    });
    await repo.enqueueMessage(tx, {
      dedupeKey: `order-confirmation:${orderId}`,
      kind: 'order-confirmation',
      toAddress: contact.email.trim(),
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    });
    return { eventId: event.id, result: 'order-created', orderId, reference: order.reference };
  }

  async function getSummary(reference: string): Promise<OrderSummary | undefined> {
    const found = await repo.findByReference(db, reference);
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

  return { processEvents, getSummary };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

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

const OS_LABELS: Record<string, string> = { mac: 'macOS', windows: 'Windows', linux: 'Linux' };

function downloadLabel(os: string, filename: string) {
  return OS_LABELS[os] ? `${filename} for ${OS_LABELS[os]}` : filename;
}
