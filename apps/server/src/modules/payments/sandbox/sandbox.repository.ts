import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { products, sandboxCarts, sandboxOrders, sandboxWebhookDeliveries, type SandboxCartRow } from '#server/db/schema.ts';
import { reusableStatement, rowOf } from '#server/db/reusable-statement.ts';
import { currentPrice } from '#server/lib/deal.ts';
import type { PricedProduct } from './pricing';

export type SandboxDeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;
export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;
export type CartContact = Record<string, string>;

/** A live product as stored: its deal still carries its dates, so one read prices any moment. */
export interface LiveProductRow extends PricedProduct {
  dealStartsAt: Date | null;
  dealEndsAt: Date | null;
}

/** The products as priced at `at`: the deal counts only while it runs. */
export function priceLiveProducts(rows: LiveProductRow[], at: Date): PricedProduct[] {
  return rows.map(({ dealStartsAt, dealEndsAt, ...row }) => {
    const price = currentPrice({ ...row, dealStartsAt, dealEndsAt }, at);
    return { ...row, discountPercent: price.percent, discountAmountMinor: price.amountMinor, discountReason: price.reason };
  });
}

/** A new, empty cart. */
const insertCartStatement = reusableStatement<Record<string, unknown>>((db) =>
  db
    .insert(sandboxCarts)
    .values({ id: sql`${sql.placeholder('id')}` })
    .returning(),
);

/** A cart by its session id. */
const findCartStatement = reusableStatement<Record<string, unknown>>((db) =>
  db
    .select()
    .from(sandboxCarts)
    .where(eq(sandboxCarts.id, sql.placeholder('id')))
    .limit(1),
);

