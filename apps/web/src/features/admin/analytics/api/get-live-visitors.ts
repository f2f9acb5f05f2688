import { useQuery } from '@tanstack/react-query';
import { liveVisitorsSchema } from '@store/contracts/admin';
import { useAdminApi } from '#web/features/admin/api/admin-api-context.tsx';
import { analyticsKey } from './get-analytics-dashboard';

/** How often the live counter asks again while the page is open. */
export const LIVE_REFRESH_MS = 30_000;

/** Visitors seen in the last 30 minutes, asked again every 30 seconds. */
export function useLiveVisitors() {
  const api = useAdminApi();
  return useQuery({
    queryKey: [...analyticsKey, 'live'],
    queryFn: async ({ signal }) => liveVisitorsSchema.parse(await api.get('/analytics/live', signal)),
    refetchInterval: LIVE_REFRESH_MS,
  });
}
