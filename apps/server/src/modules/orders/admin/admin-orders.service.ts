import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { currencyExponent, normaliseCouponCode } from '@store/contracts';
import type {
  AdminEmail,
  AdminLicence,
  AdminMachine,
  AdminOrderRow,
  AdminRefundRequest,
  ConfirmationResent,
  OrderDetail,
  OrderList,
  OrderListQuery,
  orderFiltersSchema,
  orderListQuerySchema,
  RefundCreate,
  RefundCreated,
} from '@store/contracts/admin';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { OrderRow, OutboxMessageRow, RefundRequestRow } from '#server/db/schema.ts';
import { toCsv } from '#server/lib/csv.ts';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import { storeDateTime, storeDayRange, storeTime } from '#server/lib/store-days.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import { createAdminOrdersRepository, type AdminOrdersRepository, type OrderCursor, type OrderFilter } from './admin-orders.repository';
import { RefundRefusedError, type RefundProvider } from './refund-provider';
import { toAdminLicence } from '#server/modules/licensing/admin-licence-view.ts';
import { uniqueViolationOf } from '#server/lib/unique-violation.ts';

type Tx = Database;
type ParsedFilters = z.output<typeof orderFiltersSchema>;
type ParsedListQuery = z.output<typeof orderListQuerySchema>;
export type { OrderListQuery };

/** What the back office's orders read from the modules that own the other tables an order touches. */
export interface AdminOrdersModules {
  /** The licensing module: an order's licences and their computers. */
  licences: (db: Tx) => {
    licencesOfOrderItems(orderItemIds: number[]): Promise<Array<Omit<AdminLicence, 'machines' | 'expiresAt' | 'revokedAt' | 'createdAt'> & LicenceDates>>;
    machinesOf(licenceIds: number[]): Promise<MachineRow[]>;
  };
  /** The accounts module: the downloads recorded for an order. */
  downloads: (db: Tx) => {
    downloadsOfOrder(orderId: number): Promise<Array<{ at: Date; productName: string; version: string; filename: string | null; os: string | null }>>;
  };
  /** The mail module: the messages about an order. */
  mail: (db: Tx) => {
    ofOrder(orderId: number): Promise<Array<Omit<OutboxMessageRow, 'dedupeKey' | 'textBody' | 'htmlBody' | 'nextAttemptAt' | 'orderId'>>>;
    findByDedupeKey(dedupeKey: string): Promise<OutboxMessageRow | undefined>;
  };
  /** The orders pipeline: queues the order's confirmation again, rendered as a new order's is. */
  confirmation: { queueAgain(tx: Tx, orderId: number, dedupeKey: string): Promise<boolean> };
}

interface LicenceDates {
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

interface MachineRow {
  id: string;
  licenceId: number;
  name: string | null;
  platform: 'macos' | 'windows' | 'linux' | null;
  appVersion: string | null;
  activatedAt: Date;
  lastSeenAt: Date;
  releasedAt: Date | null;
  releasedReason: AdminMachine['releasedReason'];
}

export interface AdminOrdersOptions {
  db: Database;
  modules: AdminOrdersModules;
  /** STORE_TIMEZONE: the store days of the filters and the dates of the CSV. */
  timeZone: string;
  /** The payment provider this store takes payments through now. */
  paymentProvider: 'sandbox' | 'fastspring';
  /** Who refunds; undefined in fastspring mode without API credentials (refunds are made in FastSpring's app). */
  refunds: RefundProvider | undefined;
  /** Where an email can be read in the browser (the sandbox mailbox); undefined when mail goes out by SMTP. */
  mailboxHref?: (messageId: number) => string;
  /** A message was queued: send it now rather than at the next poll. */
  onMailQueued?: () => void;
  /** Orders read per batch of the CSV (tests make it small to cross batches). */
  exportBatchSize?: number;
  now?: () => Date;
}

export interface AdminActor {
  email: string;
}

/**
 * The payment provider refused the refund or could not be reached (a 502): unlike other server
 * faults its message is shown, since it is the provider's answer and says what to do.
 */
export class RefundNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundNotSentError';
  }
}

