import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LICENCE_DESK_STATUSES, LICENCE_TYPES, type AdminLicenceRow } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { expiryLabel, LicenceStatusBadge, STATUS_LABELS, TYPE_LABELS } from './licence-display';
import { useLicenceList, type LicenceFilters } from './licences-api';

/** /admin/licences: find a licence by its key or the customer's email, filter, open it. */
export default function LicencesPage() {
  const [params, setParams] = useSearchParams();
  const filters: LicenceFilters = { q: params.get('q') ?? undefined, status: params.get('status') ?? undefined, type: params.get('type') ?? undefined };
  const [text, setText] = useState(filters.q ?? '');
  const list = useLicenceList(filters);
  const searchId = useId();
  const statusId = useId();
  const typeId = useId();
  const columns = useMemo(() => licenceColumns(), []);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.licences) ?? [], [list.data]);

  const setFilter = (name: keyof LicenceFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: name !== 'q' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', text.trim());
  };
  const filtered = Boolean(filters.q || filters.status || filters.type);

  return (
    <AdminPage
      title="Licences"
      description="Answer a licence ticket: find the key or the customer, see its computers and history, free a computer, revoke, restore or extend a trial."
      actions={<ButtonLink to={paths.admin.newComplimentaryLicence.getHref()}>Issue complimentary licence</ButtonLink>}
    >
      <form role="search" aria-label="Licences" onSubmit={submit} className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-semibold text-primary">
            Licence key or email
          </label>
          <div className="flex gap-2">
            <input
              id={searchId}
              type="search"
              className={inputClasses}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="ABCD-EFGH-JKMN-PQRS or ann@"
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit">Search</Button>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={statusId} className="text-sm font-semibold text-primary">
              Status
            </label>
            <select id={statusId} className={inputClasses} value={filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
              <option value="">Any status</option>
              {LICENCE_DESK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={typeId} className="text-sm font-semibold text-primary">
              Type
            </label>
            <select id={typeId} className={inputClasses} value={filters.type ?? ''} onChange={(event) => setFilter('type', event.target.value)}>
              <option value="">Any type</option>
              {LICENCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </form>
      {list.isPending && <Skeleton className="h-40" />}
      {list.isError && (
        <Alert tone="error" title="The licences could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <>
          <DataTable
            columns={columns}
            data={rows}
            caption={filters.q ? `Licences matching ${filters.q}` : 'Licences, newest first'}
            rowKey={(row) => String(row.id)}
            empty={
              filtered ? (
                <p>No licence matches. Check the key (every character counts) or search by the start of the customer&apos;s email.</p>
              ) : (
                <p>No licences yet. They are issued with each order of a licensed product.</p>
              )
            }
          />
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading older licences…' : 'Show older licences'}
              </Button>
            </div>
          )}
        </>
      )}
    </AdminPage>
  );
}

function licenceColumns(): ColumnDef<AdminLicenceRow, unknown>[] {
  return [
    {
      header: 'Key',
      accessorKey: 'key',
      cell: ({ row }) => (
        <Link to={paths.admin.licence.getHref(row.original.id)} className="font-mono font-semibold whitespace-nowrap text-primary underline underline-offset-2">
          {row.original.key}
        </Link>
      ),
    },
    { header: 'Product', accessorKey: 'productName' },
    { header: 'Customer', accessorKey: 'email', cell: ({ row }) => <span className="break-all">{row.original.email}</span> },
    { header: 'Type', accessorKey: 'type', cell: ({ row }) => TYPE_LABELS[row.original.type] },
    { header: 'Status', accessorKey: 'status', cell: ({ row }) => <LicenceStatusBadge status={row.original.status} /> },
    {
      header: 'Computers',
      id: 'computers',
      accessorFn: (row) => row.activeMachines,
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {row.original.activeMachines} of {row.original.seats}
        </span>
      ),
    },
    { header: 'Ends', id: 'expiresAt', accessorFn: (row) => row.expiresAt ?? '', cell: ({ row }) => expiryLabel(row.original.expiresAt) },
    { header: 'Issued', accessorKey: 'createdAt', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
  ];
}
