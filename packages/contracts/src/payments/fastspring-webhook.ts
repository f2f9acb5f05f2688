import { z } from 'zod';
import { productPathSchema } from '../catalog/product';

/**
 * FastSpring's webhook envelope: `{"events":[{id, type, created, live, data}]}`, signed
 * with `X-FS-Signature` = base64(HMAC-SHA256(secret, raw body)). The sandbox sends the
 * same bytes. Unknown fields are kept out of our types but do not make a delivery fail.
 */
export const FASTSPRING_SIGNATURE_HEADER = 'x-fs-signature';

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

/** Amounts are decimal numbers in the order currency's major unit, as FastSpring sends them. */
const amount = z.number().nonnegative().finite();

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
});
export type FastspringOrder = z.infer<typeof fastspringOrderSchema>;