/** A pending refund older than this no longer blocks a new one: its event is taken as lost. */
export const STALE_REFUND_MINUTES = 30;
export const STALE_REFUND_FAILURE = `No confirmation from the payment provider within ${STALE_REFUND_MINUTES} minutes`;
/** A second copy of the confirmation is refused this soon after the last one. */
export const RESEND_INTERVAL_SECONDS = 60;

export const FREE_ORDER_MESSAGE = 'This order was free: there is nothing to refund. To take the licence back, revoke it at the licence desk.';
export const NO_API_CREDENTIALS_MESSAGE =
  "Refunds from here need FASTSPRING_API_USERNAME and FASTSPRING_API_PASSWORD. Refund in FastSpring's app instead: the store records it when FastSpring's event arrives.";
const BAD_CURSOR_MESSAGE = 'This page link is not valid (its `after` cursor is damaged or from another list). Start again from the first page.';
/** Control characters (NUL and the like, not tab or newline): PostgreSQL's text cannot hold NUL, and none belongs in a search. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const MAX_ID = 2 ** 31 - 1;

/**
 * The CSV is read from the database this many orders at a time (keyset), never all at once: a
 * month of a busy store in one or two batches (two queries each), a bounded amount in memory.
 */
const EXPORT_BATCH = 5000;

/**
 * The back office's orders: the list with its filters and totals, the CSV for the accountant,
 * one order's page, the confirmation sent again, and refunds asked of the payment provider.
 */
