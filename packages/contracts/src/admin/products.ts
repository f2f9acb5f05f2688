import { z } from 'zod';
import { keyFactSchema, mediaItemSchema, productCategorySchema, productPathSchema, upgradeOfferListSchema } from '../catalog/product';

/** Paths the storefront's own pages use below /products: no product (nor category) may take one. */
export const RESERVED_PRODUCT_PATHS: readonly string[] = ['deals', 'free-downloads', 'purchase-success'];
export const MAX_PRICE_MINOR = 1_000_000_000;
export const MAX_KEY_FACTS = 12;
export const MAX_RELATED_PRODUCTS = 8;
export const MAX_MEDIA_ITEMS = 30;

const RESERVED_PATH_MESSAGE = 'This path is one of the store’s own pages; choose another';
export const UPGRADE_OF_ITSELF = 'A product is no upgrade of itself: name an older product';

/** A path for a product or a category: the pattern, and none of the store's own pages. */
export const unreservedPathSchema = z
  .string()
  .min(1, 'Enter a path, such as loop-kit')
  .pipe(productPathSchema)
  .refine((path) => !RESERVED_PRODUCT_PATHS.includes(path), RESERVED_PATH_MESSAGE);

/** A deal: a percentage or a fixed amount off the price (in the store currency's minor units), or none. */
export const productDealSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: 'Enter a whole percentage' })
        .int('Enter a whole percentage')
        .min(1, 'A deal takes at least 1% off')
        .max(100, 'A deal takes at most 100% off'),
    }),
    z.object({
      kind: z.literal('amount'),
      amountMinor: z.number({ error: 'Enter an amount such as 10.00' }).int('Enter an amount such as 10.00').positive('A deal takes more than nothing off'),
    }),
  ])
  .nullable();
export type ProductDeal = z.infer<typeof productDealSchema>;

/** Our own media files only: the storefront's content security policy refuses any other host. */
const ownMediaItemSchema = mediaItemSchema.refine((item) => item.src.startsWith('/media/'), {
  message: 'Media must be a file uploaded to this store (/media/…)',
  path: ['src'],
});

const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time' });

/** The fields the product form edits, without the cross-field rules (so responses can extend it). */
export const productFieldsSchema = z.object({
  path: unreservedPathSchema,
  displayName: z.string().trim().min(1, 'A product needs a name').max(100, 'A name has at most 100 characters'),
  category: productCategorySchema,
  priceMinor: z
    .number({ error: 'Enter a price such as 79.00' })
    .int('Enter a price such as 79.00')
    .min(0, 'A price cannot be negative')
    .max(MAX_PRICE_MINOR, 'This price is too high'),
  deal: productDealSchema,
  dealReason: z.string().trim().max(200, 'A reason has at most 200 characters'),
  dealStartsAt: isoDateTime.nullable(),
  dealEndsAt: isoDateTime.nullable(),
  summaryMarkdown: z.string().max(1000, 'A summary has at most 1,000 characters'),
  descriptionMarkdown: z.string().max(50_000, 'A description has at most 50,000 characters'),
  keyFacts: z.array(keyFactSchema).max(MAX_KEY_FACTS, `A product has at most ${MAX_KEY_FACTS} key facts`),
  relatedPaths: z.array(productPathSchema).max(MAX_RELATED_PRODUCTS, `A product lists at most ${MAX_RELATED_PRODUCTS} related products`),
  trialOfPath: productPathSchema.nullable(),
  licenceSeats: z
    .number({ error: 'Enter a number of computers' })
    .int('Enter a whole number')
    .min(1, 'At least 1 computer')
    .max(100, 'At most 100 computers')
    .nullable(),
  downloadable: z.boolean(),
  live: z.boolean(),
  sortOrder: z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(-1_000_000).max(1_000_000),
  media: z.array(ownMediaItemSchema).max(MAX_MEDIA_ITEMS, `A product has at most ${MAX_MEDIA_ITEMS} media items`),
  /**
   * What owners of older products' licence keys pay for this one. Optional so a client that
   * does not know the field cannot wipe the offers: absent on a save keeps them, on a create is none.
   */
  upgradeOffers: upgradeOfferListSchema.optional(),
  /** The version the form was loaded at; a save naming an older one is refused (ignored when creating). */
  version: z.number().int().nonnegative(),
});

