import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MediaItem } from '@store/contracts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    discountPercentStyle: text('discount_percent_style', { enum: ['number', 'text'] }).notNull().default('number'),
    discountReason: text('discount_reason'),
    live: boolean('live').notNull().default(true),
    downloadable: boolean('downloadable').notNull().default(true),
    /** Number of computers one licence activates; null when the product has no licence key. */
    licenceSeats: integer('licence_seats'),
    summaryHtml: text('summary_html').notNull(),
    descriptionMarkdown: text('description_markdown').notNull(),
    imagePath: text('image_path').notNull(),
    media: jsonb('media').$type<MediaItem[]>().notNull().default([]),
    relatedPaths: text('related_paths').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('products_path_unique').on(table.path),
    uniqueIndex('products_sku_unique').on(table.sku),
    index('products_live_sort_idx').on(table.live, table.sortOrder),
    check('products_price_nonnegative', sql`${table.priceMinor} >= 0`),
    check('products_discount_range', sql`${table.discountPercent} between 0 and 100`),
    check('products_licence_seats_positive', sql`${table.licenceSeats} is null or ${table.licenceSeats} > 0`),
  ],
);

/** A released version of a product; the newest by `released_at` is the current one. */
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