export function createAdminOrdersService(options: AdminOrdersOptions) {
  const { db, modules, timeZone } = options;
  const now = options.now ?? (() => new Date());
  const repository = createAdminOrdersRepository(db);

  function filterOf(query: ParsedFilters): OrderFilter {
    const filter: OrderFilter = {};
    if (query.q) {
      if (CONTROL_CHARACTERS.test(query.q)) {
        throw new HttpError(400, 'A search cannot contain control characters: type an order reference, an email, a licence key or a provider order id.', {
          q: 'Remove the control characters',
        });
      }
      filter.search = { text: query.q, upper: query.q.toUpperCase(), emailPrefix: `${escapeLike(query.q.toLowerCase())}%` };
    }
    const { start, end } = storeDayRange({ from: query.from, to: query.to }, timeZone);
    if (start) filter.start = start;
    if (end) filter.end = end;
    // An id no row can have (beyond PostgreSQL's integer) matches nothing rather than failing the query.
    if (query.productId !== undefined) filter.productId = query.productId <= MAX_ID ? query.productId : 0;
    if (query.status) filter.status = query.status;
    if (query.kind) filter.kind = query.kind;
    if (query.coupon && CONTROL_CHARACTERS.test(query.coupon))
      throw new HttpError(400, 'A coupon code cannot contain control characters.', { coupon: 'Remove the control characters' });
    if (query.coupon) filter.coupon = normaliseCouponCode(query.coupon) ?? query.coupon.toUpperCase();
    return filter;
  }

  async function list(query: ParsedListQuery): Promise<OrderList> {
    const filter = filterOf(query);
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    const [rows, totals] = await Promise.all([repository.listOrders(filter, query.limit, after), repository.totals(filter)]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      orders: page.map(toOrderRow),
      next: rows.length > query.limit && last ? encodeCursor({ completedAt: last.cursorTime, id: last.id }) : null,
      totals: totals.map((row) => ({ ...row, netMinor: row.totalMinor - row.refundedMinor })),
    };
  }

  /** The orders CSV: one row per order line, read a batch at a time and written as it is read. */
  function exportCsv(query: ParsedFilters): Readable {
    const filter = filterOf(query);
    const batchSize = options.exportBatchSize ?? EXPORT_BATCH;
    async function* chunks() {
      let after: OrderCursor | undefined;
      let first = true;
      for (;;) {
        const batch = await repository.exportOrders(filter, batchSize, after);
        const lines = byOrder(await repository.linesOf(batch.map((order) => order.id)));
        const rows = batch.flatMap((order) => csvRows(order, lines.get(order.id) ?? [], timeZone));
        if (first || rows.length > 0) {
          const csv = toCsv(CSV_COLUMNS, rows);
          // Each batch is a CSV of its own: the header row is written once, with the first.
          yield first ? csv : csv.slice(csv.indexOf('\r\n') + 2);
        }
        first = false;
        if (batch.length < batchSize) return;
        const last = batch.at(-1)!;
        after = { completedAt: last.cursorTime, id: last.id };
      }
    }
    return Readable.from(chunks());
  }

  async function detail(orderId: number): Promise<OrderDetail> {
    if (orderId > MAX_ID) throw orderNotFound(orderId);
    const found = await repository.findOrder(orderId);
    if (!found) throw orderNotFound(orderId);
    const { order, customer } = found;
    const [lines, refunds, requests, events, downloads, emails] = await Promise.all([
      repository.linesOf([orderId]),
      repository.refundsOf(orderId),
      repository.refundRequestsOf(orderId),
      repository.webhookEventsOf(orderId, order.providerOrderId),
      modules.downloads(db).downloadsOfOrder(orderId),
      modules.mail(db).ofOrder(orderId),
    ]);
    const licenceRows = await modules.licences(db).licencesOfOrderItems(lines.map((line) => line.id));
    const machines = await modules.licences(db).machinesOf(licenceRows.map((licence) => licence.id));
    const refundedMinor = lines.reduce((sum, line) => sum + lineRefunded(line), 0);
    const pending = requests.find((request) => request.status === 'pending');
    return {
      order: {
        id: order.id,
        reference: order.reference,
        provider: order.provider,
        providerOrderId: order.providerOrderId,
        kind: order.kind,
        status: order.status,
        live: order.live,
        currency: order.currency,
        subtotalMinor: order.subtotalMinor,
        discountMinor: order.discountMinor,
        taxMinor: order.taxMinor,
        totalMinor: order.totalMinor,
        refundedMinor,
        couponCodes: order.couponCodes,
        completedAt: order.completedAt.toISOString(),
      },
      customer: {
        id: customer.id,
        email: customer.email,
        name: fullName(customer.firstName, customer.lastName),
        country: customer.country,
        erased: customer.erasedAt !== null,
      },
      lines: lines.map((line) => ({
        id: line.id,
        productId: line.productId,
        productPath: line.productPath,
        display: line.display,
        quantity: line.quantity,
        refundedQuantity: line.refundedQuantity,
        subtotalMinor: line.subtotalMinor,
        discountMinor: line.discountMinor,
      })),
      licences: licenceRows.map((licence) => toAdminLicence({ ...licence, machines: machines.filter((machine) => machine.licenceId === licence.id) })),
      downloads: downloads.map((download) => ({ ...download, at: download.at.toISOString() })),
      emails: emails.map(toAdminEmail),
      webhookEvents: events.map((event) => ({
        eventId: event.eventId,
        type: event.type,
        outcome: event.outcome,
        message: event.message,
        receivedAt: event.receivedAt.toISOString(),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        providerReturnId: refund.providerReturnId,
        reason: refund.reason,
        amountMinor: refund.amountMinor,
        createdAt: refund.createdAt.toISOString(),
      })),
      refundRequests: requests.map(toAdminRequest),
      refund: refundAvailability(order, lines, pending && !isStale(pending) ? pending : undefined),
    };
  }

  /** Why a refund cannot be asked for now; null when it can. */
  function refusal(order: OrderRow, lines: LineAmounts[]): { status: number; message: string } | null {
    if (order.kind === 'complimentary' || order.totalMinor === 0) return { status: 422, message: FREE_ORDER_MESSAGE };
    if (order.provider === 'store') {
      return { status: 422, message: 'The store made this order itself, with no payment: there is nothing to refund. Revoke its licence at the licence desk.' };
    }
    if (order.provider !== options.paymentProvider) {
      return {
        status: 422,
        message: `This order was paid through ${providerName(order.provider)}, and the store now takes payments through ${providerName(options.paymentProvider)}: refund it where it was paid.`,
      };
    }
    if (order.status === 'refunded' || lines.every((line) => line.refundedQuantity >= line.quantity)) {
      return { status: 409, message: 'Every line of this order is refunded already: there is nothing left to refund.' };
    }
    if (!options.refunds) return { status: 422, message: NO_API_CREDENTIALS_MESSAGE };
    return null;
  }

  function refundAvailability(order: OrderRow, lines: LineAmounts[], pending: RefundRequestRow | undefined) {
    const refused = refusal(order, lines);
    if (refused) return { available: false, reason: refused.message };
    if (pending) return { available: false, reason: `${inProgress(pending)} It completes when the payment provider confirms it.` };
    return { available: true, reason: null };
  }

  function inProgress(request: RefundRequestRow) {
    return `Another refund of this order is in progress (asked by ${request.requestedBy} at ${storeTime(request.createdAt, timeZone)}).`;
  }

  const isStale = (request: RefundRequestRow) => request.createdAt.getTime() < now().getTime() - STALE_REFUND_MINUTES * 60_000;

  /**
   * Asks the payment provider to refund the chosen units. Decided under the order's lock in one
   * transaction that records a pending request (one per order: a second tab is told), then the
   * provider is called once; the refund completes when its `return.created` event arrives.
   */
  async function requestRefund(actor: AdminActor, orderId: number, input: RefundCreate): Promise<RefundCreated> {
    if (orderId > MAX_ID) throw orderNotFound(orderId);
    const asked = new Map<number, number>();
    for (const line of input.lines) asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);

    const decided = await db
      .transaction(async (tx) => {
        const repo = createAdminOrdersRepository(tx);
        const order = await repo.lockOrder(orderId);
        if (!order) throw orderNotFound(orderId);
        const lines = await repo.linesOf([orderId]);
        const refused = refusal(order, lines);
        if (refused) throw new HttpError(refused.status, refused.message);
        await repo.failStaleRequests(orderId, new Date(now().getTime() - STALE_REFUND_MINUTES * 60_000), STALE_REFUND_FAILURE);
        const pending = await repo.pendingRequest(orderId);
        if (pending) throw new HttpError(409, `${inProgress(pending)} Reload the order to see it.`);

        const items: Array<{ product: string; quantity: number }> = [];
        for (const [orderItemId, quantity] of asked) {
          const line = lines.find((candidate) => candidate.id === orderItemId);
          if (!line) throw new HttpError(422, `Line ${orderItemId} is not part of order ${order.reference}. Reload the order and choose its lines again.`);
          const left = line.quantity - line.refundedQuantity;
          if (left <= 0) throw new HttpError(409, `${line.display} is already refunded. Reload the order to see its refunds.`);
          if (quantity > left) throw new HttpError(409, `Only ${left} of ${line.display} left to refund: choose at most ${left}.`);
          items.push({ product: line.productPath, quantity });
        }
        const whole = order.status === 'completed' && lines.every((line) => line.refundedQuantity === 0 && asked.get(line.id) === line.quantity);
        const requestLines = [...asked].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
        const request = await repo.insertRequest({ orderId, lines: requestLines, reason: input.reason, requestedBy: actor.email });
        await auditOn(tx).record({
          actor: actor.email,
          action: 'order.refund-request',
          subjectType: 'order',
          subjectId: orderId,
          after: { requestId: request.id, reference: order.reference, lines: requestLines, reason: input.reason },
        });
        return { request, order, items, whole };
      })
      .catch((error: unknown) => {
        // Two requests that slipped past each other: the one-pending-per-order index decides.
        if (uniqueViolationOf(error) === 'refund_requests_one_pending') {
          throw new HttpError(409, 'Another refund of this order is in progress. Reload the order to see it.');
        }
        throw error;
      });

    const provider = options.refunds!;
    const { request, order } = decided;
    try {
      const { returnId } = await provider.refund({ providerOrderId: order.providerOrderId, whole: decided.whole, items: decided.items, reason: input.reason });
      if (returnId) await repository.setReturnId(request.id, returnId);
    } catch (error) {
      const reason = error instanceof RefundRefusedError ? error.reason : 'an unexpected error';
      await repository.markFailed(request.id, `${provider.name} refused: ${reason}`.slice(0, 500));
      throw new RefundNotSentError(
        `${provider.name} refused the refund: ${withoutFinalStop(reason)}. Nothing was refunded; try again or refund in ${appOf(provider.name)}.`,
      );
    }
    const saved = (await repository.findRequest(request.id)) ?? request;
    return {
      request: toAdminRequest(saved),
      message: `${provider.name} accepted the refund of order ${order.reference}. The order shows it refunded (licences revoked, downloads stopped) when ${provider.name === 'FastSpring' ? "FastSpring's" : "the sandbox's"} event arrives, usually within a minute.`,
    };
  }

  /** Queues the order's confirmation again, with fresh download links, to the order's email. */
  async function resendConfirmation(actor: AdminActor, orderId: number): Promise<ConfirmationResent> {
    if (orderId > MAX_ID) throw orderNotFound(orderId);
    const message = await db.transaction(async (tx) => {
      const repo = createAdminOrdersRepository(tx);
      if (!(await repo.lockOrder(orderId))) throw orderNotFound(orderId);
      const found = (await repo.findOrder(orderId))!;
      if (found.customer.erasedAt) {
        throw new HttpError(409, "This customer's personal data was erased: the store keeps no address to send the confirmation to.");
      }
      const since = now().getTime() - RESEND_INTERVAL_SECONDS * 1000;
      const recent = (await modules.mail(tx).ofOrder(orderId)).find((mail) => mail.kind === 'order-confirmation' && mail.createdAt.getTime() > since);
      if (recent) {
        throw new HttpError(
          409,
          `A copy was queued a minute ago (at ${storeTime(recent.createdAt, timeZone)}). Wait a minute before sending another, and ask the customer to check their spam folder.`,
        );
      }
      const dedupeKey = `order-confirmation:${orderId}:resend:${randomUUID()}`;
      await modules.confirmation.queueAgain(tx, orderId, dedupeKey);
      await auditOn(tx).record({
        actor: actor.email,
        action: 'order.resend-confirmation',
        subjectType: 'order',
        subjectId: orderId,
        after: { reference: found.order.reference },
      });
      return (await modules.mail(tx).findByDedupeKey(dedupeKey))!;
    });
    options.onMailQueued?.();
    return { email: toAdminEmail(message), message: `The order confirmation is queued again to ${message.toAddress}, with fresh download links.` };
  }

  function toAdminEmail(mail: {
    id: number;
    kind: string;
    subject: string;
    toAddress: string;
    status: AdminEmail['status'];
    attempts: number;
    lastError: string | null;
    createdAt: Date;
    sentAt: Date | null;
  }): AdminEmail {
    return {
      id: mail.id,
      kind: mail.kind,
      subject: mail.subject,
      toAddress: mail.toAddress,
      status: mail.status,
      attempts: mail.attempts,
      lastError: mail.lastError,
      createdAt: mail.createdAt.toISOString(),
      sentAt: iso(mail.sentAt),
      href: options.mailboxHref ? options.mailboxHref(mail.id) : null,
    };
  }

  return { list, exportCsv, detail, requestRefund, resendConfirmation };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