/** One unit of a product appended to a cart that exists, does not hold it yet and has fewer than `maxLines` lines. */
const appendItemStatement = reusableStatement<Record<string, unknown>>((db) =>
  db
    .update(sandboxCarts)
    .set({
      items: sql`${sandboxCarts.items} || ${sql.placeholder('item')}::jsonb`,
      completedOrderId: null,
      updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .where(
      and(
        eq(sandboxCarts.id, sql.placeholder('id')),
        sql`not (${sandboxCarts.items} @> ${sql.placeholder('probe')}::jsonb)`,
        sql`jsonb_array_length(${sandboxCarts.items}) < ${sql.placeholder('maxLines')}::integer`,
      ),
    )
    .returning(),
);

/**
 * A paid cart recorded in one statement: the order (unless its reference is taken), the webhook that
 * announces it, and the cart emptied, pointing at the order, with the buyer's contact; only while
 * the cart still holds what the payment priced (the statement locks the row and re-checks it
 * against a change committed meanwhile).
 */
const completeCartStatement = reusableStatement<{ carts: number; order_id: string | null }>((db) => {
  const value = (name: string) => sql.placeholder(name);
  const unchangedCart = db
    .select({ id: sandboxCarts.id })
    .from(sandboxCarts)
    .where(
      and(
        eq(sandboxCarts.id, value('paidCartId')),
        sql`${sandboxCarts.items} = ${value('paidItems')}::jsonb`,
        sql`${sandboxCarts.couponCode} is not distinct from ${value('paidCouponCode')}`,
        sql`${sandboxCarts.contact} is not distinct from ${value('paidContact')}::jsonb`,
        sql`${sandboxCarts.tags} = ${value('paidTags')}::jsonb`,
        sql`${sandboxCarts.completedOrderId} is not distinct from ${value('paidCompletedOrderId')}`,
      ),
    )
    .for('update');
  const emptyCart = db
    .update(sandboxCarts)
    // The tags belonged to this order; the session's next one starts without them.
    .set({
      items: [],
      couponCode: null,
      completedOrderId: sql`(select id from new_order)`,
      tags: {},
      contact: sql`${value('contact')}::jsonb`,
      updatedAt: sql`${value('at')}::timestamptz`,
    })
    .where(and(eq(sandboxCarts.id, value('paidCartId')), sql`exists (select 1 from new_order)`))
    .returning({ id: sandboxCarts.id });
  return sql`
    with cart as (${unchangedCart.getSQL()}),
    new_order as (
      insert into ${sandboxOrders} (id, reference, cart_id, email, total_minor, currency, event_data, created_at)
      select ${value('orderId')}, ${value('reference')}, ${value('cartId')}, ${value('email')}, ${value('totalMinor')}::integer, ${value('currency')},
        ${value('eventData')}::jsonb, ${value('orderCreatedAt')}::timestamptz
      from cart
      on conflict (reference) do nothing
      returning id
    ),
    announcement as (
      insert into ${sandboxWebhookDeliveries} (event_id, body, next_attempt_at, created_at, sandbox_order_id)
      select ${value('eventId')}, ${value('body')}, ${value('at')}::timestamptz, ${value('at')}::timestamptz, id from new_order
    ),
    emptied_cart as (${emptyCart.getSQL()})
    select (select count(*) from cart)::integer as carts, (select id from new_order) as order_id`;
});

/** Queries of the sandbox provider's own tables; `db` may be a transaction. */
export function createSandboxRepository(db: Database) {
  /** Every live product, in catalogue order, with its list price and deal (any deal, running or not). */
  function listLiveProductRows(): Promise<LiveProductRow[]> {
    return db
      .select({
        id: products.id,
        path: products.path,
        sku: products.sku,
        displayName: products.displayName,
        summaryHtml: products.summaryHtml,
        imagePath: products.imagePath,
        priceMinor: products.priceMinor,
        currency: products.currency,
        discountPercent: products.discountPercent,
        discountAmountMinor: products.discountAmountMinor,
        discountReason: products.discountReason,
        dealStartsAt: products.dealStartsAt,
        dealEndsAt: products.dealEndsAt,
      })
      .from(products)
      .where(eq(products.live, true))
      .orderBy(asc(products.sortOrder), asc(products.id));
  }

  return {
    /** Every live product, in catalogue order, with what pricing needs and the deal running at `at`. */
    async listLiveProducts(at: Date): Promise<PricedProduct[]> {
      return priceLiveProducts(await listLiveProductRows(), at);
    },

    listLiveProductRows,

    async insertCart(id: string): Promise<SandboxCartRow> {
      const [row] = await insertCartStatement(db, { id });
      if (!row) throw new Error('inserting a cart returned no row');
      return rowOf(sandboxCarts, row);
    },

    async findCart(id: string): Promise<SandboxCartRow | undefined> {
      const [row] = await findCartStatement(db, { id });
      return row && rowOf(sandboxCarts, row);
    },

    /** The cart, locked until the transaction ends: writes to one cart are serialised. */
    async lockCart(id: string): Promise<SandboxCartRow | undefined> {
      const [row] = await db.select().from(sandboxCarts).where(eq(sandboxCarts.id, id)).limit(1).for('update');
      return row;
    },

    async updateCart(
      id: string,
      changes: Partial<Pick<SandboxCartRow, 'items' | 'couponCode' | 'contact' | 'tags' | 'completedOrderId'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(sandboxCarts)
        .set({ ...changes, updatedAt: now })
        .where(eq(sandboxCarts.id, id));
    },

    /**
     * Appends one unit of the product to the cart in a single statement, when that is the whole
     * change: the cart exists, does not hold the product yet and has fewer than `maxLines` lines.
     * The row's lock is taken by the update itself, and a concurrent change is re-checked against
     * these conditions once it commits. Undefined when nothing was written.
     */
    async appendItemIfAbsent(id: string, path: string, maxLines: number, now: Date): Promise<SandboxCartRow | undefined> {
      const [row] = await appendItemStatement(db, {
        id,
        item: JSON.stringify([{ path, quantity: 1 }]),
        probe: JSON.stringify([{ path }]),
        maxLines,
        at: now.toISOString(),
      });
      return row && rowOf(sandboxCarts, row);
    },

    /**
     * Records a paid cart in one statement: the order (unless its reference is taken), the webhook
     * that announces it, and the cart emptied, pointing at the order, with the buyer's contact.
     * Only while the cart still holds what the payment priced (`paid`: items, coupon, contact,
     * tags and completed order as read): the statement locks the row and re-checks that against
     * a change committed meanwhile. Otherwise, or when the reference is taken, nothing is written.
     */
    async completeCart(
      order: Omit<SandboxOrderRow, 'returned'>,
      announcement: { eventId: string; body: string },
      paid: SandboxCartRow,
      contact: CartContact,
      now: Date,
    ): Promise<'completed' | 'cart-changed' | 'reference-taken'> {
      const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
      const [row] = await completeCartStatement(db, {
        paidCartId: paid.id,
        paidItems: json(paid.items),
        paidCouponCode: paid.couponCode,
        paidContact: json(paid.contact),
        paidTags: json(paid.tags),
        paidCompletedOrderId: paid.completedOrderId,
        contact: JSON.stringify(contact),
        orderId: order.id,
        reference: order.reference,
        cartId: order.cartId,
        email: order.email,
        totalMinor: order.totalMinor,
        currency: order.currency,
        eventData: json(order.eventData),
        orderCreatedAt: order.createdAt.toISOString(),
        eventId: announcement.eventId,
        body: announcement.body,
        at: now.toISOString(),
      });
      if (!row || row.carts === 0) return 'cart-changed';
      return row.order_id === null ? 'reference-taken' : 'completed';
    },

    async findOrderIdByReference(reference: string): Promise<string | undefined> {
      const [row] = await db.select({ id: sandboxOrders.id }).from(sandboxOrders).where(eq(sandboxOrders.reference, reference)).limit(1);
      return row?.id;
    },

    async findOrder(id: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id)).limit(1);
      return row;
    },

    /** The order, locked until the transaction ends: refunds of one order are serialised. */
    async lockOrder(id: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id)).limit(1).for('update');
      return row;
    },

    async setReturned(id: string, returned: Record<string, number>): Promise<void> {
      await db.update(sandboxOrders).set({ returned }).where(eq(sandboxOrders.id, id));
    },

    /** Queues a webhook; `sandboxOrderId` names the order it is about, for the order's page. */
    async insertDelivery(eventId: string, body: string, now: Date, sandboxOrderId?: string): Promise<void> {
      await db.insert(sandboxWebhookDeliveries).values({ eventId, body, nextAttemptAt: now, createdAt: now, sandboxOrderId });
    },

    /** The first webhook about this order (the one announcing it): how its delivery is going. */
    async findOrderAnnouncement(sandboxOrderId: string): Promise<SandboxDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(eq(sandboxWebhookDeliveries.sandboxOrderId, sandboxOrderId))
        .orderBy(asc(sandboxWebhookDeliveries.id))
        .limit(1);
      return row;
    },

    // -- webhook deliveries ------------------------------------------------------------

    /**
     * Claims up to `limit` due deliveries: under `for update skip locked`, so two processes
     * on one PostgreSQL never claim the same row, it counts the attempt and leases the row
     * until `leaseUntil`. The delivery itself happens outside any transaction; if the
     * process dies meanwhile, the lease runs out and the row is due again.
     */
    async claimDueDeliveries(now: Date, leaseUntil: Date, limit: number): Promise<SandboxDeliveryRow[]> {
      // One statement: the due rows are locked (skipping those another process holds) and leased.
      const due = db.$with('due').as(
        db
          .select({ id: sandboxWebhookDeliveries.id })
          .from(sandboxWebhookDeliveries)
          .where(and(eq(sandboxWebhookDeliveries.status, 'pending'), lte(sandboxWebhookDeliveries.nextAttemptAt, now)))
          .orderBy(asc(sandboxWebhookDeliveries.nextAttemptAt), asc(sandboxWebhookDeliveries.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      const claimed = await db
        .with(due)
        .update(sandboxWebhookDeliveries)
        .set({ attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(sandboxWebhookDeliveries.id, db.select({ id: due.id }).from(due)))
        .returning();
      // In the order they were written: the events of one post go out as they were paid.
      return claimed.sort((a, b) => a.id - b.id);
    },

    /**
     * Records the failure of the attempt numbered `attempt` (a success: `recordDelivered`).
     * Nothing changes when the row has been claimed again since (its lease ran out): the newer
     * attempt owns it.
     */
    async recordAttempt(
      id: number,
      attempt: number,
      outcome:
        | { status: 'pending'; nextAttemptAt: Date; statusCode: number | null; error: string | null }
        | { status: 'failed'; statusCode: number | null; error: string | null },
    ): Promise<boolean> {
      const changes =
        outcome.status === 'pending'
          ? { status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, lastStatusCode: outcome.statusCode, lastError: outcome.error }
          : { status: outcome.status, lastStatusCode: outcome.statusCode, lastError: outcome.error };
      const rows = await db
        .update(sandboxWebhookDeliveries)
        .set(changes)
        .where(and(eq(sandboxWebhookDeliveries.id, id), eq(sandboxWebhookDeliveries.attempts, attempt), eq(sandboxWebhookDeliveries.status, 'pending')))
        .returning({ id: sandboxWebhookDeliveries.id });
      return rows.length > 0;
    },

    /**
     * Marks the rows delivered whose attempt is still the one numbered in `rows` (one statement
     * for a whole webhook's events); a row claimed again since is left to its newer attempt. How
     * many were marked.
     */
    async recordDelivered(rows: Array<Pick<SandboxDeliveryRow, 'id' | 'attempts'>>, statusCode: number, at: Date): Promise<number> {
      const attempts = sql.join(
        rows.map((row) => sql`(${row.id}::integer, ${row.attempts}::integer)`),
        sql`, `,
      );
      const marked = await db
        .update(sandboxWebhookDeliveries)
        .set({ status: 'delivered', lastStatusCode: statusCode, lastError: null, deliveredAt: at })
        .where(
          and(sql`(${sandboxWebhookDeliveries.id}, ${sandboxWebhookDeliveries.attempts}) in (${attempts})`, eq(sandboxWebhookDeliveries.status, 'pending')),
        )
        .returning({ id: sandboxWebhookDeliveries.id });
      return marked.length;
    },

    /**
     * Makes the rows an older version gave up on ('failed' after 8 attempts) pending again,
     * due now; returns how many. Safe to run from several processes at once.
     */
    async requeueGivenUp(now: Date): Promise<number> {
      const rows = await db
        .update(sandboxWebhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now })
        .where(eq(sandboxWebhookDeliveries.status, 'failed'))
        .returning({ id: sandboxWebhookDeliveries.id });
      return rows.length;
    },

    /** When the next pending delivery is due, or null when none is pending. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ next: min(sandboxWebhookDeliveries.nextAttemptAt) })
        .from(sandboxWebhookDeliveries)
        .where(eq(sandboxWebhookDeliveries.status, 'pending'));
      return row?.next ?? null;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
