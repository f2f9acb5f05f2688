import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsDashboardSchema } from '@store/contracts/admin';
import { useAdminApi } from '#web/features/admin/api/admin-api-context.tsx';
import { reportQueryString, type ReportRangeQuery } from '#web/features/admin/reports/report-range.ts';

export const analyticsKey = ['admin', 'analytics'] as const;

/**
 * The dashboard for a range of store days (`enabled` false while the typed range is invalid).
 * The last range stays on screen while the next one loads, so picking dates does not blank the page.
 */
export function useAnalyticsDashboard(range: ReportRangeQuery, enabled: boolean) {
  const api = useAdminApi();
  const query = reportQueryString(range);
  return useQuery({
    queryKey: [...analyticsKey, 'dashboard', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => analyticsDashboardSchema.parse(await api.get(`/analytics${query ? `?${query}` : ''}`, signal)),
  });
}
