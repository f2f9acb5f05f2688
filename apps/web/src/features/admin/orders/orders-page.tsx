import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DAY_RANGE_ORDER_MESSAGE, isOrderedRange, ORDER_STATUSES, ADMIN_SEARCH_MAX, type AdminOrderRow, type OrderTotals } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminPage } from '../components/admin-page';
import { EmailAddress } from '../components/email-address';
import { DataTable } from '../components/data-table';
import { FactTiles } from '../components/facts';
import { FormField, inputClasses } from '../components/form-field';
import { ListStatus, LoadMoreButton } from '../components/list-status';
import { ClearFiltersLink, FilterForm, optionsOf, SelectFilter, useSearchParamFilters } from '../components/search-filters';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { ProductFilter } from '../products/product-filter';
import { ComplimentaryBadge, money, OrderStatusBadge, STATUS_LABELS } from './order-display';
import { FILTER_NAMES, filtersOf, useExportOrders, useOrderList } from './orders-api';

const STATUS_OPTIONS = optionsOf(ORDER_STATUSES, STATUS_LABELS);
const KIND_OPTIONS = [
  { value: 'sale', label: 'Sales' },
  { value: 'complimentary', label: 'Complimentary' },
];

/** /admin/orders: every order, newest first, searched and filtered from the address; totals of the filtered set; CSV export. */
export default function OrdersPage() {
  const { params, setFilter } = useSearchParamFilters<(typeof FILTER_NAMES)[number]>();
  const filters = filtersOf(params);
  const list = useOrderList(filters);
  const exporting = useExportOrders(filters);

  const ordered = isOrderedRange(filters);
  const serverFields = fieldErrors(list.error);
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const rows = list.data?.pages.flatMap((page) => page.orders) ?? [];
  const totals = list.data?.pages[0]?.totals;

  return (
    <AdminPage
      title="Orders"
      description="Every sale and complimentary licence, newest first. Search by order reference, email, licence key or the provider's order id."
      actions={
        <Button variant="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending || !ordered}>
          {exporting.isPending ? 'Preparing…' : 'Export CSV'}
        </Button>
      }
    >
      <FilterForm label="Filter the orders" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <SearchField
          label="Search"
          className="col-span-2"
          placeholder="Reference, email, licence key or provider order id"
          value={filters.q ?? ''}
          maxLength={ADMIN_SEARCH_MAX}
          error={serverFields.q}
          onChange={(value) => setFilter('q', value)}
        />
        <SearchField
          label="Coupon code"
          className="col-span-2 sm:col-span-1"
          placeholder="Any coupon"
          value={filters.coupon ?? ''}
          maxLength={64}
          onChange={(value) => setFilter('coupon', value)}
        />
        <ProductFilter name="productId" className="col-span-2 sm:col-span-1" value={filters.productId} onChange={setFilter} />
        <FormField label="From" error={serverFields.from}>
          {(control) => (
            <input {...control} type="date" className={inputClasses} value={filters.from ?? ''} onChange={(event) => setFilter('from', event.target.value)} />
          )}
        </FormField>
        <FormField label="To" error={ordered ? serverFields.to : DAY_RANGE_ORDER_MESSAGE}>
          {(control) => (
            <input {...control} type="date" className={inputClasses} value={filters.to ?? ''} onChange={(event) => setFilter('to', event.target.value)} />
          )}
        </FormField>
        <SelectFilter name="status" label="Status" value={filters.status} anyLabel="Any status" options={STATUS_OPTIONS} onChange={setFilter} />
        <SelectFilter name="kind" label="Kind" value={filters.kind} anyLabel="Any kind" options={KIND_OPTIONS} onChange={setFilter} />
      </FilterForm>
      {filtered && <ClearFiltersLink to={paths.admin.orders.getHref()} />}

      {exporting.isError && (
        <Alert tone="error" title="The CSV was not exported">
          {errorMessage(exporting.error)} Try again; if it keeps failing, narrow the dates.
        </Alert>
      )}

      <ListStatus
        query={list}
        enabled={ordered}
        skeletonClassName="h-64"
        errorTitle="The orders could not be loaded"
        errorHint={Object.keys(serverFields).length > 0 ? 'Change the filter marked above.' : 'Reload the page to try again.'}
      />
      {totals && <TotalsSummary totals={totals} />}
      {list.data && (
        <DataTable
          caption="Orders"
          columns={COLUMNS}
          data={rows}
          rowKey={(row) => String(row.id)}
          empty={
            filtered ? (
              <p>No order matches these filters. Check the spelling of the search, widen the dates, or clear a filter.</p>
            ) : (
              <p>No orders yet. They appear here as soon as a shopper pays.</p>
            )
          }
        />
      )}
      <LoadMoreButton query={list} label="Show older orders" />
      {list.isFetchNextPageError && (
        <Alert tone="error" title="The older orders could not be loaded">
          {errorMessage(list.error)} Press “Show older orders” to try again.
        </Alert>
      )}
    </AdminPage>
  );
}

