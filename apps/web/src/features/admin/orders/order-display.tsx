import type { ReactNode } from 'react';
import type { AdminLicence, AdminOrderLine, OrderDetail, OrderStatus } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  completed: 'Completed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** Text and background pairs that keep their contrast in both themes. */
const TONES = {
  good: 'bg-success/15 text-primary ring-success/50',
  warn: 'bg-warning/15 text-primary ring-warning/50',
  bad: 'bg-danger/10 text-primary ring-danger/60',
  neutral: 'bg-tertiary text-secondary ring-border',
  accent: 'bg-accent/15 text-primary ring-accent/50',
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<OrderStatus, BadgeTone> = { completed: 'good', partially_refunded: 'warn', refunded: 'neutral' };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export const ComplimentaryBadge = () => <Badge tone="accent">Complimentary</Badge>;

/** Who confirms a refund: the payment provider's name as the maker knows it. */
export const PROVIDER_LABELS: Record<OrderDetail['order']['provider'], string> = { sandbox: 'Sandbox', fastspring: 'FastSpring', store: 'the store' };

export const PLATFORM_LABELS: Record<string, string> = { macos: 'macOS', windows: 'Windows', linux: 'Linux' };

/** A line's revenue: its subtotal less its discount (tax excluded). */
export const lineRevenue = (line: Pick<AdminOrderLine, 'subtotalMinor' | 'discountMinor'>) => line.subtotalMinor - line.discountMinor;

/** What refunding `quantity` units of a line gives back: its revenue's share, rounded. */
export const lineRefundAmount = (line: AdminOrderLine, quantity: number) => Math.round((lineRevenue(line) * quantity) / line.quantity);

export const unitsLeft = (line: AdminOrderLine) => line.quantity - line.refundedQuantity;

/** What a refund of some units of some lines will do, for the confirmation step. */
export interface RefundPlan {
  amountMinor: number;
  /** The keys the refund revokes: the line's newest active keys, as many as units refunded. */
  revokedKeys: string[];
  /** Products whose downloads stop: lines refunded to their last unit. */
  downloadsStop: string[];
}

export function refundPlan(detail: Pick<OrderDetail, 'lines' | 'licences'>, chosen: ReadonlyMap<number, number>): RefundPlan {
  let amountMinor = 0;
  const revokedKeys: string[] = [];
  const downloadsStop: string[] = [];
  for (const line of detail.lines) {
    const quantity = chosen.get(line.id) ?? 0;
    if (quantity <= 0) continue;
    amountMinor += lineRefundAmount(line, quantity);
    const active = detail.licences.filter((licence) => licence.orderItemId === line.id && licence.status === 'active').sort(newestFirst);
    revokedKeys.push(...active.slice(0, quantity).map((licence) => licence.key));
    if (line.refundedQuantity + quantity >= line.quantity) downloadsStop.push(line.display);
  }
  return { amountMinor, revokedKeys, downloadsStop };
}

const newestFirst = (a: AdminLicence, b: AdminLicence) => b.id - a.id;

export const money = (minor: number, currency: string) => formatMoney(minor, currency);

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
