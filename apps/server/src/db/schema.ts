import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { KeyFact, MediaItem, UpgradeOffer } from '@store/contracts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The store's categories. `name` is what products carry and the API shows ('attributes.category');
 * `slug` is the list view's URL (/products/{slug}). Renaming a category renames it on its products.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    /** The one-line introduction under the list's heading, also its meta description. */
    intro: text('intro').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('product_categories_name_unique').on(table.name)],
);

/**
 * The catalogue. A product's `path` is its public id: the URL slug and the payment
 * provider's product path, so it is unique and never reused. Orders, licences and
 * downloads reference `id`, which never changes even if a path is renamed.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    path: text('path').notNull(),
    sku: text('sku').notNull(),
    displayName: text('display_name').notNull(),
    category: text('category').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /**
     * How the discount is published: 'number' (20) or 'text' ('20%'). FastSpring-style
     * catalogues use both, and the storefront must read both.
     */
    discountPercentStyle: text('discount_percent_style', { enum: ['number', 'text'] })
      .notNull()
      .default('number'),
    discountReason: text('discount_reason'),
    /** A fixed-amount deal in minor units of `currency`; a deal is a percentage or an amount, never both. */
    discountAmountMinor: integer('discount_amount_minor'),
    /** When the deal starts and ends; null is open-ended. Outside the dates the product sells at its price. */
    dealStartsAt: timestamp('deal_starts_at', { withTimezone: true }),
    dealEndsAt: timestamp('deal_ends_at', { withTimezone: true }),
    live: boolean('live').notNull().default(true),
    downloadable: boolean('downloadable').notNull().default(true),
    /** Number of computers one licence activates; null when the product has no licence key. */
    licenceSeats: integer('licence_seats'),
    summaryHtml: text('summary_html').notNull(),
    /** What the maker writes; `summary_html` is rendered from it on save (empty for rows older than the back office). */
    summaryMarkdown: text('summary_markdown').notNull().default(''),
    descriptionMarkdown: text('description_markdown').notNull(),
    /** The Key facts panel's rows, in order. */
    keyFacts: jsonb('key_facts').$type<KeyFact[]>().notNull().default([]),
    /** For a free trial: the paid product it is a trial of (its page shows that product, with the trial offered). */
    trialOfProductId: integer('trial_of_product_id').references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
    imagePath: text('image_path').notNull(),
    media: jsonb('media').$type<MediaItem[]>().notNull().default([]),
    /** What owners of older products pay for this one (e.g. reMIDI 3 → free), checked against `legacy_licences`. */
    upgradeOffers: jsonb('upgrade_offers').$type<UpgradeOffer[]>().notNull().default([]),
    relatedPaths: text('related_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Bumped by every save: a save that names an older version is refused instead of overwriting someone else's edit. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    foreignKey({ columns: [table.category], foreignColumns: [productCategories.name], name: 'products_category_fk' })
      .onUpdate('cascade')
      .onDelete('restrict'),
    uniqueIndex('products_path_unique').on(table.path),
    uniqueIndex('products_sku_unique').on(table.sku),
    index('products_live_sort_idx').on(table.live, table.sortOrder),
    check('products_price_nonnegative', sql`${table.priceMinor} >= 0`),
    check('products_discount_range', sql`${table.discountPercent} between 0 and 100`),
    check('products_licence_seats_positive', sql`${table.licenceSeats} is null or ${table.licenceSeats} > 0`),
    check('products_deal_one_kind', sql`${table.discountAmountMinor} is null or (${table.discountAmountMinor} > 0 and ${table.discountPercent} = 0)`),
    check('products_deal_dates', sql`${table.dealStartsAt} is null or ${table.dealEndsAt} is null or ${table.dealEndsAt} > ${table.dealStartsAt}`),
    check('products_not_own_trial', sql`${table.trialOfProductId} is null or ${table.trialOfProductId} <> ${table.id}`),
  ],
);

