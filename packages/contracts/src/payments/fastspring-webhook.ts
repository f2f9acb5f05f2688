import { z } from 'zod';
import { productPathSchema } from '../catalog/product';
import { orderTagsSchema } from './tags';

/**
 * FastSpring's webhook envelope: `{"events":[{id, type, created, live, data}]}`, signed
 * with `X-FS-Signature` = base64(HMAC-SHA256(secret, raw body)). The sandbox sends the
 * same bytes. Unknown fields are kept out of our types but do not make a delivery fail.
 */
export const FASTSPRING_SIGNATURE_HEADER = 'x-fs-signature';
/** Where the store receives FastSpring's webhooks (and so the sandbox's): the URL operators give FastSpring. */
export const FASTSPRING_WEBHOOK_PATH = '/webhooks/fastspring';

export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created: z.number().optional(),
  live: z.boolean().optional(),
  data: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookEnvelopeSchema = z.object({
  events: z.array(webhookEventSchema).min(1).max(100),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

const contactSchema = z.object({
  first: z.string().max(200).nullish(),
  last: z.string().max(200).nullish(),
  email: z.email().max(320),
  company: z.string().max(200).nullish(),
  phone: z.string().max(100).nullish(),
});

/**
 * The largest amount, in major units, the store records: its minor units (up to three decimals)
 * stay exact JavaScript integers and fit the database's bigint columns.
 */
export const MAX_WEBHOOK_AMOUNT = 1e12;

/** Amounts are decimal numbers in the order currency's major unit, as FastSpring sends them. */
const amount = z.number().nonnegative().finite().max(MAX_WEBHOOK_AMOUNT, `must be at most ${MAX_WEBHOOK_AMOUNT}`);

export const fastspringOrderItemSchema = z.object({
  product: productPathSchema,
  quantity: z.number().int().positive().max(10_000),
  display: z.string().max(500).nullish(),
  sku: z.string().max(200).nullish(),
  subtotal: amount,
  discount: amount.default(0),
  coupon: z.string().max(200).nullish(),
});

/** The `data` of an `order.completed` event (the fields the store reads). */
export const fastspringOrderSchema = z.object({
  id: z.string().min(1).max(200),
  order: z.string().max(200).optional(),
  reference: z.string().min(1).max(100),
  completed: z.boolean().default(true),
  live: z.boolean().default(false),
  currency: z.string().regex(/^[A-Z]{3}$/),
  changed: z.number().optional(),
  total: amount,
  subtotal: amount,
  discount: amount.default(0),
  tax: amount.default(0),
  customer: contactSchema.optional(),
  account: z.union([z.string(), z.object({ id: z.string().optional(), contact: contactSchema.optional() })]).optional(),
  address: z
    .object({
      country: z.string().max(2).nullish(),
      region: z.string().max(100).nullish(),
      city: z.string().max(200).nullish(),
      postalCode: z.string().max(40).nullish(),
    })
    .optional(),
  coupons: z.array(z.string().max(200)).max(20).default([]),
  items: z.array(fastspringOrderItemSchema).min(1).max(500),
  /** The session's tags (the analytics checkout code among them); odd ones are dropped, never refused. */
  tags: orderTagsSchema.optional(),
});
export type FastspringOrder = z.infer<typeof fastspringOrderSchema>;

/**
 * The `data` of a `return.created` event (a refund), the fields the store reads. `original`
 * names the refunded order; `items` the returned products and quantities (all of the order's
 * lines when empty). Amounts are informative: what is refunded is decided by the items.
 */
export const fastspringReturnSchema = z.object({
  return: z.string().min(1).max(200),
  reference: z.string().max(100).nullish(),
  completed: z.boolean().default(true),
  live: z.boolean().default(false),
  type: z.string().max(50).nullish(),
  reason: z.string().max(500).nullish(),
  note: z.string().max(2000).nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  totalReturn: amount.nullish(),
  original: z
    .object({
      id: z.string().min(1).max(200).optional(),
      order: z.string().min(1).max(200).optional(),
      reference: z.string().min(1).max(100).optional(),
    })
    .refine((original) => Boolean(original.id || original.order || original.reference), 'names no order (id, order or reference)'),
  items: z
    .array(
      z.object({
        product: productPathSchema,
        quantity: z.number().int().positive().max(10_000),
        display: z.string().max(500).nullish(),
        subtotal: amount.nullish(),
      }),
    )
    .max(500)
    .default([]),
});
export type FastspringReturn = z.infer<typeof fastspringReturnSchema>;
