import { z } from 'zod';
import { productPathSchema } from './catalog/product';

/**
 * The signed-in account area (docs/behaviour/account.md#account-api). Every endpoint
 * takes `Authorization: Bearer <access token>` for the store API audience. Field names are in
 * snake_case because the account pages were written against them.
 */

/** `POST /api/account/lookup` and `POST /lookup`: the checkout prefill (no request body needed). */
export const customerLookupResponseSchema = z.object({
  /** Present when the store has no orders (no customer record) for this email: names then come from the sign-in profile. */
  error: z.string().optional(),
  customer_info: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
  }),
  /**
   * Only with FastSpring and the store's secure-payload key: the same contact as an encrypted
   * secure payload, for `fastspring.builder.secure(securePayload, secureKey)` (a live store
   * refuses unencrypted ones). Absent in the sandbox, which takes the prefill as plain data.
   */
  secure_payload: z.object({ securePayload: z.string(), secureKey: z.string() }).optional(),
});
export type CustomerLookupResponse = z.infer<typeof customerLookupResponseSchema>;

export const accountFileSchema = z.object({
  /** 'reMIDI 4 4.2.1 for macOS' */
  display: z.string(),
  file_url: z.string(),
  /** The product's display name. */
  product: z.string(),
  product_id: z.string(),
  /** '2.7 MB' */
  size: z.string(),
  size_mb: z.number(),
  filename: z.string(),
  version: z.string(),
  /** Where the bytes come from: 'local' (the store's file storage). */
  download_source: z.string(),
  /** Platform: 'mac', 'windows', 'linux' or 'any'. */
  type: z.string(),
});
export type AccountFile = z.infer<typeof accountFileSchema>;

export const accountPreviousVersionSchema = z.object({
  version: z.string(),
  /** ISO 8601 release time. */
  released_at: z.string(),
  files: z.array(accountFileSchema),
});
export type AccountPreviousVersion = z.infer<typeof accountPreviousVersionSchema>;

export const accountProductSchema = z.object({
  /** The product path (the catalogue's public id, e.g. 'remidi-4'). */
  product_id: z.string(),
  sku: z.string(),
  display: z.string(),
  quantity: z.number().int(),
  subtotal_display: z.string(),
  /** Coupon code(s) that discounted this line, or 'N/A'. */
  coupon: z.string(),
  has_update: z.boolean(),
  is_major_update: z.boolean(),
  /** The version the customer last downloaded from the account area; null before the first tracked download. */
  user_version: z.string().nullable(),
  current_version: z.string().nullable(),
  first_download: z.boolean(),
  /** A signed link to the product's first file (see `files` for every platform); null when nothing can be downloaded. */
  download_url: z.string().nullable(),
  /** ISO 8601 time the download links of this answer stop working. */
  download_expires: z.string().nullable(),
  /** Units of this line refunded; once it equals `quantity` the line is refunded and has no downloads. */
  refunded_quantity: z.number().int(),
  /** The published versions before the current one, newest first, each with signed links to its files; empty when nothing can be downloaded. */
  previous_versions: z.array(accountPreviousVersionSchema),
});
export type AccountProduct = z.infer<typeof accountProductSchema>;

export const accountLicenceSchema = z.object({
  /** 'reMIDI 4 (up to 3 computers)' */
  display: z.string(),
  license_key: z.string(),
  /** The product's display name. */
  product: z.string(),
  product_id: z.string(),
  /** The licence's type: 'perpetual', 'trial' (it ends, see `licensespring_licenses[].expiration`) or 'nfr' */
  type: z.string(),
  /** 'Active'; 'Expired' once a trial has ended; 'Revoked' once its unit was refunded */
  status: z.string(),
});
export type AccountLicence = z.infer<typeof accountLicenceSchema>;

export const accountOrderSchema = z.object({
  /** The payment provider's order id (also what `POST /api/track-download` takes). */
  order_id: z.string(),
  order_reference: z.string(),
  /** ISO 8601 completion time. */
  date: z.string(),
  /**
   * In major units of `currency` (0 for a free order). This store sends a number; a currency
   * string such as '$12.50' is accepted too and read with `parsePriceText` (0 when it holds no
   * number), see docs/behaviour/account.md#order-totals.
   */
  total: z.union([z.number().finite(), z.string().max(100)]),
  currency: z.string(),
  /** 'completed', 'partially_refunded' (some lines refunded) or 'refunded' (every line) */
  status: z.string(),
  /** 'sale', or 'complimentary' for a licence the store gave (a $0 order); absent from older stores' answers. */
  kind: z.string().optional(),
  products: z.array(accountProductSchema),
  files: z.array(accountFileSchema),
  licenses: z.array(accountLicenceSchema),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountDataSchema = z.object({
  customer_info: z.object({
    full_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  total_orders: z.number().int(),
  total_products: z.number().int(),
  total_files: z.number().int(),
  total_licenses: z.number().int(),
  licensespring_licenses: z.array(
    z.object({
      product_name: z.string(),
      license_key: z.string(),
      /** 'Active', 'Expired' (a trial that has ended) or 'Revoked' (refunded) */
      status: z.string(),
      /** Computers the licence is active on now (released ones not counted). */
      activations_used: z.number().int().nullable(),
      /** ISO 8601 expiry, or null for a perpetual licence. */
      expiration: z.string().nullable(),
    }),
  ),
  /** Newest first. */
  orders: z.array(accountOrderSchema),
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** `POST /api/track-download`: the account page reports which version was downloaded. */
export const trackDownloadRequestSchema = z.object({
  product_id: productPathSchema,
  version: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[0-9A-Za-z.+-]+$/, 'A version is letters, digits, dots, plus and hyphens'),
  order_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:-]+$/, 'An order id is letters, digits and . : _ -'),
});
export type TrackDownloadRequest = z.infer<typeof trackDownloadRequestSchema>;

export const trackDownloadResponseSchema = z.object({
  product_id: z.string(),
  version: z.string(),
  order_id: z.string(),
  recorded_at: z.string(),
});
export type TrackDownloadResponse = z.infer<typeof trackDownloadResponseSchema>;

const NAME_STOP_WORDS = ['user', 'test', 'admin'];

/**
 * The prefill name rule (docs/behaviour/checkout.md#prefill-names): given and family name; else the full name split
 * on spaces when it is not an email address; else a first name derived from the email's local
 * part when it is at least 3 letters, letters only, and contains none of 'user', 'test', 'admin'.
 */
export function prefillName(input: { givenName?: string | null; familyName?: string | null; name?: string | null; email?: string | null }): {
  firstName: string;
  lastName: string;
} {
  const given = input.givenName?.trim() ?? '';
  const family = input.familyName?.trim() ?? '';
  if (given || family) return { firstName: given, lastName: family };
  const full = input.name?.trim() ?? '';
  if (full && !full.includes('@')) {
    const [first = '', ...rest] = full.split(/\s+/);
    return { firstName: first, lastName: rest.join(' ') };
  }
  const local = input.email?.split('@')[0] ?? '';
  if (/^[A-Za-z]{3,}$/.test(local) && !NAME_STOP_WORDS.some((word) => local.toLowerCase().includes(word))) {
    return { firstName: local.charAt(0).toUpperCase() + local.slice(1).toLowerCase(), lastName: '' };
  }
  return { firstName: '', lastName: '' };
}

/** `GET` and `PUT /api/account/preferences`: the signed-in customer's mail choices (off until they opt in). */
export const accountPreferencesSchema = z.object({
  /** An email when a product they own has a new version. */
  releaseEmails: z.boolean(),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
