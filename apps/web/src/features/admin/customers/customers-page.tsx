import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminCustomerRow } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { Button } from '#web/components/ui/button.tsx';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { FormField, inputClasses } from '../components/form-field';
import { ListStatus, LoadMoreButton } from '../components/list-status';
import { FilterForm, useSearchParamFilters } from '../components/search-filters';
import { formatDateTime } from '../utils/format';
import { useCustomerList } from './customers-api';

/** /admin/customers: everyone who ordered, newest first; search by the start of an email or part of a name (kept in the URL). */
export default function CustomersPage() {
  const { params, setFilter } = useSearchParamFilters<'q'>();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const list = useCustomerList(q);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.customers) ?? [], [list.data]);
  const currency = list.data?.pages[0]?.currency ?? 'USD';
  const columns = useMemo(() => customerColumns(currency), [currency]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', text.trim(), { replace: false });
  };

  return (
    <AdminPage title="Customers" description="Everyone who has ordered, newest first. Open a customer to see their orders, licences, account and emails.">
      <FilterForm onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label="Search customers" className="flex-1 sm:max-w-md">
          {(control) => (
            <input
              {...control}
              type="search"
              className={inputClasses}
              value={text}
              maxLength={200}
              placeholder="Start of an email, or a name"
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit">Search</Button>
        {q && (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setFilter('q', '', { replace: false });
            }}
          >
            Show everyone
          </Button>
        )}
      </FilterForm>
      <ListStatus query={list} skeletonClassName="h-40" errorTitle="The customers could not be loaded" />
      {list.data && (
        <DataTable
          columns={columns}
          data={rows}
          caption={q ? `Customers matching “${q}”` : 'Customers, newest first'}
          rowKey={(customer) => String(customer.id)}
          empty={q ? <p>No customer’s email starts with “{q}”, and no name contains it.</p> : <p>No customers yet: they appear with their first order.</p>}
        />
      )}
      <LoadMoreButton query={list} label="Show more customers" />
    </AdminPage>
  );
}

function customerColumns(currency: string): ColumnDef<AdminCustomerRow, unknown>[] {
  return [
    {
      header: 'Customer',
      accessorKey: 'email',
      cell: ({ row }) => (
        <span className="flex flex-col items-end md:items-start">
          <Link to={paths.admin.customer.getHref(row.original.id)} className="font-medium break-all text-primary underline-offset-2 hover:underline">
            {row.original.erasedAt ? 'Erased customer' : row.original.email}
          </Link>
          {row.original.name && <span className="text-secondary">{row.original.name}</span>}
        </span>
      ),
    },
    { header: 'Country', accessorKey: 'country', cell: ({ row }) => row.original.country ?? '—' },
    { header: 'Orders', accessorKey: 'orders' },
    {
      header: 'Revenue',
      accessorKey: 'revenueMinor',
      cell: ({ row }) => (
        <span>
          {formatMoney(row.original.revenueMinor, currency)}
          {row.original.refundedMinor > 0 && <span className="block text-secondary">{formatMoney(row.original.refundedMinor, currency)} refunded</span>}
        </span>
      ),
    },
    {
      header: 'Last order',
      accessorKey: 'lastOrderAt',
      cell: ({ row }) => (row.original.lastOrderAt ? <time dateTime={row.original.lastOrderAt}>{formatDateTime(row.original.lastOrderAt)}</time> : '—'),
    },
  ];
}
