import { useQuery } from '@tanstack/react-query';
import { adminSelfSchema } from '@store/contracts/admin';
import { ApiError } from '#web/lib/api-client.ts';
import { useAdminApi } from './admin-api-context';

export const adminSelfQueryKey = ['admin', 'me'] as const;

/** Who the back office talks to; a 403 (not an administrator) is an answer, not a failure to retry. */
export function useAdminSelf() {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminSelfQueryKey,
    queryFn: async ({ signal }) => adminSelfSchema.parse(await api.get('/me', signal)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
}