interface LineAmounts {
  quantity: number;
  refundedQuantity: number;
  subtotalMinor: number;
  discountMinor: number;
}

const lineRevenue = (line: LineAmounts) => line.subtotalMinor - line.discountMinor;
const lineRefunded = (line: LineAmounts) => Math.round((lineRevenue(line) * line.refundedQuantity) / line.quantity);

function toOrderRow(row: Awaited<ReturnType<AdminOrdersRepository['listOrders']>>[number]): AdminOrderRow {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    email: row.email,
    customerId: row.customerId,
    customerName: fullName(row.firstName, row.lastName),
    products: row.products,
    couponCodes: row.couponCodes,
    currency: row.currency,
    totalMinor: row.totalMinor,
    refundedMinor: row.refundedMinor,
    live: row.live,
    completedAt: row.completedAt.toISOString(),
  };
}

function toAdminRequest(row: RefundRequestRow): AdminRefundRequest {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    requestedBy: row.requestedBy,
    lines: row.lines,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function fullName(first: string | null, last: string | null): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}

const orderNotFound = (orderId: number) => notFound(`No order has the id ${orderId}. Find it in the order list by its reference or email.`);

const providerName = (provider: string) => (provider === 'fastspring' ? 'FastSpring' : provider === 'sandbox' ? 'the sandbox' : 'the store');
const appOf = (name: string) => (name === 'FastSpring' ? "FastSpring's app" : "the sandbox's order page");
const withoutFinalStop = (text: string) => text.replace(/[.\s]+$/, '');

