import type { AccountOrder, AccountProduct } from '@store/contracts/account';
import { parsePriceText } from '@store/contracts/money';
import { MESSAGES } from '../constants';

/**
 * A number, or a currency string read by dropping what is not part of a number (0 when nothing is
 * left); a total of 0 shows 'Free' (docs/behaviour/account.md#order-totals).
 */
export function formatOrderTotal(total: number | string, currency: string | null | undefined): string {
  const amount = parsePriceText(total) ?? 0;
  if (amount === 0) return 'Free';
  const code = currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

/** The order reference, or 'ORDER-{id}' (docs/behaviour/account.md#orders). */
export function orderReference(order: Pick<AccountOrder, 'order_id' | 'order_reference'>): string {
  return order.order_reference?.trim() ? order.order_reference : `ORDER-${order.order_id}`;
}

export type Tone = 'green' | 'yellow' | 'red' | 'grey';

/** Successful or completed green, pending yellow, failed red, anything else grey (docs/behaviour/account.md#status-colours). */
export function orderStatusTone(status: string | null | undefined): Tone {
  switch ((status ?? 'completed').toLowerCase()) {
    case 'successful':
    case 'completed':
      return 'green';
    case 'pending':
    case 'partially_refunded':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return 'grey';
  }
}

/** The order status as a shopper reads it: 'partially_refunded' → 'Partly refunded'. */
export function orderStatusLabel(status: string | null | undefined): string {
  const value = status || 'completed';
  if (value === 'partially_refunded') return 'Partly refunded';
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a line's refunds mean for it: nothing, some units, or the whole line. */
export function lineRefund(product: Pick<AccountProduct, 'quantity' | 'refunded_quantity'>): 'none' | 'partial' | 'full' {
  const refunded = product.refunded_quantity ?? 0;
  if (refunded <= 0) return 'none';
  return refunded >= product.quantity ? 'full' : 'partial';
}

/** Licence status Active is green, anything else grey (docs/behaviour/account.md#licences). */
export function licenceStatusTone(status: string): Tone {
  return status.toLowerCase() === 'active' ? 'green' : 'grey';
}

export type VersionState =
  | { kind: 'first-download'; current: string | null }
  | { kind: 'major-update'; user: string; current: string }
  | { kind: 'update'; user: string; current: string }
  | { kind: 'up-to-date'; user: string }
  | { kind: 'none' };

/** How an order's product shows its version (docs/behaviour/downloads.md#version-state). */
export function versionState(
  product: Pick<AccountProduct, 'first_download' | 'has_update' | 'is_major_update' | 'user_version' | 'current_version'>,
): VersionState {
  if (product.first_download) return { kind: 'first-download', current: product.current_version };
  const user = product.user_version ?? '';
  const current = product.current_version ?? '';
  if (product.has_update && product.is_major_update) return { kind: 'major-update', user, current };
  if (product.has_update) return { kind: 'update', user, current };
  if (user && user !== '0.0.0') return { kind: 'up-to-date', user };
  return { kind: 'none' };
}

/** 'Download' or 'Download Update' (docs/behaviour/downloads.md#download-buttons). */
export function downloadLabel(product: Pick<AccountProduct, 'has_update' | 'first_download'>): string {
  return product.has_update && !product.first_download ? 'Download Update' : 'Download';
}

/** A download is tracked when current_version is set and it is a first download (docs/behaviour/downloads.md#download-tracking). */
export function shouldTrackDownload(product: Pick<AccountProduct, 'first_download' | 'current_version'>): boolean {
  return product.first_download && Boolean(product.current_version);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The error kept for a failed load: its message, else 'Unknown error' (docs/behaviour/account.md#loading-the-account). */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : MESSAGES.unknownError;
}

/** Errors that mean the session is over (docs/behaviour/account.md#session-problems): missing refresh token, login_required, consent_required, invalid state, 401 or Unauthorized. */
export function isSessionExpiredError(error: unknown): boolean {
  if (!error) return false;
  const { code, error: oauth, status, message } = error as { code?: unknown; error?: unknown; status?: unknown; message?: unknown };
  if (status === 401) return true;
  const text = [code, oauth, message].filter((part) => typeof part === 'string').join(' ');
  return /missing.?refresh.?token|login_required|consent_required|invalid state|unauthorized/i.test(text);
}
