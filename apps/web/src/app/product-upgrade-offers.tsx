import type { UpgradeCouponResponse } from '@store/contracts/licensing';
import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import type { UpgradeOffer } from '@store/contracts';
import { paths } from '@store/contracts/paths';
import type { RenderUpgradeOffers } from '../features/catalog/types';
import { selectCartReady, usePayments } from '../features/payments/payments-provider';
import { UpgradeOfferForm, type AcceptResult } from '../features/upgrades/components/upgrade-offer-form';
import { toChangeResult } from './cart-results';

/** The upgrade form on a product page, putting the product and its upgrade coupon in the payment provider's cart. */
function ProductUpgradeOffers({ product, offers }: { product: NormalizedProduct; offers: UpgradeOffer[] }) {
  const payments = usePayments();
  const accept = async (coupon: UpgradeCouponResponse): Promise<AcceptResult> => {
    if (!selectCartReady(payments)) return { ok: false, message: 'The cart is still loading.' };
    const inCart = payments.getCart().items.some((line) => line.path === product.path);
    if (!inCart && !(await payments.add(product.path))) return toChangeResult(false, payments.getLastFailure());
    return toChangeResult(await payments.applyCoupon(coupon.couponCode), payments.getLastFailure());
  };
  return <UpgradeOfferForm productPath={product.path} productName={product.display} offers={offers} onAccepted={accept} cartHref={paths.cart.getHref()} />;
}

/** `renderUpgradeOffers` for ProductPage (docs/decisions/0005-web-app-structure.md: the route composes features). */
export const renderProductUpgradeOffers: RenderUpgradeOffers = (product, offers) => <ProductUpgradeOffers product={product} offers={offers} />;
