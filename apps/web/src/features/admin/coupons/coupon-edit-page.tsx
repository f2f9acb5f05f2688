import { useNavigate, useParams } from 'react-router';
import type { CouponFormValues } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminPage } from '../components/admin-page';
import { errorMessage } from '../utils/error-message';
import { CouponForm } from './coupon-form';
import { StatusBadge } from './coupons-page';
import { useCoupon, useCouponList, useSaveCoupon } from './coupons-api';
import { usageLabel } from './coupon-display';

/** /admin/coupons/new and /admin/coupons/{couponId}: the coupon form, empty or with the saved coupon. */
export default function CouponEditPage() {
  const { couponId: param } = useParams();
  const couponId = param === undefined ? null : Number(param);
  if (couponId !== null && !(Number.isInteger(couponId) && couponId > 0)) {
    return (
      <AdminPage title="No such coupon">
        <Alert tone="error">The address names no coupon. Open it from the list of coupons.</Alert>
      </AdminPage>
    );
  }
  return couponId === null ? <NewCoupon /> : <EditCoupon couponId={couponId} />;
}

const backToList = (
  <ButtonLink to={paths.admin.coupons.getHref()} variant="secondary">
    All coupons
  </ButtonLink>
);

function NewCoupon() {
  const list = useCouponList();
  const save = useSaveCoupon(null);
  const navigate = useNavigate();
  const onSave = async (values: CouponFormValues) => {
    const saved = await save.mutateAsync({ values });
    toast({ tone: 'success', title: `${saved.coupon.code} is created`, description: 'Shoppers can use it as soon as its dates allow.' });
    void navigate(paths.admin.coupon.getHref(saved.coupon.id), { replace: true });
    return saved;
  };
  return (
    <AdminPage title="New coupon" description="A code shoppers type in the cart for a discount." actions={backToList}>
      {list.isPending && <Skeleton className="h-96" />}
      {list.isError && (
        <Alert tone="error" title="The form could not be prepared">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && (
        <CouponForm
          coupon={null}
          currency={list.data.currency}
          products={list.data.products}
          saving={save.isPending}
          onSave={onSave}
          onReload={() => void list.refetch()}
        />
      )}
    </AdminPage>
  );
}

function EditCoupon({ couponId }: { couponId: number }) {
  const detail = useCoupon(couponId);
  const save = useSaveCoupon(couponId);
  const coupon = detail.data?.coupon;
  const onSave = async (values: CouponFormValues) => {
    const saved = await save.mutateAsync({ values, version: coupon?.version });
    toast({ tone: 'success', title: `${saved.coupon.code} is saved` });
    return saved;
  };
  return (
    <AdminPage
      title={coupon ? `Coupon ${coupon.code}` : 'Coupon'}
      description={
        coupon && (
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={coupon.status} /> Used {usageLabel(coupon)}
          </span>
        )
      }
      actions={backToList}
    >
      {detail.isPending && <Skeleton className="h-96" />}
      {detail.isError && (
        <Alert tone="error" title="The coupon could not be loaded">
          {errorMessage(detail.error)}
        </Alert>
      )}
      {detail.data && (
        // A new version (saved here or reloaded after a conflict) starts the form afresh from it.
        <CouponForm
          key={detail.data.coupon.version}
          coupon={detail.data.coupon}
          currency={detail.data.currency}
          products={detail.data.products}
          saving={save.isPending}
          onSave={onSave}
          onReload={() => void detail.refetch()}
        />
      )}
    </AdminPage>
  );
}
