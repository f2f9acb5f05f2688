import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { insertRow, insertRows, reusableStatement, reusableStatements } from '#server/db/reusable-statement.ts';
import { customers, entitlements, orderItems, orders, products, refundRequests, refunds, webhookEvents, webhookLog } from '#server/db/schema.ts';

export type OrderStatus = (typeof orders.$inferSelect)['status'];

export interface NewCustomer {
  email: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  postalCode: string | null;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

/**
 * In one statement: the customer (created, or filled in where an earlier order did not know a
 * field; a known field is never blanked), the order's row, and with an event the webhook event
 * that announced it pointed at it. One shape per set of fields given ('customer fields|order
 * fields|event' or '').
 */
const insertOrderStatement = reusableStatements<{ customer_id: number; order_id: number | null }>((db, shape: string) => {
  const [customerFields = '', orderFields = '', event] = shape.split('|');
  const upsertCustomer = db
    .insert(customers)
    .values(insertRow.placeholders('customer', customerFields) as unknown as NewCustomer)
    .onConflictDoUpdate({
      target: customers.email,
      set: {
        firstName: sql`coalesce(excluded.first_name, ${customers.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${customers.lastName})`,
        country: sql`coalesce(excluded.country, ${customers.country})`,
        region: sql`coalesce(excluded.region, ${customers.region})`,
        city: sql`coalesce(excluded.city, ${customers.city})`,
        postalCode: sql`coalesce(excluded.postal_code, ${customers.postalCode})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: customers.id });
  const insertOrder = db
    .insert(orders)
    .values({ ...(insertRow.placeholders('order', orderFields) as unknown as NewOrder), customerId: sql`(select id from customer)` })
    .onConflictDoNothing({ target: [orders.provider, orders.providerOrderId] })
    .returning({ id: orders.id });
  const linkEvent = event
    ? sql`, linked as (update ${webhookEvents} set order_id = new_order.id from new_order where ${webhookEvents.id} = ${sql.placeholder('eventId')})`
    : sql``;
  return sql`
    with customer as (${upsertCustomer.getSQL()}),
    new_order as (${insertOrder.getSQL()})
    ${linkEvent}
    select (select id from customer) as customer_id, (select id from new_order) as order_id`;
});

/** A webhook event, unless it is already recorded (a duplicate delivery). */
const recordEventStatement = reusableStatement<{ id: string }>((db) =>
  db
    .insert(webhookEvents)
    .values(insertRow.placeholders('event', 'id,type') as unknown as typeof webhookEvents.$inferInsert)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id }),
);

/**
 * An order's lines and, for the products among `downloadable0 …`, each line's download right, in
 * one statement. One shape per lines' fields and count ('rows|downloadable count').
 */
const insertItemsStatement = reusableStatements<{ id: number; product_id: number; entitlement_id: number | null }>((db, shape: string) => {
  const [rows = '', downloadableCount = '0'] = shape.split('|');
  const downloadable = Array.from({ length: Number(downloadableCount) }, (_, index) => sql`${sql.placeholder(`downloadable${index}`)}::integer`);
  const insertItems = db
    .insert(orderItems)
    .values(insertRows.placeholders(rows) as unknown as NewOrderItem[])
    .returning({ id: orderItems.id, productId: orderItems.productId });
  const grantRights =
    downloadable.length === 0
      ? sql`select null::integer as id, null::integer as order_item_id where false`
      : sql`insert into ${entitlements} (order_item_id, customer_id, product_id)
          select id, ${sql.placeholder('customerId')}::integer, product_id from items
          where product_id in (${sql.join(downloadable, sql`, `)})
          returning id, order_item_id`;
  return sql`
    with items as (${insertItems.getSQL()}),
    rights as (${grantRights})
    select items.id, items.product_id, rights.id as entitlement_id from items left join rights on rights.order_item_id = items.id`;
});

/**
 * The orders module's tables: webhook events, customers, orders and their lines, entitlements
 * and refunds (licence keys are the licensing module's). `db` is the event's transaction when recording an order.
 */
export function createOrdersRepository(db: Database) {
  return {
    /** True when this call recorded the event; false when it was already recorded (a duplicate delivery). */
    async recordEvent(event: { id: string; type: string }): Promise<boolean> {
      const rows = await recordEventStatement(db, insertRow.values(webhookEvents, 'event', { id: event.id, type: event.type }));
      return rows.length === 1;
    },

    async linkEventToOrder(eventId: string, orderId: number) {
      await db.update(webhookEvents).set({ orderId }).where(eq(webhookEvents.id, eventId));
    },

    /**
     * In one statement: the customer (created, or filled in where an earlier order did not know a
     * field; a known field is never blanked), the order's row, and with `eventId` the webhook
     * event that announced it pointed at it. `orderId` is undefined when the provider's order is
     * already recorded.
     */
    async insertOrder(
      customer: NewCustomer,
      order: Omit<NewOrder, 'customerId'>,
      eventId?: string,
    ): Promise<{ customerId: number; orderId: number | undefined }> {
      const values = { ...insertRow.values(customers, 'customer', customer), ...insertRow.values(orders, 'order', order), eventId };
      const shape = `${insertRow.shape(customer)}|${insertRow.shape(order)}|${eventId === undefined ? '' : 'event'}`;
      const [row] = await insertOrderStatement(db, shape, values);
      return { customerId: Number(row!.customer_id), orderId: row!.order_id === null ? undefined : Number(row!.order_id) };
    },

    async findOrderId(provider: NewOrder['provider'], providerOrderId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)));
      return row?.id;
    },

    /**
     * An order's lines and, for the products in `downloadable`, each line's download right, in one
     * statement; by product id, each line's id and its right's id (undefined without one).
     */
    async insertItems(
      items: NewOrderItem[],
      { customerId, downloadable }: { customerId: number; downloadable: number[] },
    ): Promise<Map<number, { orderItemId: number; entitlementId: number | undefined }>> {
      if (items.length === 0) return new Map();
      const values: Record<string, unknown> = { ...insertRows.values(orderItems, items), customerId };
      downloadable.forEach((id, index) => (values[`downloadable${index}`] = id));
      const rows = await insertItemsStatement(db, `${insertRows.shape(items)}|${downloadable.length}`, values);
      return new Map(
        rows.map((row) => [
          Number(row.product_id),
          { orderItemId: Number(row.id), entitlementId: row.entitlement_id === null ? undefined : Number(row.entitlement_id) },
        ]),
      );
    },

    /** Units sold of each product that has been sold (refunded units included: the order still names it). */
    async soldCounts(productIds?: number[]): Promise<Map<number, number>> {
      if (productIds?.length === 0) return new Map();
      const rows = await db
        .select({ productId: orderItems.productId, sold: sql<number>`sum(${orderItems.quantity})::int` })
        .from(orderItems)
        .where(productIds ? inArray(orderItems.productId, productIds) : undefined)
        .groupBy(orderItems.productId);
      return new Map(rows.map((row) => [row.productId, Number(row.sold)]));
    },

    async findByReference(reference: string) {
      const [order] = await db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
      if (!order) return undefined;
      const items = await db
        .select({ path: orderItems.productPath, display: orderItems.display, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(orderItems.id);
      return { order, items };
    },

    /**
     * The order a refund names (by the provider's order id, else by its reference), locked until
     * the transaction ends so that two refunds of one order are applied one after the other.
     */
    async lockOrderForRefund(provider: NewOrder['provider'], original: { ids: string[]; reference?: string }) {
      const matches = [
        ...(original.ids.length > 0 ? [and(eq(orders.provider, provider), inArray(orders.providerOrderId, original.ids))] : []),
        ...(original.reference ? [eq(orders.reference, original.reference)] : []),
      ];
      if (matches.length === 0) return undefined;
      const [row] = await db
        .select({ id: orders.id, reference: orders.reference, email: orders.email, currency: orders.currency, firstName: customers.firstName })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.provider, provider), or(...matches)))
        .limit(1)
        .for('update', { of: orders });
      return row;
    },

    /** The refund's id, or undefined when this provider return is already recorded. */
    async insertRefund(refund: typeof refunds.$inferInsert): Promise<number | undefined> {
      const rows = await db
        .insert(refunds)
        .values(refund)
        .onConflictDoNothing({ target: [refunds.provider, refunds.providerReturnId] })
        .returning({ id: refunds.id });
      return rows[0]?.id;
    },

    orderLines(orderId: number) {
      return db
        .select({
          id: orderItems.id,
          productPath: orderItems.productPath,
          display: orderItems.display,
          quantity: orderItems.quantity,
          refundedQuantity: orderItems.refundedQuantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.id);
    },

    /** Counts `quantity` more units of the line as refunded. */
    async refundLine(orderItemId: number, quantity: number) {
      await db
        .update(orderItems)
        .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${quantity}` })
        .where(eq(orderItems.id, orderItemId));
    },

    async setOrderStatus(orderId: number, status: OrderStatus) {
      await db.update(orders).set({ status }).where(eq(orders.id, orderId));
    },

    /**
     * The back office's refund request this provider return answers: the one that stored the
     * return's id, else (the event raced the provider's answer) the order's pending one. Marked
     * completed in the event's transaction; a request the 30-minute rule gave up on is completed too.
     */
    async completeRefundRequest(orderId: number, providerReturnId: string, at: Date) {
      await db
        .update(refundRequests)
        .set({ status: 'completed', completedAt: at, failure: null, providerReturnId })
        .where(
          and(
            eq(refundRequests.orderId, orderId),
            ne(refundRequests.status, 'completed'),
            or(eq(refundRequests.providerReturnId, providerReturnId), and(isNull(refundRequests.providerReturnId), eq(refundRequests.status, 'pending'))),
          ),
        );
    },

    /** One line of the webhook log: what happened to a provider event (written outside the event's transaction). */
    async logWebhookEvents(entries: Array<typeof webhookLog.$inferInsert>) {
      if (entries.length > 0) await db.insert(webhookLog).values(entries);
    },

    /** Forgets webhook log lines received before `before`; how many. */
    async pruneWebhookLog(before: Date): Promise<number> {
      const rows = await db.delete(webhookLog).where(lt(webhookLog.receivedAt, before)).returning({ id: webhookLog.id });
      return rows.length;
    },

    /** What an order's confirmation says, as the database holds it now: the order, the buyer's first name, and each line with its product. */
    async orderForConfirmation(orderId: number) {
      const [order] = await db
        .select({
          id: orders.id,
          reference: orders.reference,
          email: orders.email,
          currency: orders.currency,
          totalMinor: orders.totalMinor,
          status: orders.status,
          kind: orders.kind,
          completedAt: orders.completedAt,
          firstName: customers.firstName,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId));
      if (!order) return undefined;
      const lines = await db
        .select({ line: orderItems, product: products })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.id);
      return { order, lines };
    },

    /** The download right of each of an order's lines, by line id. */
    async entitlementsOfOrder(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: entitlements.id, orderItemId: entitlements.orderItemId })
        .from(entitlements)
        .innerJoin(orderItems, eq(orderItems.id, entitlements.orderItemId))
        .where(eq(orderItems.orderId, orderId));
      return new Map(rows.map((row) => [row.orderItemId, row.id]));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
