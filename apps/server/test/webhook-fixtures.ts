import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signWebhookBody } from '../src/modules/orders/webhook-signature';

export interface TestOrderInput {
  orderId?: string;
  reference?: string;
  email?: string;
  first?: string;
  items?: Array<{ product: string; quantity?: number; subtotal?: number; discount?: number }>;
  coupons?: string[];
  total?: number;
}

let sequence = 0;

/** The `data` of an `order.completed` event as FastSpring sends it (amounts in major units). */
export function testOrder(input: TestOrderInput = {}) {
  sequence += 1;
  const items = (input.items ?? [{ product: 'remidi-4', quantity: 1, subtotal: 79 }]).map((item) => ({
    product: item.product,
    quantity: item.quantity ?? 1,
    display: null,
    sku: null,
    subtotal: item.subtotal ?? 10,
    subtotalDisplay: `$${(item.subtotal ?? 10).toFixed(2)}`,
    discount: item.discount ?? 0,
    discountDisplay: `$${(item.discount ?? 0).toFixed(2)}`,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const discount = items.reduce((sum, item) => sum + item.discount, 0);
  return {
    id: input.orderId ?? `order-${randomUUID()}`,
    order: input.orderId ?? `order-${sequence}`,
    reference: input.reference ?? `TST261121-${String(1000 + (sequence % 9000))}-${randomUUID().slice(0, 5).replace(/[^0-9]/g, '7')}`,
    completed: true,
    live: false,
    currency: 'USD',
    changed: Date.UTC(2026, 10, 21, 12, 0, 0),
    total: input.total ?? subtotal - discount,
    totalDisplay: `$${(input.total ?? subtotal - discount).toFixed(2)}`,
    subtotal,
    discount,
    tax: 0,
    customer: { first: input.first ?? 'Ada', last: 'Lovelace', email: input.email ?? 'ada@example.com', company: null, phone: null },
    account: { id: 'acct-1', contact: { first: input.first ?? 'Ada', last: 'Lovelace', email: input.email ?? 'ada@example.com' } },
    address: { country: 'CA', region: 'QC', city: 'Montréal', postalCode: 'H2X 1Y4' },
    coupons: input.coupons ?? [],
    items,
  };
}

export function envelope(data: unknown, options: { eventId?: string; type?: string } = {}) {
  return JSON.stringify({
    events: [{ id: options.eventId ?? `evt-${randomUUID()}`, type: options.type ?? 'order.completed', created: Date.now(), live: false, data }],
  });
}

/** Posts a body to the webhook, signed like FastSpring does unless a signature is given. */
export function postWebhook(app: FastifyInstance, secret: string, body: string, signature = signWebhookBody(secret, body)) {
  return app.inject({
    method: 'POST',
    url: '/webhooks/fastspring',
    headers: { 'content-type': 'application/json', 'X-FS-Signature': signature },
    payload: body,
  });
}
