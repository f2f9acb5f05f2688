import { z } from 'zod';
import { PRODUCT_PATH_PATTERN } from '../paths';

/** A product path is the URL slug and the payment provider's product id: lowercase words joined by hyphens. */
export const PRODUCT_PATH_MAX_LENGTH = 100;
export const productPathSchema = z
  .string()
  .max(PRODUCT_PATH_MAX_LENGTH, `A product path has at most ${PRODUCT_PATH_MAX_LENGTH} characters`)
  .regex(PRODUCT_PATH_PATTERN, 'A product path is lowercase letters, digits and single hyphens');

/** A category's name, as products carry it; the store's categories are data (`GET /api/categories`). */
export const CATEGORY_NAME_MAX_LENGTH = 40;
export const productCategorySchema = z
  .string()
  .trim()
  .min(1, 'A category needs a name')
  .max(CATEGORY_NAME_MAX_LENGTH, `A category name has at most ${CATEGORY_NAME_MAX_LENGTH} characters`);
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** A link a key fact may carry: a path on this store or an https address. */
const keyFactHrefSchema = z
  .string()
  .trim()
  .max(500, 'A link has at most 500 characters')
  .refine((href) => /^\/(?!\/)/.test(href) || /^https:\/\/[^\s]+$/.test(href), 'A link is a path on this store (/…) or an https:// address');

/** One row of a product's Key facts panel, e.g. { label: 'Download size', value: '111 MB' }. */
export const keyFactSchema = z.object({
  /** What the value is, when it does not say so itself. */
  label: z.string().trim().max(60, 'A label has at most 60 characters').optional(),
  value: z.string().trim().min(1, 'A key fact needs a value').max(200, 'A key fact has at most 200 characters'),
  /** Makes the fact a link (a manual, an installation guide). */
  href: keyFactHrefSchema.optional(),
});
export type KeyFact = z.infer<typeof keyFactSchema>;

/** FastSpring-style catalogues send the discount either as a number (20) or as text ('20%'); both are valid. */
export const discountPercentSchema = z.union([z.number().min(0).max(100), z.string().regex(/^\d{1,3}(?:\.\d+)?%$/, "A discount text looks like '20%'")]);
export type DiscountPercent = z.infer<typeof discountPercentSchema>;

/** The same picture at another width, for an `<img srcset>`. */
export const imageVariantSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/** One product as `GET /api/products/` lists it (docs/behaviour/catalogue.md#product-fields). */
export const productSchema = z.object({
  path: productPathSchema,
  sku: z.string(),
  display: z.string(),
  image: z.string(),
  /**
   * `image` at each width it is stored in (including its own), narrowest first; absent when
   * only `image` exists. An addition to the product fields (docs/behaviour/catalogue.md#product-fields): clients that do not know it use `image`.
   */
  imageVariants: z.array(imageVariantSchema).optional(),
  price: z.string(),
  priceValue: z.number().nonnegative(),
  total: z.string(),
  totalValue: z.number().nonnegative(),
  currency: z.string().length(3),
  description: z.object({ summary: z.string() }),
  attributes: z.object({
    live: z.string(),
    category: productCategorySchema,
    download: z.enum(['true', 'false']),
  }),
  discount: z.object({ reason: z.string().optional() }),
  discountPercent: discountPercentSchema,
  /**
   * The deal running now, with its end (null: open-ended); null when the product sells at its
   * price. Absent from catalogues other than this store's (docs/behaviour/catalogue.md#deals).
   */
  deal: z
    .object({ endsAt: z.iso.datetime({ offset: true }).nullable() })
    .nullable()
    .optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

export const mediaItemSchema = z.object({
  kind: z.enum(['image', 'audio', 'video', 'midi']),
  src: z.string(),
  title: z.string(),
  /** Image shown before a video or audio item plays, and the thumbnail of the carousel. */
  poster: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** An image's `src` at each width it is stored in (including its own), narrowest first. */
  variants: z.array(imageVariantSchema).optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const OPERATING_SYSTEMS = ['mac', 'windows', 'linux', 'any'] as const;
export const productFileSchema = z.object({
  os: z.enum(OPERATING_SYSTEMS),
  format: z.string(),
  filename: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ProductFile = z.infer<typeof productFileSchema>;

export const productVersionSchema = z.object({
  version: z.string(),
  releasedAt: z.iso.datetime({ offset: true }),
  changelog: z.string(),
  /** The changelog rendered to safe HTML by the server (headings from h3). */
  changelogHtml: z.string(),
  files: z.array(productFileSchema),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

/**
 * What an owner of an older product pays for this one: `percentOff` of the price, once per old
 * licence key (checked against the store's imported legacy licences).
 */
export const upgradeOfferSchema = z.object({
  /** The old product's id as the imported legacy licences name it, e.g. 'remidi-3'. */
  from: productPathSchema,
  /** Its name as the shopper knows it, e.g. 'reMIDI 3'. */
  fromName: z.string().trim().min(1, 'Enter the name its owners know it by').max(80, 'A name has at most 80 characters'),
  percentOff: z
    .number({ error: 'Enter a whole percentage' })
    .int('Enter a whole percentage')
    .min(1, 'An upgrade takes at least 1% off')
    .max(100, 'An upgrade takes at most 100% off'),
});
export type UpgradeOffer = z.infer<typeof upgradeOfferSchema>;

export const MAX_UPGRADE_OFFERS = 10;
export const DUPLICATE_UPGRADE_OFFER = 'Each old product has one upgrade offer';

/** A product's upgrade offers: at most 10, one per old product (the repeat's `from` is refused). */
export const upgradeOfferListSchema = z
  .array(upgradeOfferSchema)
  .max(MAX_UPGRADE_OFFERS, `A product has at most ${MAX_UPGRADE_OFFERS} upgrade offers`)
  .superRefine((offers, ctx) => {
    const seen = new Set<string>();
    for (const [index, offer] of offers.entries()) {
      if (seen.has(offer.from)) ctx.addIssue({ code: 'custom', path: [index, 'from'], message: DUPLICATE_UPGRADE_OFFER });
      seen.add(offer.from);
    }
  });

/** `GET /api/products/{path}`: the list fields plus what a product page needs. */
export const productDetailSchema = productSchema.extend({
  longDescription: z.string(),
  /** The long description rendered to safe HTML by the server (headings from h2). */
  descriptionHtml: z.string(),
  media: z.array(mediaItemSchema),
  related: z.array(productPathSchema),
  latestVersion: productVersionSchema.nullable(),
  /** The Key facts panel's rows, in order (may be empty). */
  keyFacts: z.array(keyFactSchema),
  /** The live free trial of this product, offered on its page; null when there is none. */
  trial: z.object({ path: productPathSchema, display: z.string() }).nullable(),
  /** For a trial: the live paid product it belongs to, whose page the trial's address shows; otherwise null. */
  trialOf: productPathSchema.nullable(),
  /** Upgrade prices for owners of older products (empty for most products). */
  upgradeOffers: z.array(upgradeOfferSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productParamsSchema = z.object({ path: productPathSchema });

/** A category as `GET /api/categories` lists it: its list page is `/products/{slug}`. */
export const categorySchema = z.object({
  slug: productPathSchema,
  name: productCategorySchema,
  /** The one-line introduction under the list's heading, also its meta description. */
  intro: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.array(categorySchema);