/** A version of a product; the newest published one by `released_at` is the current one. */
export const productVersions = pgTable(
  'product_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    version: text('version').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    changelogMarkdown: text('changelog_markdown').notNull().default(''),
    /** A major release: owners of an older major version see 'Major Update'. */
    major: boolean('major').notNull().default(false),
    /** Null while the maker prepares it (a draft nobody sees); set when published, which makes it current. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_versions_product_version_unique').on(table.productId, table.version),
    index('product_versions_product_released_idx').on(table.productId, table.releasedAt),
  ],
);

/** One downloadable file of a version, for one operating system and format. */
export const productFiles = pgTable(
  'product_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => productVersions.id, { onDelete: 'restrict' }),
    os: text('os', { enum: ['mac', 'windows', 'linux', 'any'] }).notNull(),
    format: text('format').notNull(),
    filename: text('filename').notNull(),
    /** Key in the file storage (a path below `DATA_DIR/files`, or an object key in S3). */
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_files_version_os_format_unique').on(table.versionId, table.os, table.format),
    check('product_files_size_nonnegative', sql`${table.sizeBytes} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductVersionRow = typeof productVersions.$inferSelect;
export type ProductFileRow = typeof productFiles.$inferSelect;

// ---------------------------------------------------------------------------
// Customers, coupons and orders (issue 4)

/**
 * A buyer, known by email. Created by the first completed order; the account area
 * (sign-in) matches customers by verified email, so guest orders appear after sign-up.
 * `email` is stored lower-cased.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    postalCode: text('postal_code'),
    /** Set when the customer's personal data was erased (their right to be forgotten): the row keeps the orders' bookkeeping only. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_email_unique').on(table.email),
    check('customers_email_lowercase', sql`${table.email} = lower(${table.email})`),
    index('customers_created_idx').on(table.createdAt, table.id),
    // Search by the start of an address (`like 'ann%'`), whatever the database's collation.
    index('customers_email_prefix_idx').on(table.email.op('text_pattern_ops')),
  ],
);

/**
 * A promo code. `code` is stored upper-cased and matched case-insensitively. Either a
 * percentage or a fixed amount (in the store currency) is taken off; a restricted coupon
 * only discounts the products in `product_ids` (empty: every product).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffMinor: integer('amount_off_minor'),
    currency: char('currency', { length: 3 }),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    perCustomerLimit: integer('per_customer_limit'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Bumped by every save (optimistic concurrency, as products). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(table.code),
    check('coupons_code_uppercase', sql`${table.code} = upper(${table.code})`),
    check(
      'coupons_kind_value',
      sql`(${table.kind} = 'percent' and ${table.percentOff} between 1 and 100 and ${table.amountOffMinor} is null)
        or (${table.kind} = 'amount' and ${table.amountOffMinor} > 0 and ${table.currency} is not null and ${table.percentOff} is null)`,
    ),
    check('coupons_limits_positive', sql`coalesce(${table.maxRedemptions}, 1) > 0 and coalesce(${table.perCustomerLimit}, 1) > 0`),
    check('coupons_redemptions_nonnegative', sql`${table.redemptionCount} >= 0`),
    check('coupons_dates', sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validUntil} > ${table.validFrom}`),
  ],
);

