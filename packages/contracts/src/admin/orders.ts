import { z } from 'zod';

/** An order's state: refunds move it from completed to partially refunded to refunded. */
export const ORDER_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** 'complimentary': a $0 order the store made to give a licence (press, bundle partner, not-for-resale). */
export const ORDER_KINDS = ['sale', 'complimentary'] as const;
export const orderKindSchema = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const ORDER_PAGE_SIZE = 50;
/** The longest search the back office takes: longer than any reference, email or key. */
export const ADMIN_SEARCH_MAX = 200;

/** A search box's text: any alphabet, trimmed; empty means no search. */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search for at most ${ADMIN_SEARCH_MAX} characters: an order reference, an email, a licence key or a provider order id.`)
  .optional()
  .transform((value) => value || undefined);

/** A calendar day in the store's time zone (STORE_TIMEZONE), `YYYY-MM-DD`. */
export const storeDaySchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' });

/** `from`/`to` as inclusive store days; a range that ends before it starts is refused. */
export const dayRangeFields = {
  from: storeDaySchema.optional(),
  to: storeDaySchema.optional(),
};
export const isOrderedRange = (range: { from?: string; to?: string }) => !range.from || !range.to || range.from <= range.to;
export const DAY_RANGE_ORDER_MESSAGE = 'The end date is before the start date: swap them, or pick a later end.';

/** The order list's filters, shared by the list, its totals and the orders CSV. */
const orderFilterFields = {
  /** An order reference, an email (or its start), a licence key or the provider's order id. */
  q: adminSearchSchema,
  ...dayRangeFields,
  productId: z.coerce.number().int().positive().optional(),
  status: orderStatusSchema.optional(),
  coupon: z.string().trim().max(64).optional(),
  kind: orderKindSchema.optional(),
};

export const orderFiltersSchema = z.object(orderFilterFields).refine(isOrderedRange, { message: DAY_RANGE_ORDER_MESSAGE, path: ['to'] });
export type OrderFilters = z.input<typeof orderFiltersSchema>;

/** `GET /api/admin/orders`: newest first; `after` is the `next` of the previous page (keyset paging). */
export const orderListQuerySchema = z
  .object({
    ...orderFilterFields,
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(ORDER_PAGE_SIZE),
  })
  .refine(isOrderedRange, { message: DAY_RANGE_ORDER_MESSAGE, path: ['to'] });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int().positive(),
  reference: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  email: z.string(),
  customerId: z.number().int().positive(),
  customerName: z.string().nullable(),
  /** The products' names as sold. */
  products: z.array(z.string()),
  couponCodes: z.array(z.string()),
  currency: z.string().length(3),
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  live: z.boolean(),
  completedAt: z.iso.datetime({ offset: true }),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** The filtered set's sums, one per currency (orders are paid in the shopper's currency). */
export const orderTotalsSchema = z.array(
  z.object({
    currency: z.string().length(3),
    orders: z.number().int().nonnegative(),
    totalMinor: z.number().int(),
    refundedMinor: z.number().int(),
    netMinor: z.number().int(),
  }),
);
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const orderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  /** Pass as `after` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
  totals: orderTotalsSchema,
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({ orderId: z.coerce.number().int().positive() });

export const adminOrderLineSchema = z.object({
  /** The order line's id (`order_items.id`): what a refund names. */
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  productPath: z.string(),
  display: z.string(),
  quantity: z.number().int().positive(),
  refundedQuantity: z.number().int().nonnegative(),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminMachineSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  platform: z.enum(['macos', 'windows', 'linux']).nullable(),
  appVersion: z.string().nullable(),
  activatedAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  releasedAt: z.iso.datetime({ offset: true }).nullable(),
  releasedReason: z.enum(['deactivated', 'stale', 'revoked', 'freed']).nullable(),
});
export type AdminMachine = z.infer<typeof adminMachineSchema>;

export const adminLicenceSchema = z.object({
  id: z.number().int().positive(),
  key: z.string(),
  orderItemId: z.number().int().positive(),
  productId: z.number().int().positive(),
  productName: z.string(),
  type: z.enum(['perpetual', 'trial', 'nfr']),
  status: z.enum(['active', 'revoked']),
  seats: z.number().int().positive(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  machines: z.array(adminMachineSchema),
});
export type AdminLicence = z.infer<typeof adminLicenceSchema>;

export const adminDownloadSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  productName: z.string(),
  version: z.string(),
  filename: z.string().nullable(),
  os: z.string().nullable(),
});

export const adminEmailSchema = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  subject: z.string(),
  toAddress: z.string(),
  status: z.enum(['pending', 'sent', 'held', 'failed']),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** Where the message can be read (the sandbox mailbox); null when it went out by SMTP. */
  href: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

export const adminWebhookEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  outcome: z.string(),
  message: z.string().nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
});
export type AdminWebhookEvent = z.infer<typeof adminWebhookEventSchema>;

export const refundRequestStatusSchema = z.enum(['pending', 'completed', 'failed']);

export const adminRefundSchema = z.object({
  id: z.number().int().positive(),
  providerReturnId: z.string(),
  reason: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const adminRefundRequestSchema = z.object({
  id: z.number().int().positive(),
  status: refundRequestStatusSchema,
  reason: z.string(),
  requestedBy: z.string(),
  lines: z.array(z.object({ orderItemId: z.number().int().positive(), quantity: z.number().int().positive() })),
  failure: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** `GET /api/admin/orders/:orderId`: everything the store knows about one order. */
export const orderDetailSchema = z.object({
  order: z.object({
    id: z.number().int().positive(),
    reference: z.string(),
    provider: z.enum(['sandbox', 'fastspring', 'store']),
    providerOrderId: z.string(),
    kind: orderKindSchema,
    status: orderStatusSchema,
    live: z.boolean(),
    currency: z.string().length(3),
    subtotalMinor: z.number().int(),
    discountMinor: z.number().int(),
    taxMinor: z.number().int(),
    totalMinor: z.number().int(),
    refundedMinor: z.number().int(),
    couponCodes: z.array(z.string()),
    completedAt: z.iso.datetime({ offset: true }),
  }),
  customer: z.object({
    id: z.number().int().positive(),
    email: z.string(),
    name: z.string().nullable(),
    country: z.string().nullable(),
    erased: z.boolean(),
  }),
  lines: z.array(adminOrderLineSchema),
  licences: z.array(adminLicenceSchema),
  downloads: z.array(adminDownloadSchema),
  emails: z.array(adminEmailSchema),
  webhookEvents: z.array(adminWebhookEventSchema),
  refunds: z.array(adminRefundSchema),
  refundRequests: z.array(adminRefundRequestSchema),
  /** Whether a refund can be asked for now, and if not, why (shown instead of the button). */
  refund: z.object({
    available: z.boolean(),
    reason: z.string().nullable(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const REFUND_REASON_MAX = 500;

/** `POST /api/admin/orders/:orderId/refunds`: the lines and units to return, and why. */
export const refundCreateSchema = z.object({
  lines: z
    .array(z.object({ orderItemId: z.number().int().positive(), quantity: z.number().int().positive() }))
    .min(1, 'Choose at least one line to refund.')
    .max(100),
  reason: z.string().trim().min(1, 'Say why the order is refunded: the customer sees the reason.').max(REFUND_REASON_MAX),
});
export type RefundCreate = z.infer<typeof refundCreateSchema>;

/** The refund request as made: 'pending' until the provider's return event arrives. */
export const refundCreatedSchema = z.object({ request: adminRefundRequestSchema, message: z.string() });
export type RefundCreated = z.infer<typeof refundCreatedSchema>;

/** `POST /api/admin/orders/:orderId/confirmation-email`: the confirmation queued again. */
export const confirmationResentSchema = z.object({ email: adminEmailSchema, message: z.string() });
export type ConfirmationResent = z.infer<typeof confirmationResentSchema>;
