import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COUPON_STATUSES, type AdminCoupon, type CouponStatus } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminPage } from '../components/admin-page';
import { DataTable } from '../components/data-table';
import { inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { appliesToLabel, datesLabel, discountLabel, STATUS_BADGE_CLASSES, STATUS_LABELS, usageLabel } from './coupon-display';
import { useCouponList, useExpireCoupon } from './coupons-api';

type StatusFilter = CouponStatus | 'all';

/** /admin/coupons: every promo code with what it does now; filter by status, create, edit, expire. */
export default function CouponsPage() {
  const list = useCouponList();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [expiring, setExpiring] = useState<AdminCoupon | null>(null);
  const expire = useExpireCoupon();
  const filterId = useId();

  const currency = list.data?.currency ?? 'USD';
  const columns = useMemo(() => couponColumns(currency, setExpiring), [currency]);
  const shown = useMemo(() => (list.data?.coupons ?? []).filter((coupon) => filter === 'all' || coupon.status === filter), [list.data, filter]);

  const confirmExpire = (coupon: AdminCoupon) =>
    expire.mutate(coupon.id, {
      onSuccess: () => toast({ tone: 'success', title: `${coupon.code} has expired`, description: 'Shoppers can no longer use it.' }),
      onError: (error) => toast({ tone: 'error', title: `${coupon.code} was not expired`, description: errorMessage(error) }),
      onSettled: () => setExpiring(null),
    });

  return (
    <AdminPage
      title="Coupons"
      description="Promo codes shoppers type in the cart. A used coupon keeps its code and discount; expire it and create a new one to change them."
      actions={<ButtonLink to={paths.admin.newCoupon.getHref()}>New coupon</ButtonLink>}
    >
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={filterId} className="text-sm font-semibold text-primary">
          Show
        </label>
        <select id={filterId} className={inputClasses} value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
          <option value="all">All coupons{list.data ? ` (${list.data.coupons.length})` : ''}</option>
          {COUPON_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
              {list.data ? ` (${list.data.coupons.filter((coupon) => coupon.status === status).length})` : ''}
            </option>
          ))}
        </select>
      </div>
      {list.isPending && <Skeleton className="h-40" />}
      {list.isError && (
        <Alert tone="error" title="The coupons could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <DataTable
          columns={columns}
          data={shown}
          caption="Coupons"
          rowKey={(coupon) => String(coupon.id)}
          empty={
            filter === 'all' ? <p>No coupons yet. Create one to give shoppers a code.</p> : <p>No coupon is {STATUS_LABELS[filter].toLowerCase()} right now.</p>
          }
        />
      )}
      {expiring && (
        <ConfirmDialog
          title={`Expire ${expiring.code}?`}
          confirmLabel={expire.isPending ? 'Expiring…' : 'Expire now'}
          onConfirm={() => confirmExpire(expiring)}
          onCancel={() => setExpiring(null)}
        >
          <p>Its end date becomes now: shoppers can no longer use it. Orders that used it keep their discount, and you can give it a later end date again.</p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function couponColumns(currency: string, onExpire: (coupon: AdminCoupon) => void): ColumnDef<AdminCoupon, unknown>[] {
  return [
    {
      header: 'Code',
      accessorKey: 'code',
      cell: ({ row }) => (
        <Link to={paths.admin.coupon.getHref(row.original.id)} className="font-mono font-semibold text-primary underline-offset-2 hover:underline">
          {row.original.code}
        </Link>
      ),
    },
    { header: 'Discount', id: 'discount', accessorFn: (coupon) => discountLabel(coupon, currency) },
    { header: 'Applies to', id: 'appliesTo', accessorFn: appliesToLabel, enableSorting: false },
    { header: 'Dates', id: 'dates', accessorFn: datesLabel, enableSorting: false },
    {
      header: 'Usage',
      id: 'usage',
      accessorFn: (coupon) => coupon.uses,
      cell: ({ row }) => <span className="whitespace-nowrap">{usageLabel(row.original)}</span>,
    },
    { header: 'Status', accessorKey: 'status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      header: 'Actions',
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="inline-flex gap-2">
          <ButtonLink to={paths.admin.coupon.getHref(row.original.id)} variant="secondary" size="sm" aria-label={`Edit ${row.original.code}`}>
            Edit
          </ButtonLink>
          {row.original.status !== 'expired' && (
            <Button variant="ghost" size="sm" onClick={() => onExpire(row.original)} aria-label={`Expire ${row.original.code}`}>
              Expire
            </Button>
          )}
        </span>
      ),
    },
  ];
}

export function StatusBadge({ status }: { status: CouponStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE_CLASSES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
