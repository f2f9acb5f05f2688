import { useQuery } from '@tanstack/react-query';
import { couponReportSchema, dashboardSchema, productReportSchema, revenueReportSchema, trialReportSchema, type ReportInterval } from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';
import { reportQueryString, type ReportRangeQuery } from './report-range';

export const reportsKey = ['admin', 'reports'] as const;

/** The back office's home figures; fetched again every minute while open. */
export function useDashboard() {
  const api = useAdminApi();
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async ({ signal }) => dashboardSchema.parse(await api.get('/dashboard', signal)),
    refetchInterval: 60_000,
  });
}

/** Every report of the page, for one range (`enabled` false while the range is invalid). */
export function useReports(range: ReportRangeQuery, interval: ReportInterval, enabled: boolean) {
  const api = useAdminApi();
  const query = reportQueryString(range);
  const get = (name: string, extra = '') => ({
    queryKey: [...reportsKey, name, query, extra],
    enabled,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      api.get(`/reports/${name}${query || extra ? `?${[query, extra].filter(Boolean).join('&')}` : ''}`, signal),
  });
  const revenue = useQuery({ ...get('revenue', `interval=${interval}`), select: (data: unknown) => revenueReportSchema.parse(data) });
  const products = useQuery({ ...get('products'), select: (data: unknown) => productReportSchema.parse(data) });
  const coupons = useQuery({ ...get('coupons'), select: (data: unknown) => couponReportSchema.parse(data) });
  const trials = useQuery({ ...get('trials'), select: (data: unknown) => trialReportSchema.parse(data) });
  return { revenue, products, coupons, trials };
}