/**
 * A text filter that updates the address (and so the list) a moment after the maker stops typing,
 * rather than on every key.
 */
function SearchField({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  error,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  maxLength: number;
  error?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The address changed from elsewhere (Clear the filters, back button): show what it says.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => {
      setApplied(text.trim());
      onChange(text.trim());
    }, 350);
    return () => clearTimeout(timer);
  }, [text, applied, onChange]);
  return (
    <FormField label={label} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          type="search"
          className={inputClasses}
          placeholder={placeholder}
          maxLength={maxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The filtered set's sums, one block per currency. */
function TotalsSummary({ totals }: { totals: OrderTotals }) {
  if (totals.length === 0) return null;
  return (
    <section aria-label="Totals of these orders" className="grid gap-3 md:grid-cols-2">
      {totals.map((sum) => (
        <FactTiles
          key={sum.currency}
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-border/40 bg-background p-4 text-sm shadow-sm sm:grid-cols-4 dark:border-border/70"
          valueClassName="text-lg font-semibold tabular-nums text-primary"
          facts={[
            [`Orders (${sum.currency})`, sum.orders],
            ['Revenue', money(sum.totalMinor, sum.currency)],
            ['Refunded', money(sum.refundedMinor, sum.currency)],
            ['Net', money(sum.netMinor, sum.currency)],
          ]}
        />
      ))}
    </section>
  );
}

const COLUMNS: ColumnDef<AdminOrderRow, unknown>[] = [
  {
    header: 'Order',
    id: 'reference',
    enableSorting: false,
    cell: ({ row }) => (
      <Link to={paths.admin.order.getHref(row.original.id)} className="font-mono font-semibold whitespace-nowrap text-primary underline underline-offset-2">
        {row.original.reference}
      </Link>
    ),
  },
  {
    header: 'Date',
    id: 'completedAt',
    enableSorting: false,
    cell: ({ row }) => (
      <time dateTime={row.original.completedAt} className="whitespace-nowrap">
        {formatDateTime(row.original.completedAt)}
      </time>
    ),
  },
  {
    header: 'Customer',
    id: 'customer',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex min-w-0 flex-col items-end md:items-start">
        <EmailAddress email={row.original.email} />
        {row.original.customerName && <span className="text-secondary">{row.original.customerName}</span>}
      </span>
    ),
  },
  {
    header: 'Products',
    id: 'products',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-end md:items-start">
        <span>{row.original.products.join(', ')}</span>
        {row.original.couponCodes.length > 0 && <span className="font-mono text-xs text-secondary">{row.original.couponCodes.join(', ')}</span>}
      </span>
    ),
  },
  {
    header: 'Total',
    id: 'total',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-end tabular-nums md:items-start">
        <span>{money(row.original.totalMinor, row.original.currency)}</span>
        {row.original.refundedMinor > 0 && <span className="text-xs text-secondary">{money(row.original.refundedMinor, row.original.currency)} refunded</span>}
      </span>
    ),
  },
  {
    header: 'Status',
    id: 'status',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="inline-flex flex-wrap justify-end gap-1 md:justify-start">
        <OrderStatusBadge status={row.original.status} />
        {row.original.kind === 'complimentary' && <ComplimentaryBadge />}
      </span>
    ),
  },
];
