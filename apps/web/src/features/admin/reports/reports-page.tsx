import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportInterval, RevenueReport } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminApi } from '../api/admin-api-context';
import { AdminCard, AdminPage } from '../components/admin-page';
import { DateRangeFields } from '../components/date-range-fields';
import { DataTable } from '../components/data-table';
import { inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { RANGE_PRESETS, localToday, reportQueryString, searchFor, selectionFromSearch, type RangePreset, type ReportRangeQuery } from './report-range';
import { useReports } from './reports-api';
import { RevenueChart } from './revenue-chart';

const INTERVAL_LABELS: Record<ReportInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** "Download CSV" of one report: progress while it downloads, the failure said in a toast. */
function DownloadCsv({ name, label, range, extra = '' }: { name: string; label: string; range: ReportRangeQuery; extra?: string }) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const query = [reportQueryString(range), extra].filter(Boolean).join('&');
  const download = async () => {
    setBusy(true);
    try {
      await api.download(`/reports/${name}.csv${query ? `?${query}` : ''}`, `${name}.csv`);
    } catch (error) {
      toast({ tone: 'error', title: `The ${label} CSV was not downloaded`, description: `${errorMessage(error)} Try again.` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={download} disabled={busy} aria-label={`Download the ${label} report as CSV`}>
      {busy ? 'Downloading…' : 'Download CSV'}
    </Button>
  );
}

function CardHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold text-primary">{title}</h2>
      {children}
    </div>
  );
}

const Loading = () => <Skeleton className="h-32 w-full" />;
const Failed = ({ error }: { error: unknown }) => (
  <Alert tone="error" title="This report could not be loaded">
    {errorMessage(error)} Reload the page to try again.
  </Alert>
);

/** /admin/reports: revenue, products, coupons and trials for a range of store days, each with its CSV. */
export default function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  const selection = selectionFromSearch(search, localToday());
  const { revenue, products, coupons, trials } = useReports(selection.range, selection.interval, selection.problem === null);
  const intervalId = useId();
  const update = (change: Partial<{ preset: RangePreset; interval: ReportInterval; customFrom: string; customTo: string }>) =>
    setSearch(searchFor({ ...selection, ...change }), { replace: true });

  const currency = revenue.data?.scope.currency ?? products.data?.scope.currency ?? 'USD';
  const money = useCallback((minor: number) => formatMoney(minor, currency), [currency]);
  const scope = revenue.data?.scope;

  return (
    <AdminPage
      title="Reports"
      description="Sales, refunds, coupons and trials for the days you pick, in the store currency and the store's time zone. Each table downloads as CSV for your accountant."
    >
      <AdminCard>
        <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-end">
          <DateRangeFields presets={RANGE_PRESETS} selection={selection} onChange={update} />
          <div className="flex flex-col gap-1">
            <label htmlFor={intervalId} className="text-sm font-semibold text-primary">
              Revenue
            </label>
            <select
              id={intervalId}
              className={inputClasses}
              value={selection.interval}
              onChange={(event) => update({ interval: event.target.value as ReportInterval })}
            >
              {Object.entries(INTERVAL_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {scope && selection.problem === null && (
          <p className="mt-3 text-sm text-secondary">
            {scope.from} to {scope.to}, {scope.timeZone} time, {scope.currency}.
            {scope.otherCurrencyOrders > 0 &&
              ` ${scope.otherCurrencyOrders} order${scope.otherCurrencyOrders === 1 ? '' : 's'} in other currencies are not counted.`}
          </p>
        )}
      </AdminCard>

      {selection.problem ? (
        <Alert tone="warning" title="Check the dates">
          {selection.problem}
        </Alert>
      ) : (
        <>
          <AdminCard>
            <CardHeader title="Revenue">
              <DownloadCsv name="revenue" label="revenue" range={selection.range} extra={`interval=${selection.interval}`} />
            </CardHeader>
            {revenue.isPending ? <Loading /> : revenue.isError ? <Failed error={revenue.error} /> : <RevenueSection report={revenue.data} money={money} />}
          </AdminCard>

          <AdminCard>
            <CardHeader title="Products">
              <DownloadCsv name="products" label="products" range={selection.range} />
            </CardHeader>
            {products.isPending ? (
              <Loading />
            ) : products.isError ? (
              <Failed error={products.error} />
            ) : (
              <DataTable
                caption="Sales and refunds per product"
                rowKey={(row) => String(row.productId)}
                data={products.data.products}
                empty="No product was sold or refunded in these dates."
                columns={[
                  { accessorKey: 'name', header: 'Product' },
                  { accessorKey: 'unitsSold', header: 'Units sold' },
                  { accessorKey: 'unitsRefunded', header: 'Units refunded' },
                  { accessorKey: 'revenueMinor', header: 'Revenue', cell: ({ row }) => <Amount value={money(row.original.revenueMinor)} /> },
                  { accessorKey: 'refundedMinor', header: 'Refunded', cell: ({ row }) => <Amount value={money(row.original.refundedMinor)} /> },
                  { accessorKey: 'netMinor', header: 'Net', cell: ({ row }) => <Amount value={money(row.original.netMinor)} /> },
                ]}
              />
            )}
          </AdminCard>

          <AdminCard>
            <CardHeader title="Coupons">
              <DownloadCsv name="coupons" label="coupons" range={selection.range} />
            </CardHeader>
            {coupons.isPending ? (
              <Loading />
            ) : coupons.isError ? (
              <Failed error={coupons.error} />
            ) : (
              <DataTable
                caption="Coupon use and the discount given"
                rowKey={(row) => row.code}
                data={coupons.data.coupons}
                empty="No order used a coupon in these dates."
                columns={[
                  { accessorKey: 'code', header: 'Coupon' },
                  { accessorKey: 'orders', header: 'Orders' },
                  { accessorKey: 'discountMinor', header: 'Discount given', cell: ({ row }) => <Amount value={money(row.original.discountMinor)} /> },
                  { accessorKey: 'revenueMinor', header: 'Revenue of those orders', cell: ({ row }) => <Amount value={money(row.original.revenueMinor)} /> },
                ]}
              />
            )}
          </AdminCard>

          <AdminCard>
            <CardHeader title="Trials">
              <DownloadCsv name="trials" label="trials" range={selection.range} />
            </CardHeader>
            {trials.isPending ? (
              <Loading />
            ) : trials.isError ? (
              <Failed error={trials.error} />
            ) : (
              <DataTable
                caption="Trials started and how many became paid licences"
                rowKey={(row) => String(row.productId)}
                data={trials.data.products}
                empty="No trial started in these dates."
                columns={[
                  { accessorKey: 'name', header: 'Product' },
                  { accessorKey: 'trials', header: 'Trials started' },
                  { accessorKey: 'converted', header: 'Bought after' },
                  { accessorKey: 'conversionRate', header: 'Conversion', cell: ({ row }) => `${(row.original.conversionRate * 100).toFixed(1)}%` },
                  {
                    accessorKey: 'medianDaysToConvert',
                    header: 'Median days to buy',
                    cell: ({ row }) => (row.original.medianDaysToConvert === null ? '—' : String(row.original.medianDaysToConvert)),
                  },
                ]}
              />
            )}
          </AdminCard>
        </>
      )}
    </AdminPage>
  );
}

const Amount = ({ value }: { value: string }) => <span className="tabular-nums">{value}</span>;

type PeriodRow = RevenueReport['periods'][number];
const periodColumns = (money: (minor: number) => string): ColumnDef<PeriodRow, unknown>[] => [
  { accessorKey: 'period', header: 'Period' },
  { accessorKey: 'orders', header: 'Orders' },
  { accessorKey: 'units', header: 'Units' },
  { accessorKey: 'revenueMinor', header: 'Revenue', cell: ({ row }) => <Amount value={money(row.original.revenueMinor)} /> },
  { accessorKey: 'refundedMinor', header: 'Refunded', cell: ({ row }) => <Amount value={money(row.original.refundedMinor)} /> },
  { accessorKey: 'netMinor', header: 'Net', cell: ({ row }) => <Amount value={money(row.original.netMinor)} /> },
];

function RevenueSection({ report, money }: { report: RevenueReport; money: (minor: number) => string }) {
  const { totals } = report;
  const empty = totals.orders === 0 && totals.refundedMinor === 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Orders', String(totals.orders)],
          ['Revenue', money(totals.revenueMinor)],
          ['Refunded', money(totals.refundedMinor)],
          ['Net', money(totals.netMinor)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-tertiary p-3">
            <dt className="text-sm text-secondary">{label}</dt>
            <dd className="text-xl font-semibold text-primary tabular-nums" data-figure={label!.toLowerCase()}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {empty ? (
        <p className="rounded-xl border border-dashed border-border/60 p-8 text-center text-secondary">No sales or refunds in these dates yet.</p>
      ) : (
        <>
          <RevenueChart
            points={report.periods.map((period) => ({ label: period.period, value: period.netMinor }))}
            format={money}
            summary={`Net revenue ${report.interval === 'day' ? 'per day' : `per ${report.interval}`} from ${report.scope.from} to ${report.scope.to}: ${money(totals.netMinor)} in all. The table below lists every ${report.interval}.`}
          />
          <details className="group">
            <summary className="cursor-pointer text-sm font-semibold text-primary">Every {report.interval} as a table</summary>
            <div className="mt-3">
              <DataTable caption="Revenue per period" rowKey={(row) => row.period} data={report.periods} empty="No periods." columns={periodColumns(money)} />
            </div>
          </details>
        </>
      )}
    </div>
  );
}