/** Every webhook event we have processed, by the provider's event id: the idempotency record. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The order the event created or found, when it concerned one. */
  orderId: integer('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened to every payment-provider event received, including those refused (which leave
 * no `webhook_events` row, so the provider's retry can succeed): the back office's webhook log.
 */
export const webhookLog = pgTable(
  'webhook_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The `EventOutcome.result` of the orders pipeline, e.g. 'order-created', 'rejected', 'failed'. */
    outcome: text('outcome').notNull(),
    /** Why it was rejected or failed; never the shopper's details. */
    message: text('message'),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    /** The provider's order id or reference the event named, to find an event that created no order. */
    providerOrderId: text('provider_order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_log_order_idx').on(table.orderId, table.receivedAt),
    index('webhook_log_outcome_idx').on(table.outcome, table.receivedAt),
    index('webhook_log_received_idx').on(table.receivedAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The provider's human-readable reference (shown to the shopper, e.g. 'SWS261121-4821-17305'). */
    reference: text('reference').notNull(),
    /** 'store' for an order the store made itself (a complimentary licence), with no payment provider. */
    provider: text('provider', { enum: ['sandbox', 'fastspring', 'store'] }).notNull(),
    /** 'complimentary': a $0 order an administrator made to give a licence (press, bundle partner, not-for-resale). */
    kind: text('kind', { enum: ['sale', 'complimentary'] })
      .notNull()
      .default('sale'),
    /** The provider's internal order id: one order per provider order, however often it is announced. */
    providerOrderId: text('provider_order_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    // bigint: a currency with many minor units per dollar (e.g. IDR) outgrows integer fast.
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** 'partially_refunded' while some lines stand; 'refunded' once every line is returned. */
    status: text('status', { enum: ['completed', 'partially_refunded', 'refunded'] })
      .notNull()
      .default('completed'),
    couponCodes: text('coupon_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** False for the provider's test orders. */
    live: boolean('live').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_reference_unique').on(table.reference),
    uniqueIndex('orders_provider_order_unique').on(table.provider, table.providerOrderId),
    index('orders_customer_idx').on(table.customerId, table.completedAt),
    // The back office's order list: newest first, paged by (completed_at, id), filtered by status and email.
    index('orders_completed_idx').on(table.completedAt, table.id),
    index('orders_status_completed_idx').on(table.status, table.completedAt, table.id),
    index('orders_email_prefix_idx').on(table.email.op('text_pattern_ops')),
    index('orders_coupon_codes_idx').using('gin', table.couponCodes),
    check(
      'orders_amounts_nonnegative',
      sql`${table.subtotalMinor} >= 0 and ${table.discountMinor} >= 0 and ${table.taxMinor} >= 0 and ${table.totalMinor} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The path and name as sold, kept even if the product is renamed later. */
    productPath: text('product_path').notNull(),
    display: text('display').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Units returned through refunds; the line's downloads stop once all are. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (table) => [
    uniqueIndex('order_items_order_product_unique').on(table.orderId, table.productId),
    index('order_items_product_idx').on(table.productId, table.orderId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_refunded_quantity_range', sql`${table.refundedQuantity} between 0 and ${table.quantity}`),
  ],
);

/** A refund (FastSpring's return) of some or all of an order's lines, one row per provider return. */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['sandbox', 'fastspring'] }).notNull(),
    providerReturnId: text('provider_return_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_provider_return_unique').on(table.provider, table.providerReturnId),
    index('refunds_order_idx').on(table.orderId),
    index('refunds_created_idx').on(table.createdAt),
  ],
);

/**
 * A refund an administrator asked the payment provider for. It is 'pending' until the provider's
 * return event arrives (then 'completed', linked by the return's id) or the provider refuses it
 * ('failed'). At most one pending request per order: a second tab's refund is told to wait.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `[{ orderItemId, quantity }]`: what was asked to be returned. */
    lines: jsonb('lines').$type<Array<{ orderItemId: number; quantity: number }>>().notNull(),
    reason: text('reason').notNull(),
    /** The administrator's email. */
    requestedBy: text('requested_by').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's return id, once the provider accepted the request. */
    providerReturnId: text('provider_return_id'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refund_requests_one_pending')
      .on(table.orderId)
      .where(sql`${table.status} = 'pending'`),
    index('refund_requests_order_idx').on(table.orderId, table.createdAt),
    index('refund_requests_return_idx').on(table.providerReturnId),
  ],
);

/**
 * One licence key per licensed unit bought; `XXXX-XXXX-XXXX-XXXX`, unique and unguessable. Owned
 * by the licensing module: `seats` computers may be active on it at once (`licence_machines`).
 */
export const licences = pgTable(
  'licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    seats: integer('seats').notNull(),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    /** 'trial' for a trial product's key (it has `expires_at`); 'nfr' for a maker's not-for-resale key. */
    type: text('type', { enum: ['perpetual', 'trial', 'nfr'] })
      .notNull()
      .default('perpetual'),
    /** Null for a perpetual licence. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The old licence this one was bought as an upgrade of. */
    upgradedFromLegacyId: integer('upgraded_from_legacy_id').references((): AnyPgColumn => legacyLicences.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('licences_key_unique').on(table.key),
    index('licences_order_item_idx').on(table.orderItemId),
    index('licences_customer_idx').on(table.customerId),
    index('licences_customer_product_idx').on(table.customerId, table.productId),
    check('licences_seats_positive', sql`${table.seats} > 0`),
    check('licences_trial_expires', sql`${table.type} <> 'trial' or ${table.expiresAt} is not null`),
  ],
);

/**
 * A computer a licence was activated on. A row stays after the computer is released (deactivated,
 * freed as stale, or its licence revoked) so the cooldown on deactivations and the one-trial-per-
 * computer rule can be counted; at most one unreleased row per licence and fingerprint.
 */
export const licenceMachines = pgTable(
  'licence_machines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    name: text('name'),
    platform: text('platform', { enum: ['macos', 'windows', 'linux'] }),
    appVersion: text('app_version'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Why it was released: by the shopper (plugin or account), unseen too long, or the licence was revoked. */
    releasedReason: text('released_reason', { enum: ['deactivated', 'stale', 'revoked', 'freed'] }),
  },
  (table) => [
    uniqueIndex('licence_machines_active_unique')
      .on(table.licenceId, table.fingerprint)
      .where(sql`${table.releasedAt} is null`),
    index('licence_machines_licence_idx').on(table.licenceId, table.releasedAt),
    index('licence_machines_fingerprint_idx').on(table.fingerprint),
    index('licence_machines_last_seen_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.releasedAt} is null`),
    check('licence_machines_released_reason', sql`(${table.releasedAt} is null) = (${table.releasedReason} is null)`),
  ],
);

/**
 * Licences of older products sold before this store (imported with `npm run licences:import`),
 * which entitle their owner to an upgrade price. `key` is stored upper-cased and trimmed.
 */
export const legacyLicences = pgTable(
  'legacy_licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    /** The old product's path, e.g. 'remidi-3': what a product's upgrade offers name. */
    product: text('product').notNull(),
    email: text('email'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** The one-time coupon made for this key's upgrade; a key gets one. */
    upgradeCouponCode: text('upgrade_coupon_code'),
    /** Set when an order bought the upgrade: a legacy key upgrades once. */
    upgradedAt: timestamp('upgraded_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('legacy_licences_key_unique').on(table.key), uniqueIndex('legacy_licences_coupon_unique').on(table.upgradeCouponCode)],
);

/** The right of a customer to download every file of a product, granted by one order line. */
export const entitlements = pgTable(
  'entitlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('entitlements_order_item_unique').on(table.orderItemId),
    index('entitlements_customer_product_idx').on(table.customerId, table.productId),
  ],
);

/** One row per coupon use by an order, so a redemption is counted once however often the order is announced. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_redemptions_coupon_order_unique').on(table.couponId, table.orderId),
    index('coupon_redemptions_coupon_customer_idx').on(table.couponId, table.customerId),
  ],
);

/**
 * A coupon use taken by a sandbox payment, in the payment's transaction under the coupon
 * row's lock, so limits hold before the asynchronous webhook records the redemption. The
 * order's webhook turns it into the `coupon_redemptions` row (and deletes it) exactly once.
 */
export const couponReservations = pgTable(
  'coupon_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    /** The payment provider's order id (`orders.provider_order_id` once the webhook lands). */
    providerOrderId: text('provider_order_id').notNull(),
    /** The paying customer's email, lower-cased, for per-customer limits. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_reservations_coupon_order_unique').on(table.couponId, table.providerOrderId),
    index('coupon_reservations_coupon_email_idx').on(table.couponId, table.email),
  ],
);

/**
 * Transactional outbox for email: written in the same transaction as what it announces,
 * sent afterwards. `dedupeKey` makes a message unique per cause (e.g. one confirmation per order).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** pending → sent, or held (no SMTP configured: kept for the sandbox mailbox), or failed after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'held', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The order the message is about (confirmation, refund, resend), for the back office's order page. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('outbox_messages_dedupe_unique').on(table.dedupeKey),
    index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_messages_order_idx').on(table.orderId),
    index('outbox_messages_to_idx').on(table.toAddress),
    index('outbox_messages_failed_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
  ],
);

// ---------------------------------------------------------------------------
// Sandbox payment provider (the embedded stand-in for FastSpring)

/** A shopper's cart session on the sandbox provider, like FastSpring's continuous session. */
export const sandboxCarts = pgTable('sandbox_carts', {
  id: text('id').primaryKey(),
  /** `[{ path, quantity }]`, validated on every write. */
  items: jsonb('items').$type<Array<{ path: string; quantity: number }>>().notNull().default([]),
  couponCode: text('coupon_code'),
  /** Contact and billing details pushed by recognize()/secure(), used to prefill the checkout. */
  contact: jsonb('contact').$type<Record<string, string>>(),
  /** The session's tags (push `tags`), copied onto its order as FastSpring does. */
  tags: jsonb('tags').$type<Record<string, string>>().notNull().default({}),
  completedOrderId: text('completed_order_id'),
  ...timestamps,
});

/** Orders the sandbox provider has taken payment for (its own records, like FastSpring's). */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    cartId: text('cart_id').notNull(),
    email: text('email').notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The `order.completed` event data as sent to the webhook. */
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    /** Quantity refunded so far, by product path. */
    returned: jsonb('returned').$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_orders_reference_unique').on(table.reference)],
);

/** Webhook deliveries the sandbox still owes or has made; retried with backoff until delivered ('failed' only in rows of older versions). */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id').notNull(),
    /** The exact JSON body that is signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sandbox order the event is about, so its page can show how delivery is going. */
    sandboxOrderId: text('sandbox_order_id'),
  },
  (table) => [
    uniqueIndex('sandbox_webhook_deliveries_event_unique').on(table.eventId),
    index('sandbox_webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('sandbox_webhook_deliveries_order_idx').on(table.sandboxOrderId),
  ],
);

// ---------------------------------------------------------------------------
// Identity (issue 5): the embedded OpenID provider's accounts and storage, and download tracking

/**
 * A sign-in account of the embedded identity provider. Its `id` is the `sub` of every token;
 * it says nothing about orders, which belong to customers and are matched by verified email.
 * `email` is stored lower-cased; `password_hash` is `scrypt$N$r$p$salt$hash` (base64url).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    fullName: text('full_name').notNull(),
    pictureUrl: text('picture_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Tokens (and sessions) issued before this instant are refused: set when the address is confirmed or the password reset. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** The last successful sign-in with the embedded provider (the back office's customer page). */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('accounts_email_unique').on(table.email), check('accounts_email_lowercase', sql`${table.email} = lower(${table.email})`)],
);

/**
 * Single-use links sent by email (verify the address, reset the password). Only the SHA-256
 * of the token is stored, so a database leak gives no working link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_unique').on(table.tokenHash),
    index('account_tokens_account_idx').on(table.accountId, table.purpose),
    index('account_tokens_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Sign-in and email throttles of the embedded provider, shared by every process on one
 * database. `key` names the budget and what it counts, e.g. `login:{email}:{address}`.
 * `hits` counts within the window that ends at `expires_at`; rows past it are swept.
 */
export const identityThrottles = pgTable(
  'identity_throttles',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('identity_throttles_expires_idx').on(table.expiresAt)],
);

