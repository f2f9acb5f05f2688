import { useSearchParams } from 'react-router';
import type { AnalyticsDashboard } from '@store/contracts/admin';
import { Alert } from '#web/components/ui/alert.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { AdminCard, AdminPage } from '../components/admin-page';
import { DateRangeFields } from '../components/date-range-fields';
import { ListStatus } from '../components/list-status';
import { localToday } from '../reports/report-range';
import { ANALYTICS_PRESETS, analyticsSearchFor, analyticsSelectionFromSearch, type AnalyticsPreset } from './analytics-range';
import { formatCount, formatDays } from './analytics-format';
import { AnalyticsSection } from './analytics-section';
import { useAnalyticsDashboard } from './api/get-analytics-dashboard';
import { Breakdowns } from './breakdowns';
import { Funnel } from './funnel';
import { LiveVisitors } from './live-visitors';
import { SummaryTiles } from './summary-tiles';
import { TrafficChart } from './traffic-chart';

/** /admin/analytics: visitors, where they came from and the purchase funnel, for a range of store days. */
export default function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const selection = analyticsSelectionFromSearch(search, localToday());
  const dashboard = useAnalyticsDashboard(selection.range, selection.problem === null);
  const update = (change: Partial<{ preset: AnalyticsPreset; customFrom: string; customTo: string }>) =>
    setSearch(analyticsSearchFor({ ...selection, ...change }), { replace: true });

  return (
    <AdminPage
      title="Analytics"
      description="Who visits the store, where they come from and how many go on to buy, counted by the store itself: no cookies, no third party."
      actions={<LiveVisitors />}
    >
      <AdminCard>
        <RangePicker selection={selection} onChange={update} />
        {dashboard.data && selection.problem === null && (
          <p className="mt-3 text-sm text-secondary">
            {formatDays(dashboard.data.scope.from, dashboard.data.scope.to)}, store days in {dashboard.data.scope.timeZone} time.
          </p>
        )}
      </AdminCard>

      {dashboard.data?.scope.recording === false && (
        <Alert tone="warning" title="Recording is off (ANALYTICS=off)">
          The store is not counting visits now, so these figures stop at the moment it was turned off. Remove ANALYTICS=off from the server&apos;s settings and
          restart it to count again.
        </Alert>
      )}

      {selection.problem ? (
        <Alert tone="warning" title="Check the dates">
          {selection.problem}
        </Alert>
      ) : (
        <>
          <ListStatus
            query={dashboard}
            skeletonClassName="h-96 w-full"
            errorTitle="The analytics could not be loaded"
            errorHint={dashboard.error instanceof ApiError && dashboard.error.status === 400 ? 'Check the dates.' : 'Reload the page to try again.'}
          />
          {dashboard.data && !dashboard.isError && <Dashboard data={dashboard.data} refreshing={dashboard.isPlaceholderData} />}
        </>
      )}
    </AdminPage>
  );
}

function RangePicker({
  selection,
  onChange,
}: {
  selection: ReturnType<typeof analyticsSelectionFromSearch>;
  onChange: (change: Partial<{ preset: AnalyticsPreset; customFrom: string; customTo: string }>) => void;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
      <DateRangeFields presets={ANALYTICS_PRESETS} selection={selection} onChange={onChange} />
    </div>
  );
}

/** Everything the range shows; dimmed while a new range loads over the old one. */
function Dashboard({ data, refreshing }: { data: AnalyticsDashboard; refreshing: boolean }) {
  const { totals, scope } = data;
  return (
    <div className={`flex flex-col gap-6 transition-opacity ${refreshing ? 'opacity-60' : ''}`} aria-busy={refreshing}>
      <AnalyticsSection title="Summary">
        <SummaryTiles dashboard={data} />
      </AnalyticsSection>

      <AnalyticsSection title="Visitors and pageviews">
        {totals.visits === 0 && totals.pageviews === 0 ? (
          <p className="rounded-xl border border-dashed border-border/60 p-8 text-center text-secondary">No visits in this range.</p>
        ) : (
          <TrafficChart
            days={data.days}
            summary={`Visitors and pageviews per day from ${formatDays(scope.from, scope.to)}: ${formatCount(totals.visitors)} visitors and ${formatCount(totals.pageviews)} pageviews in all.`}
          />
        )}
      </AnalyticsSection>

      <Funnel dashboard={data} />

      <Breakdowns dashboard={data}>
        <AnalyticsSection title="Countries">
          <p className="text-sm text-secondary">
            Not shown: the store does not look up where visitors are, because that would need a downloaded location database or a third party.
          </p>
        </AnalyticsSection>
      </Breakdowns>
    </div>
  );
}
