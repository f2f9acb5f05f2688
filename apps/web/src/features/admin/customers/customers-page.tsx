import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminCustomerRow } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { useCustomerList } from './customers-api';

/** /admin/customers: everyone who ordered, newest first; search by the start of an email or part of a name (kept in the URL). */
export default function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const searchId = useId();
  const list = useCustomerList(q);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.customers) ?? [], [list.data]);
  const currency = list.data?.pages[0]?.currency ?? 'USD';
  const columns = useMemo(() => customerColumns(currency), [currency]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <AdminPage title="Customers" description="Everyone who has ordered, newest first. Open a customer to see their orders, licences, account and emails.">
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5 sm:max-w-md">
          <label htmlFor={searchId} className="text-sm font-semibold text-primary">
            Search customers
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClasses}
            value={text}
            maxLength={200}
            placeholder="Start of an email, or a name"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
        {q && (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setParams({});
            }}
          >
            Show everyone
          </Button>
        )}
      </form>
      {list.isPending && <Skeleton className="h-40" />}
      {list.isError && (
        <Alert tone="error" title="The customers could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <DataTable
          columns={columns}
          data={rows}
          caption={q ? `Customers matching “${q}”` : 'Customers, newest first'}
          rowKey={(customer) => String(customer.id)}
          empty={q ? <p>No customer’s email starts with “{q}”, and no name contains it.</p> : <p>No customers yet: they appear with their first order.</p>}
        />
      )}
      {list.hasNextPage && (
        <Button variant="secondary" className="self-start" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more customers'}
        </Button>
      )}
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