/**
 * Everything oidc-provider persists (sessions, interactions, grants, codes, refresh tokens…),
 * one row per model instance, keyed by model name and id. Expired rows are ignored on read
 * and swept periodically.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.model, table.uid),
    index('oidc_payloads_user_code_idx').on(table.model, table.userCode),
    index('oidc_payloads_account_idx').on(table.accountId),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** A version of a product a customer downloaded from the account area (drives "update available"). */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    version: text('version').notNull(),
    /** Which file: its name and platform as downloaded (the file row may be replaced by a later release). */
    filename: text('filename'),
    os: text('os'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('download_events_customer_product_idx').on(table.customerId, table.productId, table.createdAt),
    index('download_events_order_idx').on(table.orderId, table.createdAt),
  ],
);

/**
 * Questions Lyra could not answer, kept for the maker to improve the store's pages; the text
 * only (no shopper, no address), deleted after the retention in docs/behaviour/lyra.md#unanswered-questions.
 */
export const lyraUnansweredQuestions = pgTable(
  'lyra_unanswered_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    influencer: text('influencer').notNull(),
    question: text('question').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lyra_unanswered_questions_created_idx').on(table.createdAt)],
);

/**
 * A signed-in shopper's conversations with Lyra (docs/behaviour/lyra.md#memory). `owner` is the
 * shopper's verified email in lower case, as the account area matches orders; anonymous shoppers
 * have no rows here.
 */
