import type { SandboxRefundRequest, SandboxRefundResponse } from '@store/contracts';
import type { Database } from '#server/db/client.ts';
import { buildReturnData, randomId, webhookBody } from './order-data';
import type { SandboxOrderRow, SandboxRepository } from './sandbox.repository';
import { SandboxError } from './sandbox.service';

export interface SandboxRefundsOptions {
  db: Database;
  /** The sandbox's own tables, on the database or the refund's transaction. */
  repository: (db: Database) => SandboxRepository;
  now?: () => Date;
  /** Called after a refund is committed (the webhook deliverer is kicked). */
  onRefunded?: () => void;
}

/** A line of a sandbox order as its order page shows it. */
export interface SandboxOrderLine {
  product: string;
  display: string;
  quantity: number;
  returned: number;
}

export interface SandboxOrderView {
  id: string;
  reference: string;
  totalDisplay: string;
  lines: SandboxOrderLine[];
}

function orderLines(order: SandboxOrderRow): SandboxOrderLine[] {
  const items = (order.eventData as { items: Array<{ product: string; quantity: number; display?: string }> }).items;
  return items.map((item) => ({
    product: item.product,
    display: item.display ?? item.product,
    quantity: item.quantity,
    returned: order.returned[item.product] ?? 0,
  }));
}

/** The sandbox's refunds: its order page and the refund that sends `return.created` like FastSpring. */
export function createSandboxRefunds(options: SandboxRefundsOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  return {
    /** Like the seller's search in FastSpring's app: the order with this reference. */
    async findOrderId(reference: string): Promise<string | null> {
      return (await options.repository(db).findOrderIdByReference(reference)) ?? null;
    },

    async getOrder(orderId: string): Promise<SandboxOrderView | null> {
      const order = await options.repository(db).findOrder(orderId);
      if (!order) return null;
      const { totalDisplay } = order.eventData as { totalDisplay: string };
      return { id: order.id, reference: order.reference, totalDisplay, lines: orderLines(order) };
    },

    /**
     * Refunds the requested items (everything not refunded yet by default) under the order's
     * row lock, and queues the `return.created` webhook in the same transaction.
     */
    async refund(orderId: string, input: SandboxRefundRequest): Promise<SandboxRefundResponse> {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const repo = options.repository(tx);
        const order = await repo.lockOrder(orderId);
        if (!order) throw new SandboxError('unknown_order', 'No sandbox order has this id.');
        const lines = orderLines(order);
        const requested = input.items ?? lines.map((line) => ({ product: line.product, quantity: line.quantity - line.returned }));
        const items: Array<{ product: string; quantity: number }> = [];
        for (const line of lines) {
          const asked = requested.filter((item) => item.product === line.product).reduce((sum, item) => sum + item.quantity, 0);
          const quantity = Math.min(asked, line.quantity - line.returned);
          if (quantity > 0) items.push({ product: line.product, quantity });
        }
        const unknown = requested.filter((item) => !lines.some((line) => line.product === item.product)).map((item) => item.product);
        if (unknown.length > 0) throw new SandboxError('invalid_request', `Order ${order.reference} does not contain ${unknown.join(', ')}.`);
        if (items.length === 0) throw new SandboxError('nothing_to_refund', `Everything you asked to refund in order ${order.reference} is refunded already.`);

        const returned = { ...order.returned };
        for (const item of items) returned[item.product] = (returned[item.product] ?? 0) + item.quantity;
        await repo.setReturned(order.id, returned);
        const returnId = randomId();
        const data = buildReturnData({ id: returnId, order, items, reason: input.reason || 'Refunded in the sandbox', now: at });
        const eventId = randomId();
        await repo.insertDelivery(eventId, webhookBody(eventId, at, data, 'return.created'), at);
        return { return: { id: returnId, order: order.id, items } };
      });
      options.onRefunded?.();
      return result;
    },
  };
}

export type SandboxRefunds = ReturnType<typeof createSandboxRefunds>;