type FieldName = keyof typeof productFieldsSchema.shape;

/**
 * A rule between fields, checked even while other fields are wrong (so the form shows every
 * message at once), as soon as the fields it reads are valid; the message goes on `path`.
 */
const rule = (fields: FieldName[], path: PropertyKey[], message: string) => {
  const reads = productFieldsSchema.pick(Object.fromEntries(fields.map((field) => [field, true])) as Partial<Record<FieldName, true>>);
  return { path, message, when: (payload: { value: unknown }) => reads.safeParse(payload.value).success };
};

const ownPathCheckable = z.object({ path: unreservedPathSchema, upgradeOffers: z.array(z.object({ from: z.string() })).optional() });

/** What the product form edits and `POST/PUT /api/admin/products` take; the form and the server share its messages. */
export const adminProductSchema = productFieldsSchema
  .refine(
    (product) => product.deal?.kind !== 'amount' || product.deal.amountMinor < product.priceMinor,
    rule(['deal', 'priceMinor'], ['deal', 'amountMinor'], 'A deal’s amount must be less than the price'),
  )
  .refine(
    (product) => !product.dealStartsAt || !product.dealEndsAt || Date.parse(product.dealEndsAt) > Date.parse(product.dealStartsAt),
    rule(['dealStartsAt', 'dealEndsAt'], ['dealEndsAt'], 'The deal must end after it starts'),
  )
  .refine((product) => !product.relatedPaths.includes(product.path), rule(['path', 'relatedPaths'], ['relatedPaths'], 'A product cannot be related to itself'))
  .refine(
    (product) => new Set(product.relatedPaths).size === product.relatedPaths.length,
    rule(['relatedPaths'], ['relatedPaths'], 'Each related product is listed once'),
  )
  .refine((product) => product.trialOfPath !== product.path, rule(['path', 'trialOfPath'], ['trialOfPath'], 'A product cannot be a trial of itself'))
  .superRefine(
    (product, ctx) => {
      for (const [index, offer] of (product.upgradeOffers ?? []).entries()) {
        if (offer.from === product.path) ctx.addIssue({ code: 'custom', path: ['upgradeOffers', index, 'from'], message: UPGRADE_OF_ITSELF });
      }
    },
    // Checked beside a repeated old product too, so the form shows both at once.
    { when: (payload) => ownPathCheckable.safeParse(payload.value).success },
  );
export type AdminProductInput = z.input<typeof adminProductSchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** `GET /api/admin/products/{productId}`: the form's fields with what the store knows about the product. */
export const adminProductDetailSchema = productFieldsSchema.extend({
  upgradeOffers: upgradeOfferListSchema,
  id: z.number().int().positive(),
  currency: z.string().length(3),
  /** The cover: the first image of `media` (kept from before when there is none). */
  imagePath: z.string(),
  summaryHtml: z.string(),
  /** Units sold in every order; a sold product's path cannot change. */
  soldCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

export const adminProductParamsSchema = z.object({ productId: z.coerce.number().int().positive() });

export const PRODUCT_STATUSES = ['live', 'draft'] as const;

/** `GET /api/admin/products?search=&category=&status=&deal=`. */
export const adminProductQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  /** 'true': only products with a deal running now; 'false': only those without. */
  deal: z.enum(['true', 'false']).optional(),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

export const adminProductListItemSchema = z.object({
  id: z.number().int().positive(),
  path: z.string(),
  displayName: z.string(),
  category: z.string(),
  imagePath: z.string(),
  priceMinor: z.number().int(),
  deal: productDealSchema,
  /** Whether the deal runs now (it has one and today is within its dates). */
  dealActive: z.boolean(),
  live: z.boolean(),
  soldCount: z.number().int().nonnegative(),
  /** Whether this product is a free trial of another. */
  isTrial: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
  version: z.number().int(),
});
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductListItemSchema),
  currency: z.string().length(3),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** `POST /api/admin/products/{productId}/live`: take a product offline or put it on sale. */
export const productLiveRequestSchema = z.object({ live: z.boolean(), version: z.number().int().nonnegative() });
export type ProductLiveRequest = z.infer<typeof productLiveRequestSchema>;

/** A suggested path for a product's name: 'Loop Kit 2' → 'loop-kit-2'. */
export function suggestProductPath(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