export const lyraConversations = pgTable(
  'lyra_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    influencer: text('influencer').notNull(),
    /** The first question, shortened: what the shopper sees in a list. */
    title: text('title').notNull(),
    ...timestamps,
  },
  (table) => [index('lyra_conversations_owner_idx').on(table.owner, table.updatedAt)],
);

/** The turns of a conversation: the shopper's question, and Lyra's answer with what came with it. */
export const lyraConversationMessages = pgTable(
  'lyra_conversation_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => lyraConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    /** An answer's citations, product cards and sketch (the contract's shapes), for showing it again. */
    extras: jsonb('extras').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lyra_conversation_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** A signed-in shopper's creative events (wishes, sketches made, played, downloaded, remixes); newest read first. */
export const creativeLogEntries = pgTable(
  'creative_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    influencer: text('influencer').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('creative_log_entries_owner_idx').on(table.owner, table.createdAt, table.id)],
);

/**
 * Lyra's public aggregates: one counter per (persona, metric, label), e.g. ('lyra',
 * 'sketch_generated', '') or ('lyra', 'key', 'A minor'). Counts only: no shopper, no text.
 * Processes add to them with one upsert, so two processes on one PostgreSQL count together.
 */
export const lyraCounts = pgTable(
  'lyra_counts',
  {
    influencer: text('influencer').notNull(),
    metric: text('metric').notNull(),
    label: text('label').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.influencer, table.metric, table.label] })],
);

