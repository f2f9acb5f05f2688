import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerDetailSchema, customerErasedSchema, customerListSchema, type CustomerErased } from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const customersKey = ['admin', 'customers'] as const;
const customerKey = (customerId: number) => [...customersKey, 'detail', customerId] as const;

/** The customers matching `q` (all when empty), newest first, a page at a time ("Show more"). */
export function useCustomerList(q: string) {
  const api = useAdminApi();
  return useInfiniteQuery({
    queryKey: [...customersKey, 'list', q],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (pageParam) query.set('after', pageParam);
      return customerListSchema.parse(await api.get(`/customers?${query}`, signal));
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function useCustomer(customerId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: customerKey(customerId),
    queryFn: async ({ signal }) => customerDetailSchema.parse(await api.get(`/customers/${customerId}`, signal)),
  });
}

/** Saves the JSON file of everything the store holds about the customer. */
export function useExportCustomer(customerId: number) {
  const api = useAdminApi();
  return useMutation({ mutationFn: () => api.download(`/customers/${customerId}/export.json`, `customer-${customerId}.json`) });
}

export function useEraseCustomer(customerId: number) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmEmail: string): Promise<CustomerErased> =>
      customerErasedSchema.parse(await api.send('POST', `/customers/${customerId}/erase`, { confirmEmail })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}
