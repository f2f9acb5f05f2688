import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  complimentaryLicenceCreatedSchema,
  complimentaryProductsSchema,
  licenceDetailSchema,
  licenceListSchema,
  type ComplimentaryLicenceCreate,
  type LicenceDetail,
  type LicenceExtendTrial,
} from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const licencesKey = ['admin', 'licences'] as const;
const licenceKey = (licenceId: number) => [...licencesKey, 'licence', licenceId] as const;

/** The desk's filters as the URL and the API name them. */
export interface LicenceFilters {
  q?: string;
  productId?: string;
  status?: string;
  type?: string;
}

/** The desk's list, newest first, a page at a time (`fetchNextPage` for older licences). */
export function useLicenceList(filters: LicenceFilters) {
  const api = useAdminApi();
  return useInfiniteQuery({
    queryKey: [...licencesKey, 'list', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams(
        Object.entries({ ...filters, after: pageParam ?? undefined }).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      const search = query.toString();
      return licenceListSchema.parse(await api.get(`/licences${search ? `?${search}` : ''}`, signal));
    },
    getNextPageParam: (page) => page.next,
  });
}

export function useLicence(licenceId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: licenceKey(licenceId),
    queryFn: async ({ signal }) => licenceDetailSchema.parse(await api.get(`/licences/${licenceId}`, signal)),
  });
}

export type LicenceAction =
  { kind: 'free'; machineId: string } | { kind: 'revoke'; reason: string } | { kind: 'restore' } | { kind: 'extend-trial'; body: LicenceExtendTrial };

/** One action on a licence; its answer is the licence as it is now, and the desk's lists are fetched again. */
export function useLicenceAction(licenceId: number) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: LicenceAction): Promise<LicenceDetail> => {
      const base = `/licences/${licenceId}`;
      const answer =
        action.kind === 'free'
          ? await api.send('POST', `${base}/machines/${action.machineId}/free`)
          : action.kind === 'revoke'
            ? await api.send('POST', `${base}/revoke`, { reason: action.reason })
            : action.kind === 'restore'
              ? await api.send('POST', `${base}/restore`)
              : await api.send('POST', `${base}/extend-trial`, action.body);
      return licenceDetailSchema.parse(answer);
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(licenceKey(licenceId), detail);
      return queryClient.invalidateQueries({ queryKey: [...licencesKey, 'list'] });
    },
  });
}

/** The products a complimentary licence can be for. */
export function useComplimentaryProducts() {
  const api = useAdminApi();
  return useQuery({
    queryKey: [...licencesKey, 'complimentary-products'],
    queryFn: async ({ signal }) => complimentaryProductsSchema.parse(await api.get('/licences/complimentary/products', signal)),
  });
}

export function useIssueComplimentary() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ComplimentaryLicenceCreate) =>
      complimentaryLicenceCreatedSchema.parse(await api.send('POST', '/licences/complimentary', values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...licencesKey, 'list'] }),
  });
}
