import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmationResentSchema,
  isOrderedRange,
  ORDER_KINDS,
  ORDER_STATUSES,
  orderDetailSchema,
  orderListSchema,
  refundCreatedSchema,
  type OrderDetail,
  type OrderKind,
  type OrderStatus,
  type RefundCreate,
} from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const ordersKey = ['admin', 'orders'] as const;
const orderListsKey = [...ordersKey, 'list'] as const;
export const orderKey = (orderId: number) => [...ordersKey, 'detail', orderId] as const;

/** The list's filters as the address and the API name them; every value is optional text. */
export interface OrderListFilters {
  q?: string;
  from?: string;
  to?: string;
  productId?: string;
  status?: OrderStatus;
  coupon?: string;
  kind?: OrderKind;
}

export const FILTER_NAMES = ['q', 'from', 'to', 'productId', 'status', 'coupon', 'kind'] as const satisfies ReadonlyArray<keyof OrderListFilters>;

/** The filters in an address's query (unknown statuses and kinds are ignored, so an old link still opens). */
export function filtersOf(params: URLSearchParams): OrderListFilters {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const status = params.get('status');
  const kind = params.get('kind');
  const productId = text('productId');
  return {
    q: text('q'),
    from: text('from'),
    to: text('to'),
    productId: productId && /^\d+$/.test(productId) ? productId : undefined,
    status: ORDER_STATUSES.find((value) => value === status),
    coupon: text('coupon'),
    kind: ORDER_KINDS.find((value) => value === kind),
  };
}

/** The filters as a query string (names in a fixed order, empty ones left out). */
export function filterQuery(filters: OrderListFilters, extra: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) if (value) query.set(name, value);
  return query.toString();
}

/**
 * The orders matching `filters`, newest first, one page at a time: `fetchNextPage` appends the
 * next older page (keyset paging, so new orders never shift the pages already shown). Not asked
 * while the dates are in the wrong order.
 */
export function useOrderList(filters: OrderListFilters) {
  const api = useAdminApi();
  const query = filterQuery(filters);
  return useInfiniteQuery({
    queryKey: [...orderListsKey, query],
    enabled: isOrderedRange(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const page = filterQuery(filters, { after: pageParam });
      return orderListSchema.parse(await api.get(`/orders${page ? `?${page}` : ''}`, signal));
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** Whether a refund request of the order is still waiting for the payment provider. */
export const refundPending = (detail: OrderDetail | undefined) => Boolean(detail?.refundRequests.some((request) => request.status === 'pending'));

/** One order with everything about it; asked again every 1.5 s while a refund waits for the provider. */
export function useOrder(orderId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: async ({ signal }) => orderDetailSchema.parse(await api.get(`/orders/${orderId}`, signal)),
    refetchInterval: (query) => (refundPending(query.state.data) ? 1_500 : false),
  });
}

export function useResendConfirmation(orderId: number) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => confirmationResentSchema.parse(await api.send('POST', `/orders/${orderId}/confirmation-email`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
}

/** Asks for a refund; the order is fetched again (and then polled) whatever the answer, since another tab may have refunded it. */
export function useRefundOrder(orderId: number) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (refund: RefundCreate) => refundCreatedSchema.parse(await api.send('POST', `/orders/${orderId}/refunds`, refund)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKey(orderId) }), queryClient.invalidateQueries({ queryKey: orderListsKey })]),
  });
}

/** Downloads the filtered orders as a CSV (one row per order line). */
export function useExportOrders(filters: OrderListFilters) {
  const api = useAdminApi();
  const query = filterQuery(filters);
  return useMutation({
    mutationFn: () => api.download(`/orders/export.csv${query ? `?${query}` : ''}`, 'orders.csv'),
  });
}
