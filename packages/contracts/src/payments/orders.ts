import { z } from 'zod';

/** `POST /api/orders/`: the thank-you page asks for the public summary of an order. */
export const orderSummaryRequestSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, 'An order reference is required')
    .max(100, 'An order reference has at most 100 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'An order reference is letters, digits and hyphens'),
});

/** What anyone holding the reference may see: no email, no address, no licence keys. */
export const orderSummarySchema = z.object({
  reference: z.string(),
  completedAt: z.string(),
  currency: z.string(),
  total: z.string(),
  totalValue: z.number(),
  items: z.array(z.object({ path: z.string(), display: z.string(), quantity: z.number().int() })),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