/** `%`, `_` and `\` match themselves in a `like` pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The cursor is opaque to the client: the last order's completion time (to the microsecond) and id. */
function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.completedAt}|${cursor.id}`).toString('base64url');
}

function decodeCursor(text: string): OrderCursor {
  const decoded = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '';
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\|([1-9]\d{0,9})$/.exec(decoded);
  if (!match || Number(match[2]) > MAX_ID || Number.isNaN(Date.parse(`${match[1]}Z`))) {
    throw new HttpError(400, BAD_CURSOR_MESSAGE, { after: 'Start again from the first page' });
  }
  return { completedAt: match[1]!, id: Number(match[2]) };
}

/** An amount in major units with the currency's decimals (`49.00`, `¥4900`→`4900`), as a spreadsheet reads it. */
function major(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return (minor / 10 ** exponent).toFixed(exponent);
}

export const CSV_COLUMNS = [
  { key: 'reference', header: 'Order reference' },
  { key: 'date', header: 'Date' },
  { key: 'time', header: 'Time' },
  { key: 'kind', header: 'Kind' },
  { key: 'status', header: 'Status' },
  { key: 'email', header: 'Customer email' },
  { key: 'name', header: 'Customer name' },
  { key: 'country', header: 'Country' },
  { key: 'product', header: 'Product' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'unitPrice', header: 'Unit price' },
  { key: 'subtotal', header: 'Line subtotal' },
  { key: 'discount', header: 'Line discount' },
  { key: 'revenue', header: 'Line revenue' },
  { key: 'refundedQuantity', header: 'Refunded quantity' },
  { key: 'refunded', header: 'Refunded amount' },
  { key: 'net', header: 'Net' },
  { key: 'currency', header: 'Currency' },
  { key: 'coupons', header: 'Coupon codes' },
  { key: 'provider', header: 'Provider' },
  { key: 'providerOrderId', header: 'Provider order id' },
  { key: 'tax', header: 'Order tax' },
  { key: 'total', header: 'Order total' },
] as const satisfies Array<{ key: string; header: string }>;

type CsvRow = Record<(typeof CSV_COLUMNS)[number]['key'], string | number>;

type OrderLine = Awaited<ReturnType<AdminOrdersRepository['linesOf']>>[number];

/** Lines by their order's id, in the order they came (one pass: a batch holds thousands of orders). */
function byOrder(lines: OrderLine[]): Map<number, OrderLine[]> {
  const grouped = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const group = grouped.get(line.orderId);
    if (group) group.push(line);
    else grouped.set(line.orderId, [line]);
  }
  return grouped;
}

function csvRows(order: Awaited<ReturnType<AdminOrdersRepository['exportOrders']>>[number], lines: OrderLine[], timeZone: string): CsvRow[] {
  const { date, time } = storeDateTime(order.completedAt, timeZone);
  const money = (minor: number) => major(minor, order.currency);
  return lines.map((line, index) => {
    const revenue = lineRevenue(line);
    const refunded = lineRefunded(line);
    return {
      reference: order.reference,
      date,
      time,
      kind: order.kind,
      status: order.status,
      email: order.email,
      name: fullName(order.firstName, order.lastName) ?? '',
      country: order.country ?? '',
      product: line.display,
      quantity: line.quantity,
      unitPrice: money(Math.round(line.subtotalMinor / line.quantity)),
      subtotal: money(line.subtotalMinor),
      discount: money(line.discountMinor),
      revenue: money(revenue),
      refundedQuantity: line.refundedQuantity,
      refunded: money(refunded),
      net: money(revenue - refunded),
      currency: order.currency,
      coupons: order.couponCodes.join(' '),
      provider: order.provider,
      providerOrderId: order.providerOrderId,
      // The order's own amounts once, on its first line, so a column sum counts each order once.
      tax: index === 0 ? money(order.taxMinor) : '',
      total: index === 0 ? money(order.totalMinor) : '',
    };
  });
}
