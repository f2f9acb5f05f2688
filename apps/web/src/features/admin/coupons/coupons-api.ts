import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { couponDetailSchema, couponListSchema, type CouponDetail, type CouponFormValues } from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const couponsKey = ['admin', 'coupons'] as const;
const couponKey = (couponId: number) => [...couponsKey, couponId] as const;

/** Every coupon, with the store currency and the products a coupon can name. */
export function useCouponList() {
  const api = useAdminApi();
  return useQuery({
    queryKey: couponsKey,
    queryFn: async ({ signal }) => couponListSchema.parse(await api.get('/coupons', signal)),
  });
}

export function useCoupon(couponId: number | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: couponKey(couponId ?? 0),
    enabled: couponId !== null,
    queryFn: async ({ signal }) => couponDetailSchema.parse(await api.get(`/coupons/${couponId}`, signal)),
  });
}

/** Creates (no `couponId`) or saves a coupon; the list and the coupon are fetched again afterwards. */
export function useSaveCoupon(couponId: number | null) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, version }: { values: CouponFormValues; version?: number }): Promise<CouponDetail> =>
      couponDetailSchema.parse(
        couponId === null ? await api.send('POST', '/coupons', values) : await api.send('PUT', `/coupons/${couponId}`, { ...values, version }),
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(couponKey(detail.coupon.id), detail);
      return queryClient.invalidateQueries({ queryKey: couponsKey, exact: true });
    },
  });
}

export function useExpireCoupon() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (couponId: number) => couponDetailSchema.parse(await api.send('POST', `/coupons/${couponId}/expire`)),
    onSuccess: (detail) => {
      queryClient.setQueryData(couponKey(detail.coupon.id), detail);
      return queryClient.invalidateQueries({ queryKey: couponsKey, exact: true });
    },
  });
}
