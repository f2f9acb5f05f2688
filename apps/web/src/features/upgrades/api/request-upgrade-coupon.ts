import type { UpgradeCouponRequest, UpgradeCouponResponse } from '@store/contracts/licensing';
import { isRecord } from '@store/contracts/is-record';
import { apiPost } from '#web/lib/api-client.ts';

/**
 * `POST /api/licensing/upgrade-coupons`: an old licence key for a one-time coupon on the product
 * (docs/behaviour/upgrades.md). Asking again for the same key gives the same coupon. A refusal
 * throws the `ApiError` whose `serverMessage` (and `fields.legacyKey`) says what to do.
 */
export async function requestUpgradeCoupon(request: UpgradeCouponRequest, signal?: AbortSignal): Promise<UpgradeCouponResponse> {
  return readCoupon(await apiPost('/api/licensing/upgrade-coupons', request, { signal }));
}

export const INVALID_UPGRADE_ANSWER = 'The upgrade answer was not in the expected format';

/** Read by hand: the product page's chunk stays free of the schema library. */
function readCoupon(body: unknown): UpgradeCouponResponse {
  if (
    !isRecord(body) ||
    typeof body.couponCode !== 'string' ||
    body.couponCode === '' ||
    typeof body.percentOff !== 'number' ||
    typeof body.fromName !== 'string' ||
    typeof body.product !== 'string'
  ) {
    throw new Error(INVALID_UPGRADE_ANSWER);
  }
  return { couponCode: body.couponCode, percentOff: body.percentOff, fromName: body.fromName, product: body.product };
}
