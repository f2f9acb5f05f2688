import { z } from 'zod';
import { productPathSchema } from '../catalog/product';
import { sessionTagsSchema } from './tags';

/**
 * The JSON API of the embedded sandbox payment provider, under `/sandbox/fastspring/api`.
 * Only the sandbox's own browser script (`/sandbox/fastspring/builder.js`) and its checkout
 * page call it; the storefront talks to `window.fastspring.builder` and never to this API.
 */
export const SANDBOX_API_PREFIX = '/sandbox/fastspring/api';
export const SANDBOX_CHECKOUT_PREFIX = '/sandbox/fastspring/checkout';

/** A cart session id: 24 random bytes in base64url (192 bits). */
export const sandboxSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'A session id is 32 characters of A-Z, a-z, 0-9, - and _');

export const sandboxSessionParamsSchema = z.object({ session: sandboxSessionIdSchema });
export const sandboxItemParamsSchema = z.object({ session: sandboxSessionIdSchema, path: productPathSchema });

export const SANDBOX_MAX_QUANTITY = 999;
export const sandboxQuantitySchema = z
  .number({ error: 'A quantity is a whole number' })
  .int('A quantity is a whole number')
  .min(0, 'A quantity cannot be negative')
  .max(SANDBOX_MAX_QUANTITY, `A quantity is at most ${SANDBOX_MAX_QUANTITY}`);

export const COUPON_CODE_MAX_LENGTH = 64;
/** What a shopper types; an empty code removes the coupon. Matching is case-insensitive. */
export const couponCodeInputSchema = z
  .string({ error: 'A promo code is text' })
  .trim()
  .max(COUPON_CODE_MAX_LENGTH, `A promo code has at most ${COUPON_CODE_MAX_LENGTH} characters`);

export const sandboxAddItemRequestSchema = z.object({ path: productPathSchema });
export const sandboxSetQuantityRequestSchema = z.object({ quantity: sandboxQuantitySchema });
export const sandboxPromoRequestSchema = z.object({ code: couponCodeInputSchema });

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const sandboxPaymentContactSchema = z.object({
  email: z.union([z.literal(''), z.email('Enter a valid email address').max(254)]).optional(),
  firstName: optionalText(100),
  lastName: optionalText(100),
  company: optionalText(200),
  phone: optionalText(50),
});

export const sandboxBillingAddressSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'A country is a two-letter ISO 3166 code')
    .optional(),
  region: optionalText(100),
  city: optionalText(100),
  postalCode: optionalText(20),
  addressLine1: optionalText(200),
});

/** `recognize()` and `secure()`: who is paying, to pre-fill the checkout. */
export const sandboxContactRequestSchema = z.object({
  paymentContact: sandboxPaymentContactSchema.optional(),
  billingAddress: sandboxBillingAddressSchema.optional(),
});

/** `push()` / `secure()`: a batch applied at once, validated as a whole before anything is written. */
export const sandboxPushRequestSchema = sandboxContactRequestSchema.extend({
  reset: z.boolean().optional(),
  products: z
    .array(z.object({ path: productPathSchema, quantity: sandboxQuantitySchema }))
    .max(100, 'At most 100 products at once')
    .optional(),
  coupon: couponCodeInputSchema.optional(),
  /** Put on the order the session completes, as the provider does. */
  tags: sessionTagsSchema.optional(),
});

/** What the checkout page sends to pay. Card fields are only required when there is something to pay. */
export const sandboxPayRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(254, 'Enter a valid email address'),
  firstName: z.string().trim().min(1, 'Enter your first name').max(100, 'Use at most 100 characters'),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100, 'Use at most 100 characters'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose your country'),
  region: z.string().trim().max(100, 'Use at most 100 characters').default(''),
  city: z.string().trim().max(100, 'Use at most 100 characters').default(''),
  postalCode: z.string().trim().min(1, 'Enter your postal code').max(20, 'Use at most 20 characters'),
  cardNumber: z.string().max(40, 'Enter a card number of 12 to 19 digits').optional(),
  expiry: z.string().max(10, 'Enter the expiry date as MM/YY').optional(),
  cvc: z.string().max(10, 'Enter the 3 or 4 digits on the back of the card').optional(),
  /** The total the page showed, in minor units: a different total now refuses the payment ('price_changed'). */
  expectedTotal: z.number().int().nonnegative().optional(),
});
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;
export type SandboxPayField = keyof SandboxPayRequest;

