import { ANALYTICS_PRODUCT_PROP } from '@store/contracts/analytics-props';
import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { track } from '#web/lib/analytics.ts';
import { ProductCartButton } from '../features/cart/components/product-cart-button';
import type { RenderProductAction } from '../features/catalog/types';
import type { RenderLyraProductAction } from '../features/lyra/types';
import { selectCartReady, usePaymentsActions, usePaymentsSelector } from '../features/payments/payments-provider';

/**
 * A product card's or page's cart button, wired to the payment provider's cart. It
 * subscribes to its own product's quantity only: a grid of cards re-renders one button per
 * cart change, and the provider becoming ready re-renders the buttons, not the page.
 */
function ProductCartAction({
  product,
  trial = false,
  className,
}: {
  product: Pick<NormalizedProduct, 'path' | 'display'>;
  trial?: boolean;
  className?: string;
}) {
  const { add, remove } = usePaymentsActions();
  const ready = usePaymentsSelector(selectCartReady);
  const quantity = usePaymentsSelector((state) => state.cart.items.find((line) => line.path === product.path)?.quantity ?? 0);
  return (
    <ProductCartButton
      productName={product.display}
      ready={ready}
      quantity={quantity}
      onAdd={() => add(product.path).then((added) => (added && countAdd(product.path, trial), added))}
      onRemove={() => remove(product.path)}
      className={className}
    />
  );
}

/** A product the shopper put in the cart; taking a free trial is also the start of its download. */
function countAdd(path: string, trial: boolean) {
  track('add_to_cart', { [ANALYTICS_PRODUCT_PROP]: path });
  if (trial) track('trial_download', { [ANALYTICS_PRODUCT_PROP]: path });
}

/** `renderAction` for ProductGrid and ProductPage (docs/decisions/0005-web-app-structure.md). */
export const renderProductCartAction: RenderProductAction = (product, options) => <ProductCartAction product={product} trial={options?.trial} />;

/**
 * The same button for a product Lyra suggests (it knows the product's path and name only), as wide
 * as its label: stretched across /lyra's wide conversation, three of them outshone the answer.
 */
export const renderLyraProductAction: RenderLyraProductAction = (product) => <ProductCartAction product={product} className="w-auto" />;
