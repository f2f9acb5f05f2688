import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminProductDetailSchema, PRODUCT_STATUSES, type AdminProductListItem, type AdminProductQuery } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminApi } from '../api/admin-api-context';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { FormField, inputClasses } from '../components/form-field';
import { ListStatus } from '../components/list-status';
import { FilterForm, SelectFilter, useSearchParamFilters } from '../components/search-filters';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { productsKey, useCategories, useProductList } from './products-api';

const FILTERS = ['search', 'category', 'status', 'deal'] as const;
const STATUS_OPTIONS = [
  { value: 'live', label: 'Live' },
  { value: 'draft', label: 'Drafts' },
];
const DEAL_OPTIONS = [
  { value: 'true', label: 'Deal running now' },
  { value: 'false', label: 'No deal running' },
];

/** The list's filters, read from the address so a filtered list can be bookmarked and shared. */
function filtersOf(params: URLSearchParams): AdminProductQuery {
  const status = params.get('status');
  const deal = params.get('deal');
  return {
    search: params.get('search') ?? undefined,
    category: params.get('category') ?? undefined,
    status: PRODUCT_STATUSES.find((value) => value === status),
    deal: deal === 'true' || deal === 'false' ? deal : undefined,
  };
}

/** /admin/products: every product, live or draft, with filters and what can be done to each. */
export default function ProductsPage() {
  const { params, setFilter } = useSearchParamFilters<(typeof FILTERS)[number]>();
  const filters = filtersOf(params);
  const list = useProductList(filters);
  const categories = useCategories();
  const [confirming, setConfirming] = useState<AdminProductListItem | null>(null);
  const actions = useRowActions(() => setConfirming(null));

  const categoryOptions = categories.data?.categories.map((category) => ({ value: category.name, label: category.name })) ?? [];
  const currency = list.data?.currency ?? 'USD';
  const columns = productColumns(currency, { onDuplicate: (row) => actions.duplicate.mutate(row), onToggleLive: setConfirming, busy: actions.busy });

  return (
    <AdminPage
      title="Products"
      description="Everything the store sells or gives away. Drafts are saved but not shown to shoppers."
      actions={
        <>
          <ButtonLink variant="secondary" to={paths.admin.categories.getHref()}>
            Categories
          </ButtonLink>
          <ButtonLink to={paths.admin.newProduct.getHref()}>New product</ButtonLink>
        </>
      }
    >
      <FilterForm label="Filter the products" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <FormField label="Search">
          {(control) => (
            <input
              {...control}
              type="search"
              className={inputClasses}
              placeholder="Name or path"
              defaultValue={filters.search ?? ''}
              onChange={(event) => setFilter('search', event.target.value)}
            />
          )}
        </FormField>
        <SelectFilter name="category" label="Category" value={filters.category} anyLabel="Every category" options={categoryOptions} onChange={setFilter} />
        <SelectFilter name="status" label="Status" value={filters.status} anyLabel="Live and drafts" options={STATUS_OPTIONS} onChange={setFilter} />
        <SelectFilter name="deal" label="Deal" value={filters.deal} anyLabel="With or without" options={DEAL_OPTIONS} onChange={setFilter} />
      </FilterForm>

      <ListStatus query={list} skeletonClassName="h-64" errorTitle="The products could not be loaded" errorHint="Reload the page to try again." />
      {list.data && (
        <DataTable
          caption="Products"
          columns={columns}
          data={list.data.products}
          rowKey={(row) => String(row.id)}
          empty={
            FILTERS.some((name) => params.get(name)) ? (
              'No product matches these filters.'
            ) : (
              <>
                No products yet. <Link to={paths.admin.newProduct.getHref()}>Add the first one</Link>.
              </>
            )
          }
        />
      )}

      {confirming && (
        <ConfirmDialog
          title={confirming.live ? `Take ${confirming.displayName} offline?` : `Put ${confirming.displayName} on sale?`}
          confirmLabel={confirming.live ? 'Take offline' : 'Go live'}
          confirmVariant={confirming.live ? 'danger' : 'primary'}
          onConfirm={() => actions.toggleLive.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {confirming.live
              ? 'Shoppers stop seeing it within a second. Customers who bought it keep their downloads and licences.'
              : 'Shoppers see it in the store within a second.'}
          </p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function useRowActions(onSettled: () => void) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: productsKey });
  const duplicate = useMutation({
    mutationFn: async (row: AdminProductListItem) => adminProductDetailSchema.parse(await api.send('POST', `/products/${row.id}/duplicate`)),
    onSuccess: async (copy) => {
      toast({ tone: 'success', title: `Copied as ${copy.displayName}`, description: 'The copy is a draft: edit it, then put it live.' });
      await refresh();
      await navigate(paths.admin.product.getHref(copy.id));
    },
    onError: (error) => toast({ tone: 'error', title: 'The product was not copied', description: errorMessage(error) }),
  });
  const toggleLive = useMutation({
    mutationFn: (row: AdminProductListItem) => api.send('POST', `/products/${row.id}/live`, { live: !row.live, version: row.version }),
    onSuccess: (_data, row) => toast({ tone: 'success', title: row.live ? `${row.displayName} is offline` : `${row.displayName} is live` }),
    onError: (error) => toast({ tone: 'error', title: 'Nothing was changed', description: errorMessage(error) }),
    onSettled: async () => {
      onSettled();
      await refresh();
    },
  });
  return { duplicate, toggleLive, busy: duplicate.isPending || toggleLive.isPending };
}

interface RowActions {
  onDuplicate(row: AdminProductListItem): void;
  onToggleLive(row: AdminProductListItem): void;
  busy: boolean;
}

function productColumns(currency: string, actions: RowActions): ColumnDef<AdminProductListItem, unknown>[] {
  return [
    {
      id: 'image',
      header: 'Image',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.imagePath ? (
          <img src={row.original.imagePath} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-md object-cover" />
        ) : (
          <span className="inline-block size-12 rounded-md bg-tertiary" aria-hidden="true" />
        ),
    },
    {
      accessorKey: 'displayName',
      header: 'Name and path',
      cell: ({ row }) => (
        <span className="flex flex-col items-end md:items-start">
          <Link to={paths.admin.product.getHref(row.original.id)} className="font-medium underline-offset-2 hover:underline">
            {row.original.displayName}
          </Link>
          <span className="font-mono text-xs text-secondary">{row.original.path}</span>
        </span>
      ),
    },
    { accessorKey: 'category', header: 'Category' },
    { accessorKey: 'priceMinor', header: 'Price', cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.priceMinor, currency)}</span> },
    {
      id: 'deal',
      header: 'Deal',
      accessorFn: (row) => row.dealActive,
      cell: ({ row }) => <DealBadge item={row.original} currency={currency} />,
    },
    { accessorKey: 'live', header: 'Status', cell: ({ row }) => <StatusBadge live={row.original.live} /> },
    { accessorKey: 'soldCount', header: 'Sold', cell: ({ row }) => <span className="tabular-nums">{row.original.soldCount}</span> },
    {
      accessorKey: 'updatedAt',
      header: 'Updated',
      cell: ({ row }) => <time dateTime={row.original.updatedAt}>{formatDateTime(row.original.updatedAt)}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex flex-wrap justify-end gap-1 md:flex-col md:items-stretch">
          <ButtonLink size="sm" variant="secondary" to={paths.admin.product.getHref(row.original.id)} aria-label={`Edit ${row.original.displayName}`}>
            Edit
          </ButtonLink>
          <ButtonLink size="sm" variant="ghost" to={paths.admin.releases.getHref(row.original.id)} aria-label={`Releases of ${row.original.displayName}`}>
            Releases
          </ButtonLink>
          <Button
            size="sm"
            variant="ghost"
            disabled={actions.busy}
            onClick={() => actions.onDuplicate(row.original)}
            aria-label={`Duplicate ${row.original.displayName}`}
          >
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={actions.busy}
            onClick={() => actions.onToggleLive(row.original)}
            aria-label={`${row.original.live ? 'Take offline' : 'Go live'}: ${row.original.displayName}`}
          >
            {row.original.live ? 'Take offline' : 'Go live'}
          </Button>
        </span>
      ),
    },
  ];
}

function DealBadge({ item, currency }: { item: AdminProductListItem; currency: string }) {
  if (!item.deal) return <span className="text-secondary">—</span>;
  const amount = item.deal.kind === 'percent' ? `${item.deal.percent}% off` : `${formatMoney(item.deal.amountMinor, currency)} off`;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${item.dealActive ? 'bg-success/15 text-success' : 'bg-tertiary text-secondary'}`}
    >
      {amount}
      {item.dealActive ? '' : ' (not running)'}
    </span>
  );
}

function StatusBadge({ live }: { live: boolean }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${live ? 'bg-primary/10 text-primary' : 'bg-tertiary text-secondary'}`}>
      {live ? 'Live' : 'Draft'}
    </span>
  );
}