// ---------------------------------------------------------------------------
// Answers

const money = { text: z.string(), value: z.number() };

export const sblItemSchema = z.object({
  path: productPathSchema,
  display: z.string(),
  image: z.string().nullish(),
  description: z.object({ summary: z.string().optional(), full: z.string().optional() }).optional(),
  selected: z.boolean(),
  quantity: z.number().int().nonnegative(),
  price: money.text,
  priceValue: money.value,
  unitPrice: money.text,
  unitPriceValue: money.value,
  priceTotal: money.text,
  priceTotalValue: money.value,
  total: money.text,
  totalValue: money.value,
  discountPercent: z.number().optional(),
  discountTotal: money.text,
  discountTotalValue: money.value,
  discountReason: z.string().nullish(),
  sku: z.string().optional(),
  coupon: z.string().nullish(),
});

/** The SBL's cart data (`SblCartData`), as the sandbox sends it. */
export const sblCartDataSchema = z.looseObject({
  currency: z.string().length(3),
  total: money.text,
  totalValue: money.value,
  subtotal: money.text,
  subtotalValue: money.value,
  discountTotal: money.text,
  discountTotalValue: money.value,
  tax: money.text,
  taxValue: money.value,
  coupons: z.array(z.string()),
  selections: z.number().int().nonnegative(),
  groups: z.array(z.object({ display: z.string().optional(), items: z.array(sblItemSchema) })),
});

export const sandboxCouponErrorSchema = z.object({ code: z.string(), message: z.string() });
export type SandboxCouponError = z.infer<typeof sandboxCouponErrorSchema>;

export const sandboxSessionResponseSchema = z.object({
  session: sandboxSessionIdSchema,
  cart: sblCartDataSchema,
  /** Present when a promo code was refused: the cart is unchanged and the script calls the error callback. */
  couponError: sandboxCouponErrorSchema.optional(),
});
export type SandboxSessionResponse = z.infer<typeof sandboxSessionResponseSchema>;

/** The order the checkout frame hands to the SBL's `popup-webhook-received` callback. */
export const sandboxOrderReceivedSchema = z.object({
  id: z.string(),
  reference: z.string(),
  live: z.literal(false),
  currency: z.string().length(3),
  total: z.number(),
  totalDisplay: z.string(),
  items: z.array(z.object({ product: z.string(), quantity: z.number().int(), display: z.string() })),
});
export type SandboxOrderReceived = z.infer<typeof sandboxOrderReceivedSchema>;

export const sandboxPayResponseSchema = z.object({ order: sandboxOrderReceivedSchema });

/** The sandbox's own order page, where a paid order can be refunded. */
export const SANDBOX_ORDER_PAGE_PREFIX = '/sandbox/fastspring/orders';

/** A sandbox order id (16 random bytes in base64url). */
export const sandboxOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'An order id is 22 characters of A-Z, a-z, 0-9, - and _');

/**
 * `POST /sandbox/fastspring/api/orders/{id}/refund`: refunds the listed products and
 * quantities, or everything not refunded yet when `items` is absent; the store then receives
 * a `return.created` webhook like FastSpring's.
 */
export const sandboxRefundRequestSchema = z.object({
  items: z
    .array(z.object({ product: productPathSchema, quantity: z.number().int().positive().max(10_000).default(1) }))
    .min(1)
    .max(100)
    .optional(),
  reason: z.string().trim().max(200).optional(),
});
export type SandboxRefundRequest = z.infer<typeof sandboxRefundRequestSchema>;

export const sandboxRefundResponseSchema = z.object({
  return: z.object({
    id: z.string(),
    order: z.string(),
    items: z.array(z.object({ product: z.string(), quantity: z.number().int() })),
  }),
});
export type SandboxRefundResponse = z.infer<typeof sandboxRefundResponseSchema>;

/**
 * Every error of the sandbox API: the store's `{error, message}` plus a machine-readable
 * `code`, and for the pay form the message of each bad field.
 */
export const sandboxErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.enum([
    'invalid_request',
    'unknown_session',
    'unknown_product',
    'empty_cart',
    'coupon_refused',
    'price_changed',
    'card_declined',
    'insufficient_funds',
    'unknown_order',
    'nothing_to_refund',
    'too_large',
    'rate_limited',
    'server_error',
  ]),
  fields: z.record(z.string(), z.string()).optional(),
});
export type SandboxError = z.infer<typeof sandboxErrorSchema>;
export type SandboxErrorCode = SandboxError['code'];