/**
 * Per-client request counts of the limits every store process must share (Lyra's calls): one
 * row per (limit, client) and fixed window, counted with one upsert; expired rows are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_expires_idx').on(table.expiresAt)],
);

// ---------------------------------------------------------------------------
// Back office (issue 15)

/**
 * Roles granted in the back office, by verified email in lower case (the way orders are matched,
 * and the same for the embedded and an external identity provider). `ADMIN_EMAILS` and the
 * provider's role claim grant the role too, without a row here.
 */
export const roleGrants = pgTable(
  'role_grants',
  {
    email: text('email').notNull(),
    role: text('role', { enum: ['admin'] }).notNull(),
    grantedBy: text('granted_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.role] }), check('role_grants_email_lowercase', sql`${table.email} = lower(${table.email})`)],
);

/** Every write made in the back office: who, when, what, and the record before and after. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The administrator's email. */
    actor: text('actor').notNull(),
    /** What was done, e.g. 'product.update', 'coupon.create', 'role.grant'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. ('product', '12'). */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_events_created_idx').on(table.createdAt, table.id), index('audit_events_subject_idx').on(table.subjectType, table.subjectId)],
);

/** A customer's mail choices, by email in lower case; no row is "no release emails". */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    email: text('email').primaryKey(),
    releaseEmails: boolean('release_emails').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('mail_preferences_email_lowercase', sql`${table.email} = lower(${table.email})`)],
);

