import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiPost } from '#web/lib/api-client.ts';

export interface OrderSummaryView {
  reference: string;
  total: string;
  items: Array<{ path: string; display: string; quantity: number }>;
}

/**
 * The payment provider announces the order to our server a moment after the shopper lands
 * here, so a 404 means "not recorded yet" and is asked again for a while.
 */
export const ORDER_SUMMARY_RETRIES = 10;
export const ORDER_SUMMARY_RETRY_DELAY_MS = 1500;

/** `POST /api/orders/` with the reference; the answer is read defensively. */
export async function getOrderSummary(reference: string, signal?: AbortSignal): Promise<OrderSummaryView> {
  const payload = await apiPost('/api/orders/', { reference }, { signal });
  if (typeof payload !== 'object' || payload === null) throw new Error('The order answer was not in the expected format');
  const record = payload as Record<string, unknown>;
  const items = Array.isArray(record.items) ? record.items : [];
  return {
    reference: typeof record.reference === 'string' ? record.reference : reference,
    total: typeof record.total === 'string' ? record.total : '',
    items: items.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { path, display, quantity } = item as Record<string, unknown>;
      if (typeof path !== 'string' || typeof display !== 'string') return [];
      return [{ path, display, quantity: typeof quantity === 'number' && quantity > 0 ? Math.floor(quantity) : 1 }];
    }),
  };
}

export const orderSummaryQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['orders', 'summary', reference] as const,
    queryFn: ({ signal }) => getOrderSummary(reference, signal),
    retry: (failures, error) => (error instanceof ApiError && error.status === 404 ? failures < ORDER_SUMMARY_RETRIES : failures < 2),
    retryDelay: ORDER_SUMMARY_RETRY_DELAY_MS,
    staleTime: Infinity,
  });

export function useOrderSummary(reference: string | null) {
  return useQuery({ ...orderSummaryQueryOptions(reference ?? ''), enabled: reference !== null });
}
