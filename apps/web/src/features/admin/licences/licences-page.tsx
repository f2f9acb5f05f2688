import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LICENCE_DESK_STATUSES, LICENCE_TYPES, type AdminLicenceRow } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { FormField, inputClasses } from '../components/form-field';
import { ListStatus, LoadMoreButton } from '../components/list-status';
import { FilterForm, optionsOf, SelectFilter, useSearchParamFilters } from '../components/search-filters';
import { EmailAddress } from '../components/email-address';
import { formatDate, formatDateTime } from '../utils/format';
import { ProductFilter } from '../products/product-filter';
import { expiryLabel, LicenceStatusBadge, STATUS_LABELS, TYPE_LABELS } from './licence-display';
import { useLicenceList, type LicenceFilters } from './licences-api';

const STATUS_OPTIONS = optionsOf(LICENCE_DESK_STATUSES, STATUS_LABELS);
const TYPE_OPTIONS = optionsOf(LICENCE_TYPES, TYPE_LABELS);

/** /admin/licences: find a licence by its key or the customer's email, filter, open it. */
export default function LicencesPage() {
  const { params, setFilter } = useSearchParamFilters<keyof LicenceFilters>();
  const filters: LicenceFilters = {
    q: params.get('q') ?? undefined,
    productId: params.get('productId') ?? undefined,
    status: params.get('status') ?? undefined,
    type: params.get('type') ?? undefined,
  };
  const [text, setText] = useState(filters.q ?? '');
  const list = useLicenceList(filters);
  const columns = useMemo(() => licenceColumns(), []);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.licences) ?? [], [list.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', text.trim(), { replace: false });
  };
  const filtered = Boolean(filters.q || filters.productId || filters.status || filters.type);

  return (
    <AdminPage
      title="Licences"
      description="Answer a licence ticket: find the key or the customer, see its computers and history, free a computer, revoke, restore or extend a trial."
      actions={<ButtonLink to={paths.admin.newComplimentaryLicence.getHref()}>Issue complimentary licence</ButtonLink>}
    >
      <FilterForm label="Licences" onSubmit={submit} className="flex flex-col gap-3 md:flex-row md:items-end">
        <FormField label="Licence key or email" className="min-w-0 flex-1">
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
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
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <ProductFilter name="productId" className="col-span-2 md:w-48" value={filters.productId} onChange={setFilter} />
          <SelectFilter name="status" label="Status" value={filters.status} anyLabel="Any status" options={STATUS_OPTIONS} onChange={setFilter} />
          <SelectFilter name="type" label="Type" value={filters.type} anyLabel="Any type" options={TYPE_OPTIONS} onChange={setFilter} />
        </div>
      </FilterForm>
      <ListStatus query={list} skeletonClassName="h-40" errorTitle="The licences could not be loaded" />
      {list.data && (
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
      )}
      <LoadMoreButton query={list} label="Show older licences" loadingLabel="Loading older licences…" align="center" />
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
    { header: 'Customer', accessorKey: 'email', cell: ({ row }) => <EmailAddress email={row.original.email} /> },
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
    {
      header: 'Issued',
      accessorKey: 'createdAt',
      cell: ({ row }) => (
        <time dateTime={row.original.createdAt} title={formatDateTime(row.original.createdAt)} className="whitespace-nowrap">
          {formatDate(row.original.createdAt)}
        </time>
      ),
    },
  ];
}