/**
 * A file being uploaded from the back office (an installer, an image, audio or video), received
 * in pieces so a dropped connection resumes where it stopped. `received_bytes` is what storage
 * holds; `parts` are the S3 multipart parts so far. Finished uploads are turned into the row
 * they were for (a product file, a media item) and deleted; abandoned ones expire.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['release-file', 'product-media'] }).notNull(),
    /** The administrator who started it; only they can continue it. */
    owner: text('owner').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key').notNull(),
    /** The S3 multipart upload id; null with local storage. */
    storageUploadId: text('storage_upload_id'),
    parts: jsonb('parts').$type<Array<{ partNumber: number; etag: string; sizeBytes: number }>>().notNull().default([]),
    /** Set when the last byte has arrived. */
    sha256: char('sha256', { length: 64 }),
    /** What the upload is for (product, version, platform, format…), checked when it is created. */
    target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['receiving', 'complete'] })
      .notNull()
      .default('receiving'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('uploads_expires_idx').on(table.expiresAt), check('uploads_received_range', sql`${table.receivedBytes} between 0 and ${table.sizeBytes}`)],
);

/** Things done once per installation, e.g. ('catalogue-imported', the time): a fresh install imports the seed catalogue once. */
export const storeMilestones = pgTable('store_milestones', {
  name: text('name').primaryKey(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// First-party analytics (issue 18, docs/decisions/0038-first-party-analytics.md)

/**
 * One random salt per UTC day: a visitor id hashes it with the address and user agent, so ids
 * of different days cannot be linked once the salt is deleted (after 48 hours).
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, in hex. */
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the storefront's script reports: never the address, the whole user agent, or a query string beyond UTM. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    visitorId: text('visitor_id').notNull(),
    pathname: text('pathname').notNull(),
    /** The host of an external referrer; null for none and for the store's own pages. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device', { enum: ['desktop', 'mobile', 'tablet', 'other'] }).notNull(),
    browser: text('browser'),
    os: text('os'),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
  },
  (table) => [
    index('analytics_events_occurred_idx').on(table.occurredAt),
    index('analytics_events_name_occurred_idx').on(table.name, table.occurredAt),
    // The payment webhook finds the checkout a purchase came from by the random code it carried.
    index('analytics_events_checkout_idx')
      .on(sql`(${table.props} ->> 'checkout')`)
      .where(sql`${table.name} = 'checkout_start'`),
  ],
);

/**
 * The dashboard reads these, not the raw events: per UTC hour and dimension (`total`, `page`,
 * `entry_page`, `referrer`, `utm_source`, `device`, `browser`, `os`, `funnel:<step>`), figures
 * that add up across hours. A visitor is counted in the hour of their first event of the UTC day
 * (ids change daily), a visit in the hour it started. `value` is '' for none (a direct visit).
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    visitors: integer('visitors').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    /** Visits with a single pageview. */
    bounces: integer('bounces').notNull().default(0),
    /** Sum of visit durations (first to last event), in seconds. */
    durationSeconds: bigint('duration_seconds', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.hour, table.value] })],
);

/** The UTC days whose events are rolled up into `analytics_hourly`; the days after are read raw. */
export const analyticsRolledDays = pgTable('analytics_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

export type RoleGrantRow = typeof roleGrants.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export type CustomerRow = typeof customers.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type WebhookLogRow = typeof webhookLog.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type LicenceRow = typeof licences.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
export type SandboxCartRow = typeof sandboxCarts.$inferSelect;
